// Placeholder: being written.
@main
struct FuzzMain { static func main() {} }

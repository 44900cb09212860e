import ArgumentParser

struct Outline: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the sectioned outline of a file.")

    @Argument(help: "The file to outline.")
    var file: String

    func run() throws {
        throw CommandFailure("outline is not built yet")
    }
}

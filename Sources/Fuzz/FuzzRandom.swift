/// A small, fast, seedable generator (SplitMix64): the driver's whole run follows from its seed.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 ..< n (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// True with probability `percent` / 100.
    mutating func percent(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A small count, mostly near `typical`, sometimes up to `max`.
    mutating func count(typical: Int, max: Int) -> Int {
        percent(90) ? below(typical + 1) : below(max + 1)
    }
}

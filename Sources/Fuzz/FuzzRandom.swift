import SeededRandom

/// The driver's generator (SplitMix64) with the choices it makes: the whole run follows from its seed.
struct FuzzRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

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

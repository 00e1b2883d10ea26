/// A small, fast, seeded random number generator (SplitMix64), the same on every platform: for
/// the profiles' generators and for tests that draw inputs.
package struct SplitMix64 {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A float in [0, 1).
    package mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}

import Foundation

/// How many random cases each property runs: a bounded budget by default (CI), more with
/// DYNAMICS_PROPERTY_CASES=N for a long run.
let propertyCases: Int = ProcessInfo.processInfo.environment["DYNAMICS_PROPERTY_CASES"].flatMap(Int.init) ?? 25

/// A small deterministic generator, seeded by the property's input.
struct Dice {
    var state: UInt64
    init(_ seed: Int) { state = UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

import Testing
@testable import DynamicsCore

@Suite("Sorting keys")
struct SortTests {
    /// Keys of several shapes, from a seeded generator.
    static func keys(count: Int, seed: UInt64, kind: Int) -> [UInt64] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
        return (0..<count).map { _ in
            switch kind {
            case 0: return next()  // every byte varies
            case 1: return PairTable.key(Int32(next() % 3_000), Int32(next() % 3_000))  // pair keys of few shapes
            case 2: return next() % 5  // many equal keys
            default: return next() & 0xFF00_0000_00FF_0000  // only two bytes vary
            }
        }
    }

    /// The radix sort gives the standard library's order for sizes around its switch to the
    /// heapsort, for keys whose bytes all vary, pair keys, many duplicates and keys sharing most
    /// bytes (whose passes it skips); and it keeps giving it when its scratch is reused.
    @Test("the radix sort orders keys as the standard library does")
    func radixMatchesStandardSort() {
        var sorter = RadixSorter()
        for count in [0, 1, 2, RadixSorter.smallCount, RadixSorter.smallCount + 1, 257, 3_000, 40] {
            for kind in 0..<4 {
                var keys = Self.keys(count: count, seed: UInt64(count * 31 + kind), kind: kind)
                let expected = keys.sorted()
                keys.withUnsafeMutableBufferPointer { sorter.sort($0) }
                let wrong = keys.indices.first { keys[$0] != expected[$0] }
                #expect(wrong == nil, "\(count) keys of kind \(kind): first out of place at \(wrong ?? -1)")
            }
        }
    }

    /// The heapsort that short runs and the locality pass use.
    @Test("the heapsort orders keys as the standard library does")
    func heapsortMatchesStandardSort() {
        for count in [0, 1, 2, 3, 100, 1_000] {
            for kind in 0..<4 {
                var keys = Self.keys(count: count, seed: UInt64(count + kind), kind: kind)
                let expected = keys.sorted()
                keys.withUnsafeMutableBufferPointer { sortInPlace($0) }
                let wrong = keys.indices.first { keys[$0] != expected[$0] }
                #expect(wrong == nil, "\(count) keys of kind \(kind): first out of place at \(wrong ?? -1)")
            }
        }
    }
}

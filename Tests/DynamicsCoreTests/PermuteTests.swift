import Testing
@testable import DynamicsCore

@Suite("Permuting in place")
struct PermuteTests {
    /// A permutation of `0..<count` of the given shape, from a seeded generator.
    static func order(count: Int, seed: UInt64, kind: Int) -> [Int32] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var order = (0..<count).map(Int32.init)
        switch kind {
        case 0:  // shuffled: a few long cycles
            for i in stride(from: count - 1, to: 0, by: -1) { order.swapAt(i, next(i + 1)) }
        case 1:  // neighbours swapped here and there: two-cycles among fixed points
            var i = 0
            while i + 1 < count {
                if next(3) == 0 { order.swapAt(i, i + 1) }
                i += 2
            }
        case 2:  // one cycle through everything
            for i in 0..<count { order[i] = Int32((i + 1) % count) }
        default:  // the identity
            break
        }
        return order
    }

    /// Every position ends up with what was at `order[i]`, whatever the cycles, with each element
    /// moved as a whole (two fields that must stay together); short permutations cover walks
    /// shorter than the prefetch distance.
    @Test("position i ends with what was at order[i], for shuffles, swaps, one long cycle and the identity")
    func permutes() {
        for count in [1, 2, 3, permutePrefetchDistance, permutePrefetchDistance + 1, 1_000, 5_000] {
            for kind in 0..<4 {
                let order = Self.order(count: count, seed: UInt64(count * 7 + kind), kind: kind)
                var first = (0..<count).map { Int32($0) * 3 }
                var second = (0..<count).map { -Int32($0) }
                var scratch = order
                var walk = [Int32](repeating: 0, count: count)
                var prefetched = 0
                first.withUnsafeMutableBufferPointer { a in
                    second.withUnsafeMutableBufferPointer { b in
                        scratch.withUnsafeMutableBufferPointer { o in
                            walk.withUnsafeMutableBufferPointer { w in
                                var held = (a[0], b[0])
                                permuteInPlace(o.baseAddress!, count: count, walk: w.baseAddress!,
                                               prefetch: { i in
                                                   precondition(i >= 0 && i < count)
                                                   prefetched += 1
                                               },
                                               stash: { held = (a[$0], b[$0]) },
                                               move: { a[$1] = a[$0]; b[$1] = b[$0] },
                                               restore: { a[$0] = held.0; b[$0] = held.1 })
                            }
                        }
                    }
                }
                let wrong = (0..<count).first { first[$0] != order[$0] * 3 || second[$0] != -order[$0] }
                #expect(wrong == nil, "\(count) elements, kind \(kind): first wrong at \(wrong ?? -1)")
                let moved = (0..<count).count { order[$0] != Int32($0) }
                #expect(prefetched == max(0, moved - permutePrefetchDistance),
                        "\(count) elements, kind \(kind): \(prefetched) prefetches for \(moved) moved")
            }
        }
    }
}

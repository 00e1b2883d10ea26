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

    /// Two columns moved together, counting the prefetches.
    struct TwoColumns: CycleElements {
        let first: UnsafeMutablePointer<Int32>, second: UnsafeMutablePointer<Int32>
        let count: Int
        /// Counts the prefetches, where given (one thread only).
        let prefetches: UnsafeMutablePointer<Int>?
        struct Held: BitwiseCopyable { var first: Int32, second: Int32 }
        func prefetch(_ i: Int) {
            precondition(i >= 0 && i < count)
            prefetches?.pointee += 1
        }
        func load(_ i: Int) -> Held { Held(first: first[i], second: second[i]) }
        func store(_ held: Held, at i: Int) { first[i] = held.first; second[i] = held.second }
        func move(from: Int, to: Int) { first[to] = first[from]; second[to] = second[from] }
    }

    /// Applies `order` to two columns cut into `pieces` pieces (nil: as many as the pass would
    /// cut), running the pieces in the order `sequence` gives, or shared by `pool`'s workers;
    /// returns the columns and the prefetch count (on one thread only).
    static func permuted(_ order: [Int32], pieces: Int?, sequence: ([Int]) -> [Int] = { $0 },
                         pool: WorkerPool? = nil) -> ([Int32], [Int32], Int) {
        let count = order.count
        var first = (0..<count).map { Int32($0) * 3 }
        var second = (0..<count).map { -Int32($0) }
        var scratch = order
        var walk = [Int32](repeating: 0, count: count)
        var prefetches = 0
        first.withUnsafeMutableBufferPointer { a in
            second.withUnsafeMutableBufferPointer { b in
                scratch.withUnsafeMutableBufferPointer { o in
                    walk.withUnsafeMutableBufferPointer { w in
                        let length = writeCycles(of: o.baseAddress!, count: count, into: w.baseAddress!)
                        guard length > 0 else { return }
                        let pieceCount = pieces ?? CyclePieces<TwoColumns>.pieceCount(length: length)
                        var saved = [TwoColumns.Held](repeating: TwoColumns.Held(first: 0, second: 0), count: 2 * pieceCount)
                        saved.withUnsafeMutableBufferPointer { s in
                            withUnsafeMutablePointer(to: &prefetches) { counter in
                                let kernel = CyclePieces(elements: TwoColumns(first: a.baseAddress!, second: b.baseAddress!,
                                                                              count: count, prefetches: pool == nil ? counter : nil),
                                                         walk: UnsafePointer(w.baseAddress!), length: length,
                                                         pieceCount: pieceCount, saved: s.baseAddress!)
                                kernel.saveCuts()
                                if let pool {
                                    let task = KernelTask<CyclePieces<TwoColumns>>()
                                    task.kernel = kernel
                                    pool.run(task, count: pieceCount, minimumChunk: 1)
                                } else {
                                    for q in sequence(Array(0..<pieceCount)) { kernel.run(q..<q + 1) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (first, second, prefetches)
    }

    /// Every position ends up with what was at `order[i]`, whatever the cycles, with each element
    /// moved as a whole (two fields that must stay together); short permutations cover walks
    /// shorter than the prefetch distance.
    @Test("position i ends with what was at order[i], for shuffles, swaps, one long cycle and the identity")
    func permutes() {
        for count in [1, 2, 3, permutePrefetchDistance, permutePrefetchDistance + 1, 1_000, 5_000] {
            for kind in 0..<4 {
                let order = Self.order(count: count, seed: UInt64(count * 7 + kind), kind: kind)
                let (first, second, prefetched) = Self.permuted(order, pieces: 1)
                let wrong = (0..<count).first { first[$0] != order[$0] * 3 || second[$0] != -order[$0] }
                #expect(wrong == nil, "\(count) elements, kind \(kind): first wrong at \(wrong ?? -1)")
                let moved = (0..<count).count { order[$0] != Int32($0) }
                #expect(prefetched == max(0, moved - permutePrefetchDistance),
                        "\(count) elements, kind \(kind): \(prefetched) prefetches for \(moved) moved")
            }
        }
    }

    /// Cut into pieces, the walk's cuts fall inside cycles (a shuffle's longest, the one cycle
    /// through everything) and at their starts (swaps), and a piece may run before or after the
    /// pieces around it (on another thread it may run at the same time); every position still ends
    /// up with what was at `order[i]`. Without the values kept aside at the cuts, the pieces run
    /// backwards read what the next piece has already written.
    @Test("cut into pieces run in any order, the permutation is the same")
    func piecesInAnyOrder() {
        for count in [2, 17, 1_000, 5_000, 40_000] {
            for kind in 0..<4 {
                let order = Self.order(count: count, seed: UInt64(count * 13 + kind), kind: kind)
                for pieces in [nil, 2, 3, 7, 16] as [Int?] {
                    for backwards in [false, true] {
                        let (first, second, _) = Self.permuted(order, pieces: pieces,
                                                               sequence: { backwards ? $0.reversed() : $0 })
                        let wrong = (0..<count).first { first[$0] != order[$0] * 3 || second[$0] != -order[$0] }
                        #expect(wrong == nil, "\(count) elements, kind \(kind), \(pieces ?? -1) pieces, backwards \(backwards): first wrong at \(wrong ?? -1)")
                    }
                }
            }
        }
        // The pass cuts a long walk into several pieces, at most its maximum.
        #expect(CyclePieces<TwoColumns>.pieceCount(length: 40_000) == 9)
        #expect(CyclePieces<TwoColumns>.pieceCount(length: 10_000_000) == CyclePieces<TwoColumns>.maximumPieceCount)
        #expect(CyclePieces<TwoColumns>.pieceCount(length: 100) == 1)
    }

    /// The pass's own way: the pieces shared by two and by three workers, which may run pieces next
    /// to each other at the same time.
    @Test("pieces shared by worker threads give the same permutation", arguments: [2, 3])
    func piecesOnWorkers(workers: Int) {
        let pool = WorkerPool(workerCount: workers)
        defer { pool.shutdown() }
        for kind in 0..<4 {
            let order = Self.order(count: 60_000, seed: UInt64(kind + 101), kind: kind)
            let (first, second, _) = Self.permuted(order, pieces: nil, pool: pool)
            let wrong = order.indices.first { first[$0] != order[$0] * 3 || second[$0] != -order[$0] }
            #expect(wrong == nil, "\(workers) workers, kind \(kind): first wrong at \(wrong ?? -1)")
        }
    }
}

import Testing
@testable import DynamicsCore

@Suite("Spatial hash")
struct SpatialHashTests {
    /// 300 proxies of 1×1 to 3×3 cells wander by random steps: some stay, some cross one cell
    /// line, some jump far (their old and new cells disjoint), moved with `move`, or removed and
    /// inserted again. After every round, each query must return exactly the proxies whose
    /// ranges meet it, each once, as a brute force over the ranges says; and a query with boxes
    /// returns, in the same order, those of them whose boxes overlap; `CellRuns` built from the
    /// grid return the same set.
    @Test("insert, move and remove keep queries (chains and runs) equal to a brute-force overlap test")
    func matchesBruteForce() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32((seed >> 33) % UInt64(n))
        }
        func randomRange(near x: Int32, _ y: Int32) -> CellRange {
            CellRange(minX: x, minY: y, maxX: x + next(3), maxY: y + next(3))
        }
        // A small table, so that chains are long and shared, and the table grows on the way.
        var grid = SpatialHash(cellSize: 1, bucketCount: 16)
        let count = 300
        var ranges = (0..<count).map { _ in randomRange(near: next(40) - 20, next(40) - 20) }
        for p in 0..<count { grid.insert(Int32(p), ranges[p]) }
        var runs = CellRuns()
        for _ in 0..<40 {
            for p in 0..<count {
                let r = ranges[p]
                let new: CellRange
                switch next(4) {
                case 0: continue
                case 1: new = randomRange(near: r.minX + next(3) - 1, r.minY + next(3) - 1)
                case 2: new = randomRange(near: next(40) - 20, next(40) - 20)
                default:
                    new = randomRange(near: r.minX + next(3) - 1, r.minY + next(3) - 1)
                    grid.remove(Int32(p), r)
                    grid.insert(Int32(p), new)
                    ranges[p] = new
                    continue
                }
                grid.move(Int32(p), from: r, to: new)
                ranges[p] = new
            }
            #expect(grid.liveNodes == ranges.reduce(0) { $0 + $1.cellCount })
            let stale = runs.isCurrent(for: grid)
            #expect(!stale, "runs built before the round's moves still count as current")
            for _ in 0..<20 {
                let minX = next(44) - 22, minY = next(44) - 22
                let box = CellRange(minX: minX, minY: minY, maxX: minX + next(6), maxY: minY + next(6))
                var found = Column<Int32>()
                ranges.withUnsafeBufferPointer { grid.query(box, proxyCells: $0.baseAddress!, into: &found) }
                let got = (0..<found.count).map { Int(found[$0]) }.sorted()
                let expected = (0..<count).filter { p in
                    let r = ranges[p]
                    return r.minX <= box.maxX && box.minX <= r.maxX && r.minY <= box.maxY && box.minY <= r.maxY
                }
                #expect(got == expected, "query \(box)")

                // With boxes inside those cells: only the proxies whose boxes overlap the query's.
                let boxes = ranges.map { Self.box(in: $0, Float(next(100)) / 100, Float(next(100)) / 100) }
                let queryBox = Self.box(in: box, Float(next(100)) / 100, Float(next(100)) / 100)
                var overlapping = Column<Int32>()
                ranges.withUnsafeBufferPointer { cells in
                    boxes.withUnsafeBufferPointer { b in
                        grid.query(box, overlapping: queryBox, boxes: b.baseAddress!, proxyCells: cells.baseAddress!,
                                   into: &overlapping)
                    }
                }
                let kept = (0..<found.count).map { Int(found[$0]) }.filter { queryBox.overlaps(boxes[$0]) }
                #expect((0..<overlapping.count).map { Int(overlapping[$0]) } == kept, "query \(box) with \(queryBox)")

                // The runs give the same set (in bucket order); a NaN box overlaps everything, as
                // `AABB.overlaps` says.
                var runBoxes = boxes
                runBoxes[0] = AABB(lower: Vec2(.nan, .nan), upper: Vec2(.nan, .nan))
                var fromRuns = Column<Int32>(capacity: 1)
                ranges.withUnsafeBufferPointer { cells in
                    runBoxes.withUnsafeBufferPointer { b in
                        runs.build(grid, boxes: b.baseAddress!)
                        runs.query(box, overlapping: queryBox, proxyCells: cells.baseAddress!, into: &fromRuns)
                    }
                }
                let current = runs.isCurrent(for: grid)
                #expect(current)
                let keptWithNaN = (0..<found.count).map { Int(found[$0]) }.filter { queryBox.overlaps(runBoxes[$0]) }
                #expect((0..<fromRuns.count).map { Int(fromRuns[$0]) }.sorted() == keptWithNaN.sorted(),
                        "runs query \(box) with \(queryBox)")
            }
        }
    }

    /// Cell coordinates are ⌊x / cell size⌋ clamped to ±1e9: at and around cell lines, for
    /// negative values, past the clamp, and for infinities and NaN.
    @Test("cell coordinates round down and clamp")
    func cellCoordinates() {
        let grid = SpatialHash(cellSize: 0.5)
        var values: [Float] = [0, -0, 0.5, -0.5, 0.25, -0.25, 1e-30, -1e-30, 7.75, -7.75, 123_456.5, -123_456.7,
                               4e8, -4e8, 6e8, -6e8, 1e12, -1e12, .infinity, -.infinity, .nan,
                               .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        for k in -40...40 {
            let x = Float(k) * 0.5
            values += [x, x.nextUp, x.nextDown]
        }
        // The four corners' coordinates are converted together, so each lane gets its own value.
        for (i, x) in values.enumerated() {
            let y = values[(i * 7 + 3) % values.count]
            let range = grid.cellRange(AABB(lower: Vec2(x, -x), upper: Vec2(y, -y)))
            for (value, cell) in [(x, range.minX), (-x, range.minY), (y, range.maxX), (-y, range.maxY)] {
                let expected = Int32(max(-1.0e9, min(1.0e9, (value / 0.5).rounded(.down))))
                #expect(cell == expected, "\(value)")
            }
        }
    }

    /// A box (cell size 1) whose cells are `range`: its corners `lower` and `upper` of the way into
    /// the first and last cells.
    static func box(in range: CellRange, _ lower: Float, _ upper: Float) -> AABB {
        AABB(lower: Vec2(Float(range.minX) + lower, Float(range.minY) + lower),
             upper: Vec2(Float(range.maxX) + upper, Float(range.maxY) + upper))
    }

    /// Queries visit only the cells where proxies were linked: a grid emptied and filled again
    /// elsewhere, and queries reaching into, across and past the filled region, still return
    /// exactly the proxies they meet.
    @Test("queries clipped to the occupied cells find the same proxies")
    func occupiedRegion() {
        var grid = SpatialHash(cellSize: 1, bucketCount: 16)
        var ranges = (0..<10).map { i in CellRange(minX: Int32(i) * 3, minY: 0, maxX: Int32(i) * 3 + 1, maxY: 1) }
        for (p, r) in ranges.enumerated() { grid.insert(Int32(p), r) }
        for (p, r) in ranges.enumerated() { grid.remove(Int32(p), r) }
        #expect(grid.liveNodes == 0)
        // Refilled far away: the old region is empty now.
        ranges = (0..<10).map { i in CellRange(minX: -50, minY: Int32(i) * 2, maxX: -49, maxY: Int32(i) * 2 + 2) }
        for (p, r) in ranges.enumerated() { grid.insert(Int32(p), r) }
        func query(_ box: CellRange) -> [Int] {
            var found = Column<Int32>()
            ranges.withUnsafeBufferPointer { grid.query(box, proxyCells: $0.baseAddress!, into: &found) }
            return (0..<found.count).map { Int(found[$0]) }.sorted()
        }
        #expect(query(CellRange(minX: 0, minY: 0, maxX: 30, maxY: 2)).isEmpty, "the emptied region")
        #expect(query(CellRange(minX: -60, minY: -5, maxX: 40, maxY: 30)) == Array(0..<10), "across everything")
        #expect(query(CellRange(minX: -49, minY: 5, maxX: 10, maxY: 6)) == [2, 3], "from inside to past the edge")
        #expect(query(CellRange(minX: -48, minY: 0, maxX: -40, maxY: 30)).isEmpty, "beside it")
    }

    /// Hundreds of proxies crowd into a few cells, so that chains grow long, then leave in a
    /// scrambled order and come back: every query in between returns exactly the proxies present,
    /// each once, and an emptied grid holds nothing.
    @Test("crowded cells fill, thin out and empty without losing a proxy")
    func crowdedCells() {
        var grid = SpatialHash(cellSize: 1, bucketCount: 16)
        let count = 700
        // One to four of the cells (0...3, 0...1).
        let ranges = (0..<count).map { (p: Int) -> CellRange in
            let x = Int32(p % 3), wide = Int32(p % 2), tall: Int32 = p % 5 == 0 ? 1 : 0
            return CellRange(minX: x, minY: 0, maxX: x + wide, maxY: tall)
        }
        var present = Set<Int>()
        func check(_ label: String) {
            var found = Column<Int32>()
            ranges.withUnsafeBufferPointer {
                grid.query(CellRange(minX: -1, minY: -1, maxX: 5, maxY: 5), proxyCells: $0.baseAddress!, into: &found)
            }
            let got = (0..<found.count).map { Int(found[$0]) }
            #expect(got.sorted() == present.sorted(), "\(label)")
            #expect(Set(got).count == got.count, "\(label): a proxy reported twice")
            #expect(grid.liveNodes == present.reduce(0) { $0 + ranges[$1].cellCount }, "\(label)")
        }
        for p in 0..<count {
            grid.insert(Int32(p), ranges[p])
            present.insert(p)
            if p % 97 == 0 { check("filling, \(p)") }
        }
        check("full")
        // Every third proxy leaves, in an order unrelated to how they came.
        let scrambled = { (p: Int) -> Int in (p &* 7919) % 1009 }
        let leaving = (0..<count).filter { $0 % 3 == 1 }.sorted { scrambled($0) < scrambled($1) }
        for p in leaving {
            grid.remove(Int32(p), ranges[p])
            present.remove(p)
        }
        check("thinned")
        for p in leaving.prefix(100) {
            grid.insert(Int32(p), ranges[p])
            present.insert(p)
        }
        check("refilled")
        for p in present.sorted(by: >) { grid.remove(Int32(p), ranges[p]) }
        present.removeAll()
        check("emptied")
        // Removing what is not there changes nothing.
        grid.remove(3, ranges[3])
        check("removed twice")
    }
}

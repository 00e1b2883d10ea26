import Testing
@testable import DynamicsCore

/// Runs every pass on the calling thread.
struct SerialRunner: PassRunner {
    func parallel<Kernel: ChunkKernel>(_ task: KernelTask<Kernel>, _ kernel: Kernel, count: Int, minimumChunk: Int) {
        kernel.run(0..<count)
    }
}

/// While most proxies move, the moving grid drops its chains and its runs are built from the
/// proxies' cells (`World+DetachedGrid.swift`, `CellRuns.build(proxiesOf:…)`). The pairs must be
/// the same as with the linked grid, and so must every step.
@Suite("Detached moving grid")
struct DetachedGridTests {
    /// 400 slots, about 300 of them moving-grid proxies of 1×1 to 3×3 cells (the others static,
    /// large or empty slots, which the build must skip), in tables of 64, 1 024 and 16 384
    /// buckets (about 19, 1.2 and 0.07 nodes a bucket; the world's table holds one to two,
    /// `World.runNodesPerBucket`), built in 1, 2, 3 and 16 parts. Every query must give the same
    /// set as runs built from a linked grid holding those proxies, and the same list (same order)
    /// for any part count.
    @Test("runs built from the proxies answer queries as runs built from a grid")
    func proxyRunsMatchGridRuns() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32((seed >> 33) % UInt64(n))
        }
        let slotCount = 400
        var placement: [ProxyPlacement] = []
        var cells: [CellRange] = []
        var boxes: [AABB] = []
        var grid = SpatialHash(cellSize: 1, bucketCount: 64)
        for s in 0..<slotCount {
            let kind: ProxyPlacement = next(4) == 0 ? [.staticGrid, .large, .none][Int(next(3))] : .movingGrid
            let x = next(40) - 20, y = next(40) - 20
            let range = CellRange(minX: x, minY: y, maxX: x + next(3), maxY: y + next(3))
            placement.append(kind)
            cells.append(range)
            boxes.append(SpatialHashTests.box(in: range, Float(next(100)) / 100, Float(next(100)) / 100))
            if kind == .movingGrid { grid.insert(Int32(s), range) }
        }
        let movingCount = placement.filter { $0 == .movingGrid }.count
        #expect(movingCount > 250 && movingCount < slotCount)
        var fromGrid = CellRuns()
        boxes.withUnsafeBufferPointer { fromGrid.build(grid, boxes: $0.baseAddress!) }
        let queries = (0..<200).map { _ in
            let minX = next(48) - 24, minY = next(48) - 24
            let range = CellRange(minX: minX, minY: minY, maxX: minX + next(6), maxY: minY + next(6))
            return (range, SpatialHashTests.box(in: range, Float(next(100)) / 100, Float(next(100)) / 100))
        }
        func answers(_ runs: borrowing CellRuns) -> [[Int32]] {
            queries.map { range, box in
                var found = Column<Int32>(capacity: 1)
                cells.withUnsafeBufferPointer { runs.query(range, overlapping: box, proxyCells: $0.baseAddress!, into: &found) }
                return (0..<found.count).map { found[$0] }
            }
        }
        let expected = answers(fromGrid).map { $0.sorted() }
        #expect(expected.contains { $0.count >= 3 }, "the queries find something")
        let tasks = StageTasks()
        for bucketBits in [6, 10, 14] {
            var firstAnswers: [[Int32]]?
            for parts in [1, 2, 3, 16] {
                var runs = CellRuns()
                var scratch = ProxyRunsScratch()
                placement.withUnsafeBufferPointer { p in
                    cells.withUnsafeBufferPointer { c in
                        boxes.withUnsafeBufferPointer { b in
                            let source = ProxyRunsSource(placement: p.baseAddress!, cells: c.baseAddress!, boxes: b.baseAddress!,
                                                         slotCount: slotCount, partCount: parts)
                            runs.build(proxiesOf: source, bucketShift: UInt64(64 - bucketBits), scratch: &scratch,
                                       tasks: tasks, runner: SerialRunner())
                        }
                    }
                }
                #expect(runs.entryCount == grid.liveNodes, "\(parts) parts, 2^\(bucketBits) buckets")
                let got = answers(runs)
                #expect(got.map { $0.sorted() } == expected, "\(parts) parts, 2^\(bucketBits) buckets")
                if let firstAnswers { #expect(got == firstAnswers, "\(parts) parts, 2^\(bucketBits) buckets: same order") }
                firstAnswers = firstAnswers ?? got
            }
        }
    }

    /// 120 boxes and balls dropped into a bin (most proxies move: the grid detaches), left to
    /// fall asleep (few move: it attaches again), then half of them tossed up (detaches again);
    /// bodies are added and removed while it is detached, and box queries asked on the way. The
    /// same world with a grid that never detaches must step identically and answer the same.
    @Test("steps and box queries are the same as with the linked grid", arguments: [1, 2])
    func sameStepsAsLinkedGrid(workers: Int) throws {
        let detached = try runScene(detaches: true, workers: workers)
        let linked = try runScene(detaches: false, workers: workers)
        let firstDifferentStep = detached.hashes.indices.first { detached.hashes[$0] != linked.hashes[$0] }
        #expect(firstDifferentStep == nil, "steps differ from step \(firstDifferentStep ?? -1)")
        let firstDifferentQuery = detached.queries.indices.first { detached.queries[$0] != linked.queries[$0] }
        #expect(firstDifferentQuery == nil, "box query \(firstDifferentQuery ?? -1) differs")
        #expect(linked.modes.allSatisfy { !$0 })
        // The scene did what it is for: detached, attached again, detached again.
        let switches = zip(detached.modes, detached.modes.dropFirst()).filter { $0 != $1 }.count
        #expect(detached.modes.first == true && switches >= 2, "\(switches) switches")
        #expect(detached.modes[20] && detached.modes[210], "detached when bodies are added and removed")
    }

    /// 320 boxes and balls thrown sideways into a bin with static pegs: its floor, walls and pegs
    /// are in the static grid (about 130 nodes), and while most bodies move the static runs are
    /// swept against the moving runs (`RunsInUse.sweepsStatic`) instead of queried by each moved
    /// proxy. The bodies hit the pegs and walls while they move: every step must be the same as
    /// with the queries.
    @Test("sweeping the static runs gives the steps of the moved proxies' queries", arguments: [1, 2])
    func staticSweepMatchesQueries(workers: Int) throws {
        let swept = try throwIntoBin(workers: workers, sweepsStaticRuns: true)
        let queried = try throwIntoBin(workers: workers, sweepsStaticRuns: false)
        let firstDifferentStep = swept.hashes.indices.first { swept.hashes[$0] != queried.hashes[$0] }
        #expect(firstDifferentStep == nil, "steps differ from step \(firstDifferentStep ?? -1)")
        #expect(swept.sweeps >= 100, "\(swept.sweeps) searches swept the static runs")
        #expect(queried.sweeps == 0)
    }

    func throwIntoBin(workers: Int, sweepsStaticRuns: Bool) throws -> (hashes: [UInt64], sweeps: Int) {
        let world = try makeWorld(sleep: true, workers: workers)
        world.sweepsStaticRuns = sweepsStaticRuns
        try addBin(world, wallHeight: 8)
        for peg in 0..<8 {
            try addBox(world, at: Vec2(Float(peg % 4) * 6 - 9, 3 + Float(peg / 4) * 2.5), half: 0.4,
                       angle: 0.6, type: .static)
        }
        for i in 0..<320 {
            let p = Vec2(Float(i % 20) * 1.3 - 12.35, 9 + Float(i / 20) * 0.9)
            let body = i % 2 == 0 ? try addBall(world, at: p, radius: 0.3) : try addBox(world, at: p, half: 0.3)
            try world.setLinearVelocity(Vec2(i % 4 < 2 ? -5 : 5, 0), of: body)
        }
        var hashes: [UInt64] = []
        for _ in 0..<240 {
            world.step(1.0 / 60)
            hashes.append(world.stateHash())
        }
        return (hashes, world.staticRunSweeps)
    }

    func runScene(detaches: Bool, workers: Int) throws -> (hashes: [UInt64], queries: [[ShapeID]], modes: [Bool]) {
        let world = try makeWorld(sleep: true, workers: workers)
        world.detachesMovingGrid = detaches
        try addGround(world, halfWidth: 12)
        for side: Float in [-1, 1] {
            try addBox(world, at: Vec2(side * 12, 10), half: 1, type: .static)
            try addBox(world, at: Vec2(side * 12, 6), half: 1, type: .static)
        }
        var bodies: [BodyID] = []
        for i in 0..<120 {
            let p = Vec2(Float(i % 20) - 9.5, 1 + Float(i / 20) * 1.1)
            bodies.append(i % 3 == 0 ? try addBall(world, at: p, radius: 0.45) : try addBox(world, at: p, half: 0.45))
        }
        var hashes: [UInt64] = [], queries: [[ShapeID]] = [], modes: [Bool] = []
        for step in 0..<300 {
            if step == 20 {
                world.destroyBody(bodies[5])
                _ = try addBall(world, at: Vec2(0, 16), radius: 0.6)
            }
            if step == 200 {
                // Every other body tossed up: most proxies move again.
                for i in stride(from: 0, to: bodies.count, by: 2) where i != 5 {
                    try world.setLinearVelocity(Vec2(Float(i % 7) - 3, 6), of: bodies[i])
                }
            }
            if step == 210 { world.destroyBody(bodies[100]) }
            world.step(1.0 / 60)
            hashes.append(world.stateHash())
            modes.append(world.movingGridDetached)
            if step % 25 == 0 {
                queries.append(world.shapes(overlapping: AABB(lower: Vec2(-3, 0), upper: Vec2(2, 4)), enlarged: true))
            }
        }
        return (hashes, queries, modes)
    }

    /// Ghosts (category 2, mask ~2) pass through each other, so no moving proxy queries the
    /// moving grid; while 200 of them fall (the grid detached), a static shelf is placed across
    /// a row of 40 ghosts at rest on the ground. Only the shelf's own query can find those pairs
    /// (the ghosts at rest do not move): the runs must be built for it.
    @Test("a static shape placed while the grid is detached finds the ghosts at rest that it overlaps")
    func staticProxyQueriesDetachedGrid() throws {
        let world = try makeWorld()
        try addGround(world, halfWidth: 30)
        let ghost = CollisionFilter(categoryBits: 2, maskBits: ~UInt64(2))
        var resting: [ShapeID] = []
        for i in 0..<240 {
            let body = try world.createBody(BodyDefinition(type: .dynamic,
                                                           position: Vec2(Float(i % 40) - 19.5, i < 40 ? 0.25 : 20 + Float(i / 40))))
            let shape = try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.25), filter: ghost))
            if i < 40 { resting.append(shape) }
        }
        run(world, seconds: 0.5)
        #expect(world.movingGridDetached)
        let shelf = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, 0.25)))
        let shelfShape = try world.createShape(on: shelf, ShapeDefinition(.box(halfWidth: 20, halfHeight: 0.05)))
        world.step(1.0 / 60)
        #expect(world.movingGridDetached)
        let paired = resting.filter { world.pairs.contains(PairTable.key(shelfShape.index, $0.index)) }.count
        #expect(paired == resting.count)
    }

    /// Ghosts dropped on the ground come to rest and fall asleep but one, which is kept sliding:
    /// moves become few, but moving proxies that cannot pair among themselves keep the grid
    /// detached (the chains would serve only queries). Steps and box queries must still match a
    /// grid that never detaches.
    @Test("ghosts at rest keep the grid detached, with the steps and queries of the linked grid")
    func ghostsAtRestStayDetached() throws {
        func scene(detaches: Bool) throws -> (hashes: [UInt64], queries: [[ShapeID]], detachedAtEnd: Bool, awake: Int) {
            let world = try makeWorld(sleep: true)
            world.detachesMovingGrid = detaches
            try addGround(world, halfWidth: 30)
            let ghost = CollisionFilter(categoryBits: 2, maskBits: ~UInt64(2))
            var bodies: [BodyID] = []
            for i in 0..<200 {
                let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i % 40) - 19.5, 1 + Float(i / 40))))
                try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.25), filter: ghost))
                bodies.append(body)
            }
            let slider = bodies[20]
            var hashes: [UInt64] = [], queries: [[ShapeID]] = []
            for step in 0..<240 {
                if step >= 120 { try world.setLinearVelocity(Vec2(step < 180 ? 3 : -3, 0), of: slider) }
                world.step(1.0 / 60)
                hashes.append(world.stateHash())
                if step % 20 == 0 {
                    queries.append(world.shapes(overlapping: AABB(lower: Vec2(-5, 0), upper: Vec2(5, 1)), enlarged: true))
                }
            }
            return (hashes, queries, world.movingGridDetached, world.awakeBodyCount)
        }
        let detached = try scene(detaches: true)
        let linked = try scene(detaches: false)
        let awake = detached.awake, detachedAtEnd = detached.detachedAtEnd
        #expect(awake == 1, "the ghosts but the slider fell asleep: \(awake) awake")
        #expect(detachedAtEnd, "the grid attached again")
        let firstDifferentStep = detached.hashes.indices.first { detached.hashes[$0] != linked.hashes[$0] }
        #expect(firstDifferentStep == nil, "steps differ from step \(firstDifferentStep ?? -1)")
        let firstDifferentQuery = detached.queries.indices.first { detached.queries[$0] != linked.queries[$0] }
        #expect(firstDifferentQuery == nil, "box query \(firstDifferentQuery ?? -1) differs")
        let found = detached.queries.last?.count ?? 0
        #expect(found >= 10, "the last query finds ghosts at rest: \(found)")
    }

    /// `count` ghosts (category 2, mask ~2: they pass through each other) falling in rows from
    /// 5 m up, with nothing static: no moved proxy can pair with any (`World.movedProxiesCannotPair`).
    static func fallingGhosts(count: Int, detaches: Bool) throws -> World {
        let world = try makeWorld()
        world.detachesMovingGrid = detaches
        let ghost = CollisionFilter(categoryBits: 2, maskBits: ~UInt64(2))
        for i in 0..<count {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i % 40) - 19.5, 5 + Float(i / 40))))
            try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.25), filter: ghost))
        }
        return world
    }

    /// Where no moved proxy can pair, a detached grid's proxies that stay ordinary ones are not
    /// marked moved: the finalisation leaves the serial pass nothing to do (the joint grid spent
    /// 35 µs a step there, marking 10 000 proxies that the pair search only unmarked). Their
    /// cells must still follow them, so box queries answer as with the linked grid.
    @Test("where nothing can pair, the detached grid's proxies move unmarked, with the box queries of the linked grid")
    func unmarkedWhereNothingCanPair() throws {
        let detached = try Self.fallingGhosts(count: 240, detaches: true)
        let linked = try Self.fallingGhosts(count: 240, detaches: false)
        for step in 0..<60 {
            detached.step(1.0 / 60)
            linked.step(1.0 / 60)
            #expect(detached.movedProxiesCannotPair)
            if step >= 2 {
                #expect(detached.movingGridDetached)
                let flagged = (0..<detached.enlargedFlags.count).filter { detached.enlargedFlags[$0] != 0 }.count
                #expect(flagged == 0, "step \(step): \(flagged) bodies left to the serial pass")
            }
            #expect(detached.stateHash() == linked.stateHash())
            let box = AABB(lower: Vec2(-10, -Float(step) * 0.2), upper: Vec2(10, 8 - Float(step) * 0.2))
            #expect(detached.shapes(overlapping: box, enlarged: true) == linked.shapes(overlapping: box, enlarged: true))
        }
        // The ghosts fell through the queried band: the queries found them.
        #expect(!detached.shapes(overlapping: AABB(lower: Vec2(-25, -20), upper: Vec2(25, 20)), enlarged: true).isEmpty)
    }

    /// Falling ghosts are unmarked while nothing can pair; a ground placed under them then
    /// admits them, and from the next step on they must be marked again and land on it, as in a
    /// world whose grid stays linked.
    @Test("a ground placed under unmarked ghosts catches them all, as with the linked grid")
    func groundCatchesUnmarkedGhosts() throws {
        var landed: [Int] = []
        var hashes: [[UInt64]] = []
        for detaches in [true, false] {
            let world = try Self.fallingGhosts(count: 200, detaches: detaches)
            var steps: [UInt64] = []
            for step in 0..<180 {
                if step == 10 {
                    #expect(world.movedProxiesCannotPair && world.movingGridDetached == detaches)
                    try addGround(world, halfWidth: 30)
                }
                world.step(1.0 / 60)
                steps.append(world.stateHash())
            }
            let resting = world.bodyIDs.filter { id in
                world.type(of: id) == .dynamic && abs(world.position(of: id).y - 0.25) < 0.05
            }
            landed.append(resting.count)
            hashes.append(steps)
        }
        #expect(landed == [200, 200], "ghosts resting on the ground: \(landed)")
        let firstDifferentStep = hashes[0].indices.first { hashes[0][$0] != hashes[1][$0] }
        #expect(firstDifferentStep == nil, "steps differ from step \(firstDifferentStep ?? -1)")
    }
}

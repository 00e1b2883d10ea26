import Testing
@testable import DynamicsCore

/// The moved proxies are queried in cell order (`World.orderMovedByCell`).
@Suite("Moved proxies in cell order")
struct MovedOrderTests {
    @Test("the four cells of an aligned 2 x 2 block follow each other on the Z-curve, rows first")
    func zCurveBlocks() {
        for (x, y) in [(Int32(0), Int32(0)), (-6, 10), (100, -42), (-32768, -32768)] {
            let corner = World.zCurvePlace(cellX: x, cellY: y)
            #expect(World.zCurvePlace(cellX: x + 1, cellY: y) == corner + 1)
            #expect(World.zCurvePlace(cellX: x, cellY: y + 1) == corner + 2)
            #expect(World.zCurvePlace(cellX: x + 1, cellY: y + 1) == corner + 3)
        }
        // Beyond the range, cells share the edge's place.
        #expect(World.zCurvePlace(cellX: 1_000_000, cellY: -1_000_000) == World.zCurvePlace(cellX: 32767, cellY: -32768))
    }

    /// Boxes created in an order unrelated to where they are come back as a permutation of the
    /// same slots, in Z-curve order of their first cells, ties by slot.
    @Test("a permutation of the moved proxies, ordered by their first cells")
    func ordering() throws {
        let world = try makeWorld(gravity: 0)
        var slots: [Int32] = []
        for k in 0..<600 {
            let column = (37 * k) % 600
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(column % 40) * 0.7, Float(column / 40) * 0.7)))
            slots.append(try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.3, halfHeight: 0.3))).index)
        }
        var moved = slots
        moved.withUnsafeMutableBufferPointer { world.orderMovedByCell($0) }
        #expect(moved.sorted() == slots.sorted())
        let places = moved.map { s -> UInt64 in
            let c = world.shapes.cells[Int(s)]
            return UInt64(World.zCurvePlace(cellX: c.minX, cellY: c.minY)) << 32 | UInt64(UInt32(bitPattern: s))
        }
        #expect(places == places.sorted())
        #expect(moved != slots, "creation order was not already cell order")
    }

    /// A 20 x 20 grid of circles (as the joint grid's, `filter`) beside a static circle with
    /// `staticFilter`, stepped once so that the filters' unions are up to date.
    func circleGrid(filter: CollisionFilter, staticFilter: CollisionFilter) throws -> World {
        let world = try makeWorld(gravity: 0)
        for k in 0..<400 {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(k % 20), Float(k / 20))))
            try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.4), filter: filter))
        }
        let ground = try world.createBody(BodyDefinition(type: .static, position: Vec2(10, -2)))
        try world.createShape(on: ground, ShapeDefinition(.circle(radius: 0.4), filter: staticFilter))
        world.step(1.0 / 60)
        return world
    }

    /// The order pays only for queries that walk a grid's chains: where the moving proxies may
    /// pair with each other or with a static proxy, but not where their filters admit neither.
    @Test("the moved proxies are put in cell order only when their queries walk a grid's chains")
    func orderOnlyWhereChainsAreWalked() throws {
        let apart = CollisionFilter(categoryBits: 2, maskBits: ~UInt64(2))
        let chains = RunsInUse(moving: false, static: false)
        // A static circle that admits none of the grid's.
        let aloof = CollisionFilter(categoryBits: 4, maskBits: 4)
        let colliding = try circleGrid(filter: CollisionFilter(), staticFilter: aloof)
        // The first step's 400 new proxies detached the moving grid; it has chains again once
        // few move.
        #expect(colliding.movingGridDetached)
        #expect(!colliding.ordersMovedByCell(movedCount: 400, runs: chains), "a detached grid has no chains")
        colliding.attachMovingGrid()
        #expect(colliding.ordersMovedByCell(movedCount: 400, runs: chains), "the moving grid's chains are walked")
        #expect(!colliding.ordersMovedByCell(movedCount: 100, runs: chains), "too few to be worth a sort")
        let jointGrid = try circleGrid(filter: apart, staticFilter: apart)
        jointGrid.attachMovingGrid()
        #expect(!jointGrid.ordersMovedByCell(movedCount: 400, runs: chains))
        let onGround = try circleGrid(filter: apart, staticFilter: CollisionFilter())
        onGround.attachMovingGrid()
        #expect(onGround.ordersMovedByCell(movedCount: 400, runs: chains), "the static grid's chains are walked")
        #expect(!onGround.ordersMovedByCell(movedCount: 400, runs: RunsInUse(moving: false, static: true)),
                "the static grid is read from its runs")
    }
}

import Testing
@testable import DynamicsCore

@Suite("Filter unions of the grids")
struct FilterUnionTests {
    /// A dynamic box whose shape has `filter`.
    func box(_ world: World, at p: Vec2, _ filter: CollisionFilter) throws -> BodyID {
        let body = try world.createBody(BodyDefinition(type: .dynamic, position: p))
        try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5), filter: filter))
        return body
    }

    /// Category 2, colliding with everything but category 2.
    let ghost = CollisionFilter(categoryBits: 2, maskBits: ~UInt64(2))

    @Test("a union admits a filter exactly when some member's category and mask meet it both ways")
    func admits() {
        var union = FilterUnion()
        #expect(!union.admits(category: 1, mask: .max))
        union.add(category: 2, mask: ~UInt64(2))
        #expect(!union.admits(category: 2, mask: ~UInt64(2)))
        #expect(!union.mayPair(with: union))
        #expect(union.admits(category: 1, mask: .max))
        // One way is not enough: the shape's mask must hold a member's category, and the reverse.
        #expect(!union.admits(category: 1, mask: 1))
        #expect(!union.admits(category: 2, mask: .max))
        union.add(category: 1, mask: .max)
        #expect(union.mayPair(with: union))
    }

    @Test("shapes that ignore their own kind pass through each other and land on others, before and after others join")
    func ghostsAndSolids() throws {
        let world = try makeWorld(gravity: 10)
        try addGround(world)
        // Only ghosts move: no pair can form inside the moving grid, and its queries are skipped;
        // the ground (static grid) still stops them.
        let lowerGhost = try box(world, at: Vec2(0, 0.5), ghost)
        let upperGhost = try box(world, at: Vec2(0, 2), ghost)
        run(world, seconds: 1.5)
        #expect(!world.movingFilters.mayPair(with: world.movingFilters))
        #expect(abs(world.position(of: lowerGhost).y - 0.5) < 0.05)
        #expect(abs(world.position(of: upperGhost).y - 0.5) < 0.05)

        // Solids join the moving grid: a ghost dropped on a solid stops on it, and a solid dropped
        // on the ghosts stops on them.
        let solid = try box(world, at: Vec2(5, 0.5), .default)
        let ghostOnSolid = try box(world, at: Vec2(5, 2.5), ghost)
        let solidOnGhosts = try box(world, at: Vec2(0, 2.5), .default)
        run(world, seconds: 1.5)
        #expect(world.movingFilters.mayPair(with: world.movingFilters))
        #expect(abs(world.position(of: solid).y - 0.5) < 0.05)
        #expect(abs(world.position(of: ghostOnSolid).y - 1.5) < 0.05)
        #expect(abs(world.position(of: solidOnGhosts).y - 1.5) < 0.05)
    }

    @Test("a grid's union grows with its proxies and starts over when the grid empties")
    func resetsWhenEmpty() throws {
        let world = try makeWorld(gravity: 0)
        let a = try box(world, at: Vec2(0, 0), ghost)
        let b = try box(world, at: Vec2(3, 0), .default)
        #expect(world.movingFilters == FilterUnion(categories: 3, masks: .max))
        world.destroyBody(a)
        // Still a superset: b's filter is in it.
        #expect(world.movingFilters.admits(category: 1, mask: 1))
        world.destroyBody(b)
        #expect(world.movingFilters == FilterUnion())
        _ = try box(world, at: Vec2(0, 0), ghost)
        #expect(world.movingFilters == FilterUnion(categories: 2, masks: ~UInt64(2)))
        #expect(world.staticFilters == FilterUnion())
    }

    /// With only ghosts moving and a static floor of ghosts, nothing can pair, and the pair search
    /// is skipped (`World.movedProxiesCannotPair`); a large static proxy (a floor 400 m wide, kept
    /// out of the grids) is still found.
    @Test("ghosts fall through a floor of their own kind and land on a large floor below")
    func ghostsOverLargeFloor() throws {
        let world = try makeWorld(gravity: 10)
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 5, halfHeight: 0.5, center: Vec2(0, -0.5)), filter: ghost))
        let falling = try box(world, at: Vec2(0, 2), ghost)
        run(world, seconds: 0.8)
        #expect(world.movedProxiesCannotPair)
        #expect(world.position(of: falling).y < 0.4, "it fell through the ghost floor")
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 200, halfHeight: 0.5, center: Vec2(0, -5.5))))
        #expect(world.largeProxies.count == 1)
        run(world, seconds: 2)
        #expect(!world.movedProxiesCannotPair)
        #expect(abs(world.position(of: falling).y - -4.5) < 0.05, "it landed on the large floor: y = \(world.position(of: falling).y)")
    }
}

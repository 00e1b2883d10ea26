import Testing
@testable import DynamicsCore

/// Which worlds flag and sweep their fast bodies (`World.sweepsFastBodies`): those with a static
/// shape to sweep against, in the static grid or among the large proxies (shapes too large for the
/// grids), and no others.
@Suite("Fast-body sweep gate")
struct FastBodySweepGateTests {
    /// A world without gravity holding one dynamic 8 m box: over 64 cells of 1 m, so a large proxy.
    func worldWithLargeMovingBox() throws -> World {
        var d = WorldDefinition()
        d.gravity = .zero
        let world = try World(d)
        var def = BodyDefinition(type: .dynamic, position: .zero)
        def.linearVelocity = Vec2(40, 0)
        let big = try world.createBody(def)
        try world.createShape(on: big, ShapeDefinition(.box(halfWidth: 4, halfHeight: 4)))
        world.step(1.0 / 60)
        return world
    }

    @Test("a large proxy of a moving body is nothing to sweep against; a static one is")
    func largeProxyCountsOnlyWhenStatic() throws {
        let world = try worldWithLargeMovingBox()
        #expect(world.largeProxies.count == 1)
        #expect(!world.sweepsFastBodies, "the only large proxy is the moving box")
        let floor = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, -100)))
        try world.createShape(on: floor, ShapeDefinition(.box(halfWidth: 200, halfHeight: 0.5)))
        world.step(1.0 / 60)
        #expect(world.largeProxies.count == 2)
        #expect(world.sweepsFastBodies, "the floor is static and too large for the grid")
        world.destroyBody(floor)
        world.step(1.0 / 60)
        #expect(!world.sweepsFastBodies)
    }

    @Test("a small static shape in the grid is enough, and continuous collision off is never")
    func staticGridAndSwitch() throws {
        let world = try worldWithLargeMovingBox()
        let post = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, -50)))
        try world.createShape(on: post, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        #expect(world.sweepsFastBodies)
        var d = WorldDefinition()
        d.enableContinuous = false
        let off = try World(d)
        let ground = try off.createBody(BodyDefinition(type: .static))
        try off.createShape(on: ground, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        #expect(!off.sweepsFastBodies)
    }

    /// A static wall 400 m tall is a large proxy, and the static grid stays empty: the sweep must
    /// still stop a 0.4 m box fired at it at 240 m/s (6 m a step), beside a large moving box.
    @Test("a fast box stops at a static wall too large for the grid, beside a large moving box")
    func fastBoxStopsAtLargeStaticWall() throws {
        let world = try worldWithLargeMovingBox()
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 200, center: Vec2(60.5, 0))))
        #expect(world.staticGrid.liveNodes == 0 && world.largeProxies.count == 2)
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 20))
        def.linearVelocity = Vec2(240, 0)
        let bullet = try world.createBody(def)
        try world.createShape(on: bullet, ShapeDefinition(.box(halfWidth: 0.2, halfHeight: 0.2)))
        var farthest = -Float.infinity
        for _ in 0..<30 {
            world.step(1.0 / 60)
            farthest = max(farthest, world.position(of: bullet).x)
        }
        let depth = farthest + 0.2 - 60
        #expect(depth < 0.02, "the box's face went \(depth) m into the wall (its face at x = 60)")
        #expect(depth > -0.05, "it reached the wall: x = \(farthest)")
    }
}

import Testing
import DynamicsCore

@Suite("Continuous collision")
struct ContinuousTests {
    @Test("a 0.4 m box at 240 m/s stops at a segment instead of passing through")
    func fastBoxStops() throws {
        let world = try makeWorld(gravity: 0)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -5), Vec2(10, 5))))
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 0))
        def.linearVelocity = Vec2(240, 0)
        let box = try world.createBody(def)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.2, halfHeight: 0.2)))
        for _ in 0..<30 {
            world.step(1.0 / 60)
            #expect(world.position(of: box).x < 10, "the box passed the wall at x = \(world.position(of: box).x)")
        }
        #expect(world.position(of: box).x > 9.5, "it reached the wall")
        #expect(abs(world.linearVelocity(of: box).x) < 1, "and stopped there (from 240 m/s), got \(world.linearVelocity(of: box).x) m/s")
    }

    @Test("without the sweep the same box tunnels (the test scene is really fast enough)")
    func tunnelsWithoutSweep() throws {
        var d = WorldDefinition()
        d.gravity = .zero
        d.enableContinuous = false
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -5), Vec2(10, 5))))
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 0))
        def.linearVelocity = Vec2(240, 0)
        let box = try world.createBody(def)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.2, halfHeight: 0.2)))
        for _ in 0..<30 { world.step(1.0 / 60) }
        #expect(world.position(of: box).x > 10)
    }
}

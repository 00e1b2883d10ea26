import Testing
import DynamicsCore

@Suite("Continuous collision")
struct ContinuousTests {
    /// A wall (segment at x = 10) and a 0.4 m box flying at it at 240 m/s, stepped 30 times.
    /// Returns the box's x after each step and its final velocity.
    func fire(continuous: Bool) throws -> (xs: [Float], velocity: Vec2) {
        var d = WorldDefinition()
        d.gravity = .zero
        d.enableContinuous = continuous
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -5), Vec2(10, 5))))
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 0))
        def.linearVelocity = Vec2(240, 0)
        let box = try world.createBody(def)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.2, halfHeight: 0.2)))
        var xs: [Float] = []
        for _ in 0..<30 {
            world.step(1.0 / 60)
            xs.append(world.position(of: box).x)
        }
        return (xs, world.linearVelocity(of: box))
    }

    @Test("a 0.4 m box at 240 m/s stops at a segment instead of passing through")
    func fastBoxStops() throws {
        let (xs, velocity) = try fire(continuous: true)
        #expect(xs.allSatisfy { $0 < 10 }, "the box passed the wall: \(xs)")
        #expect(xs.last! > 9.5, "it reached the wall")
        #expect(abs(velocity.x) < 1, "and stopped there (from 240 m/s), got \(velocity.x) m/s")
    }

    @Test("without the sweep the same box tunnels (the test scene is really fast enough)")
    func tunnelsWithoutSweep() throws {
        #expect(try fire(continuous: false).xs.last! > 10)
    }
}

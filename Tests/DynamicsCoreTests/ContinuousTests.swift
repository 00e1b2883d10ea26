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

    /// A 0.2 m box at 5.7 m/s moves 0.095 m per step: too little for a sweep, and its box stays
    /// inside its fat box (margin 0.1 m). It starts so that after one step its face is 0.01 m
    /// from a wall, inside the speculative distance (0.02 m) but outside its fat box. Unless the
    /// fat box is enlarged once the box comes within the speculative distance of its edge, it
    /// has no contact with the wall in the next step and moves 0.085 m into it.
    @Test("a body ending a step within the speculative distance of a wall has a contact with it in the next")
    func speculativeContactIsPaired() throws {
        var d = WorldDefinition()
        d.gravity = .zero
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.box(halfWidth: 1, halfHeight: 1, center: Vec2(1.205, 0))))
        var def = BodyDefinition(type: .dynamic, position: .zero)
        def.linearVelocity = Vec2(5.7, 0)
        let box = try world.createBody(def)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.1, halfHeight: 0.1)))
        world.step(1.0 / 60)
        let face = world.position(of: box).x + 0.1
        #expect(abs(face - 0.195) < 1e-4, "the first step is free flight: face at \(face)")
        var deepest: Float = -1
        for _ in 0..<10 {
            world.step(1.0 / 60)
            deepest = max(deepest, world.position(of: box).x + 0.1 - 0.205)
        }
        #expect(deepest < 0.005, "the box went \(deepest) m into the wall")
    }
}

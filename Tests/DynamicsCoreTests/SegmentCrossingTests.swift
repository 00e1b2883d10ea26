import Testing
import DynamicsCore

@Suite("Thin static segments")
struct SegmentCrossingTests {
    /// A kinematic plate (nothing stops it) drives a small box into a one-segment wall at x = 10.
    /// The box moves far less than its size per step, so no sweep runs; before the crossing
    /// guard it was pressed through and came out on the far side (x up to 17.8 at 8 m/s).
    @Test("a body pressed into a thin wall never gets its centre past it", arguments: [Float(1), 2, 4, 8])
    func pressedIntoWall(speed: Float) throws {
        let world = try makeWorld(gravity: 0)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -5), Vec2(10, 5))))
        let box = try addBox(world, at: Vec2(9.7, 0), half: 0.2, friction: 0)
        var plate = BodyDefinition(type: .kinematic, position: Vec2(8, 0))
        plate.linearVelocity = Vec2(speed, 0)
        let pusher = try world.createBody(plate)
        try world.createShape(on: pusher, ShapeDefinition(.box(halfWidth: 1, halfHeight: 3), friction: 0))
        var farthest: Float = -.infinity
        for _ in 0..<60 {
            world.step(1.0 / 60)
            farthest = max(farthest, world.position(of: box).x)
        }
        #expect(farthest < 10, "the box's centre reached x = \(farthest)")
        #expect(world.isStateFinite)
    }

    @Test("a body may still pass beside the end of a segment")
    func passesBesideTheEnd() throws {
        let world = try makeWorld(gravity: 0)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -1), Vec2(10, 1))))
        var definition = BodyDefinition(type: .dynamic, position: Vec2(9, 1.6))
        definition.linearVelocity = Vec2(3, 0)
        let ball = try world.createBody(definition)
        try world.createShape(on: ball, ShapeDefinition(.circle(radius: 0.5), friction: 0))
        for _ in 0..<60 { world.step(1.0 / 60) }
        // The ball grazes the end (its centre passes 0.6 above it) and goes on.
        #expect(world.position(of: ball).x > 11)
    }
}

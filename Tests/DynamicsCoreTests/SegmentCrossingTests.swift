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

    /// `pressedIntoWall` for a column of 2 400 boxes along a 1 000 m wall: the crossings are
    /// looked for on two threads (in chunks of `World.segmentCrossingChunk` contacts) and put
    /// right serially. Each box's centre stays short of the wall, and the state is the same bits
    /// as with one thread.
    @Test("a column of boxes pressed into a thin wall: no centre gets past it, on one thread or two")
    func columnPressedIntoWall() throws {
        func run(workers: Int) throws -> (farthest: Float, nearest: Float, hash: UInt64) {
            let world = try makeWorld(gravity: 0, workers: workers)
            let wall = try world.createBody(BodyDefinition(type: .static))
            try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -500), Vec2(10, 500))))
            let boxes = try (0..<2400).map { try addBox(world, at: Vec2(9.7, Float($0) * 0.4 - 480), half: 0.15, friction: 0) }
            var plate = BodyDefinition(type: .kinematic, position: Vec2(8, 0))
            plate.linearVelocity = Vec2(8, 0)
            let pusher = try world.createBody(plate)
            try world.createShape(on: pusher, ShapeDefinition(.box(halfWidth: 1, halfHeight: 500), friction: 0))
            var farthest: Float = -.infinity
            for _ in 0..<30 {
                world.step(1.0 / 60)
                for box in boxes { farthest = max(farthest, world.position(of: box).x) }
            }
            let nearest = boxes.map { world.position(of: $0).x }.min()!
            return (farthest, nearest, world.stateHash())
        }
        let one = try run(workers: 1), two = try run(workers: 2)
        // Every box ends pressed against the wall (its centre within its half-size of it): 2 400
        // contacts with the segment, more than two chunks of the crossing checks.
        #expect(one.nearest > 9.8, "precondition: every box is against the wall, one is at x = \(one.nearest)")
        #expect(one.farthest < 10, "a box's centre reached x = \(one.farthest) on one thread")
        #expect(two.farthest < 10, "a box's centre reached x = \(two.farthest) on two threads")
        #expect(one.hash == two.hash)
    }
}

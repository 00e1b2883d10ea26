import Testing
@testable import DynamicsCore

/// Contacts that fit none of the colours (more than `GraphColoring.maxColors` on one body) are
/// solved one by one from the scalar constraint array, which holds that overflow colour alone.
@Suite("The overflow colour")
struct OverflowColorTests {
    @Test("40 balls on one plank: the contacts beyond the 24 colours hold their balls up too")
    func ballsOnOnePlank() throws {
        let world = try World(WorldDefinition())
        try addGround(world)
        // A plank 20 m long whose top is at 0.2 m, resting on the ground.
        let plank = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 0.1)))
        try world.createShape(on: plank, ShapeDefinition(.box(halfWidth: 10, halfHeight: 0.1)))
        // 40 balls in a row, 0.45 m apart, so that each touches the plank and no other ball.
        let radius: Float = 0.2
        let balls = try (0..<40).map { k in
            try addBall(world, at: Vec2(-9 + Float(k) * 0.45, 0.2 + radius), radius: radius)
        }
        var mostOverflowing = 0
        for _ in 0..<120 {
            world.step(1.0 / 60)
            mostOverflowing = max(mostOverflowing, world.constraints.count)
        }
        #expect(mostOverflowing > 0, "no contact went to the overflow colour: the scene does not test it")
        #expect(world.constraints.count == world.solvedContactCount - Int(world.coloring.offsets[GraphColoring.maxColors]))
        // Each ball rests on the plank: its centre one radius above the plank's top, less the
        // soft contacts' small overlap; one whose contact went unsolved would have sunk through.
        let plankTop = world.position(of: plank).y + 0.1
        for ball in balls {
            let height = world.position(of: ball).y - plankTop
            #expect(abs(height - radius) < 0.02, "a ball's centre is \(height) m above the plank's top")
        }
    }
}

import Testing
import DynamicsCore

/// Soft contacts are springs: at rest a contact point carrying force F sinks F / (m·ω²), where m is
/// the point's effective normal mass and ω = 2π·f (the contact hertz, doubled against static
/// bodies). This is why a tall stack sags: the load, and so the sink, grows with the depth.
@Suite("Soft contacts follow the spring law")
struct SpringLawTests {
    /// A unit box of density 1: mass 1, inertia 1/6. A point at a corner (r×n = ±0.5) has
    /// effective mass 1 / (1/m + 0.25/I) = 0.4 against the ground and 1 / (2/m + 2·0.25/I) = 0.2
    /// between two boxes.
    static let groundPointMass: Float = 0.4, boxPointMass: Float = 0.2

    static func stiffness(pointMass: Float, hertz: Float) -> Float {
        let omega = 2 * Float.pi * hertz
        return pointMass * omega * omega
    }

    @Test("a stack of 10 unit boxes sinks as ten springs in series: 0.88 mm at the ground, 32.5 mm at the top")
    func stackSinks() throws {
        let world = try makeWorld(gravity: 10)
        try addGround(world)
        var boxes: [BodyID] = []
        for i in 0..<10 { boxes.append(try addBox(world, at: Vec2(0, 0.5 + Float(i)))) }
        run(world, seconds: 3)

        // Each of a contact's two points carries half the weight above it.
        let ground = Self.stiffness(pointMass: Self.groundPointMass, hertz: 60)
        let between = Self.stiffness(pointMass: Self.boxPointMass, hertz: 30)
        let bottomSink: Float = 10 * 10 / 2 / ground
        var topSink = bottomSink
        for above in 1...9 { topSink += Float(above) * 10 / 2 / between }

        let bottom = 0.5 - world.position(of: boxes[0]).y
        let top = 9.5 - world.position(of: boxes[9]).y
        #expect(abs(bottom - bottomSink) < 0.01 * bottomSink, "bottom box sank \(bottom) m, the spring law says \(bottomSink) m")
        #expect(abs(top - topSink) < 0.01 * topSink, "top box sank \(top) m, the spring law says \(topSink) m")
    }

    /// The sink goes as 1/ω², whatever the sub-step: with 8 sub-steps (480 Hz) contacts may be
    /// as stiff as 120 Hz (a quarter of the sub-step rate), and at 100 Hz the same stack sinks
    /// (30/100)², an eleventh, of what it sinks at 30 Hz. This is how a 100-row pyramid stands within 0.1 m
    /// (Profiles/stability/large-pyramid-stiff.json).
    @Test("with 8 sub-steps and 100 Hz contacts, the stack of 10 boxes sinks by the same law: 2.9 mm at the top")
    func stifferContactsSinkLess() throws {
        var definition = WorldDefinition()
        definition.gravity = Vec2(0, -10)
        definition.subStepCount = 8
        definition.contactHertz = 100
        definition.enableSleep = false
        let world = try World(definition)
        try addGround(world)
        var boxes: [BodyID] = []
        for i in 0..<10 { boxes.append(try addBox(world, at: Vec2(0, 0.5 + Float(i)))) }
        run(world, seconds: 3)

        let ground = Self.stiffness(pointMass: Self.groundPointMass, hertz: 200)
        let between = Self.stiffness(pointMass: Self.boxPointMass, hertz: 100)
        var topSink: Float = 10 * 10 / 2 / ground
        for above in 1...9 { topSink += Float(above) * 10 / 2 / between }
        let top = 9.5 - world.position(of: boxes[9]).y
        #expect(abs(top - topSink) < 0.01 * topSink, "top box sank \(top) m, the spring law says \(topSink) m")
        #expect(abs(world.position(of: boxes[9]).x) < 1e-4, "the stack leaned \(world.position(of: boxes[9]).x) m")
    }

    @Test("a 20-row pyramid's bottom row sinks by its whole weight over its 40 ground springs")
    func pyramidBottomRow() throws {
        let world = try makeWorld(gravity: 10)
        try addGround(world)
        let rows = 20
        var bottomRow: [BodyID] = []
        for row in 0..<rows {
            let count = rows - row
            for i in 0..<count {
                let box = try addBox(world, at: Vec2(Float(i) - Float(count - 1) / 2, 0.5 + Float(row)))
                if row == 0 { bottomRow.append(box) }
            }
        }
        run(world, seconds: 3)
        // However the load spreads over the row, the springs' sinks add up to the weight over one
        // spring's stiffness: the mean sink is the weight over all of them.
        let weight = Float(rows * (rows + 1) / 2) * 10
        let expected = weight / Float(2 * rows) / Self.stiffness(pointMass: Self.groundPointMass, hertz: 60)
        let mean = bottomRow.reduce(Float(0)) { $0 + (0.5 - world.position(of: $1).y) } / Float(rows)
        #expect(abs(mean - expected) < 0.01 * expected, "bottom row sank \(mean) m on average, the spring law says \(expected) m")
    }
}

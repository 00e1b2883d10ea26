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

    /// Ten unit boxes stacked on the ground in `world`, settled for 3 s; returns each box's sink
    /// (how far below where it started it rests), bottom first, and the top box's lean.
    static func settledStackSinks(_ world: World) throws -> (sinks: [Float], topLean: Float) {
        try addGround(world)
        var boxes: [BodyID] = []
        for i in 0..<10 { boxes.append(try addBox(world, at: Vec2(0, 0.5 + Float(i)))) }
        run(world, seconds: 3)
        let sinks = boxes.enumerated().map { 0.5 + Float($0.offset) - world.position(of: $0.element).y }
        return (sinks, world.position(of: boxes[9]).x)
    }

    /// A world with gravity 10 m/s² down, `subSteps` sub-steps and contacts asked for
    /// `contactHertz`, where nothing sleeps.
    static func awakeWorld(subSteps: Int, contactHertz: Float) throws -> World {
        var definition = WorldDefinition()
        definition.gravity = Vec2(0, -10)
        definition.subStepCount = subSteps
        definition.contactHertz = contactHertz
        definition.enableSleep = false
        return try World(definition)
    }

    /// What the spring law says the stack of 10 sinks at the bottom and at the top, with contacts
    /// of `hertz` (`2 · hertz` against the ground). Each of a contact's two points carries half
    /// the weight above it.
    static func stackSinksByLaw(hertz: Float) -> (bottom: Float, top: Float) {
        let ground = stiffness(pointMass: groundPointMass, hertz: 2 * hertz)
        let between = stiffness(pointMass: boxPointMass, hertz: hertz)
        let bottom: Float = 10 * 10 / 2 / ground
        var top = bottom
        for above in 1...9 { top += Float(above) * 10 / 2 / between }
        return (bottom, top)
    }

    @Test("a stack of 10 unit boxes sinks as ten springs in series: 0.88 mm at the ground, 32.5 mm at the top")
    func stackSinks() throws {
        let sinks = try Self.settledStackSinks(try makeWorld(gravity: 10)).sinks
        let law = Self.stackSinksByLaw(hertz: 30)
        #expect(abs(sinks[0] - law.bottom) < 0.01 * law.bottom, "bottom box sank \(sinks[0]) m, the spring law says \(law.bottom) m")
        #expect(abs(sinks[9] - law.top) < 0.01 * law.top, "top box sank \(sinks[9]) m, the spring law says \(law.top) m")
    }

    /// The sink goes as 1/ω², whatever the sub-step: with 8 sub-steps (480 Hz) contacts may be
    /// as stiff as 120 Hz (a quarter of the sub-step rate), and at 100 Hz the same stack sinks
    /// (30/100)², an eleventh, of what it sinks at 30 Hz. This is how a 100-row pyramid stands
    /// within 0.1 m (Profiles/stability/large-pyramid-stiff.json).
    @Test("with 8 sub-steps and 100 Hz contacts, the stack of 10 boxes sinks by the same law: 2.9 mm at the top")
    func stifferContactsSinkLess() throws {
        let stack = try Self.settledStackSinks(try Self.awakeWorld(subSteps: 8, contactHertz: 100))
        let law = Self.stackSinksByLaw(hertz: 100)
        #expect(abs(stack.sinks[9] - law.top) < 0.01 * law.top, "top box sank \(stack.sinks[9]) m, the spring law says \(law.top) m")
        #expect(abs(stack.topLean) < 1e-4, "the stack leaned \(stack.topLean) m")
    }

    /// Stiffness is capped at a quarter of the sub-step rate (Box2D caps it at an eighth): with 4
    /// sub-steps of a 1/60 s step (a 240 Hz sub-step rate) a contact asked for 500 Hz is a 60 Hz
    /// spring, and the stack sinks as the law says for 60 Hz, (500 / 60)², about 69 times, what
    /// 500 Hz would give.
    @Test("stiffness above a quarter of the sub-step rate is held there: 500 Hz at 4 sub-steps sinks as 60 Hz")
    func stiffnessIsCappedAtAQuarterOfTheSubStepRate() throws {
        let world = try Self.awakeWorld(subSteps: 4, contactHertz: 500)
        #expect(abs(world.definition.solverContactHertz(timeStep: 1.0 / 60) - 60) < 1e-3)
        let stack = try Self.settledStackSinks(world)
        let capped = Self.stackSinksByLaw(hertz: 60)
        #expect(abs(stack.sinks[9] - capped.top) < 0.01 * capped.top,
                "top box sank \(stack.sinks[9]) m, the spring law at the 60 Hz cap says \(capped.top) m")
        #expect(abs(stack.sinks[0] - capped.bottom) < 0.01 * capped.bottom,
                "bottom box sank \(stack.sinks[0]) m, the spring law at the 60 Hz cap says \(capped.bottom) m")
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

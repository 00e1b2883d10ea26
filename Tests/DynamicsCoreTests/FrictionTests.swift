import Foundation
import Testing
import DynamicsCore

@Suite("Friction")
struct FrictionTests {
    /// A box resting on a static incline of slope tan θ with friction μ (both shapes); returns how far it moved in 2 s.
    func slide(tanTheta: Float, mu: Float) throws -> Float {
        let world = try makeWorld(gravity: 10, subSteps: 4)
        let theta = atan(tanTheta)
        let incline = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: incline, ShapeDefinition(.box(halfWidth: 20, halfHeight: 0.5, angle: theta), friction: mu))
        // Place the box on the surface, rotated with it.
        let normal = Vec2(-sin(theta), cos(theta))
        let start = (0.5 + 0.5) * normal
        let box = try addBox(world, at: start, angle: theta, friction: mu)
        run(world, seconds: 0.25)
        let settled = world.position(of: box)
        run(world, seconds: 2)
        return (world.position(of: box) - settled).length
    }

    @Test("a box stays put when tan θ < μ")
    func sticks() throws {
        let moved = try slide(tanTheta: 0.4, mu: 0.5)
        #expect(moved < 0.01, "moved \(moved) m")
    }

    @Test("a box slides when tan θ > μ")
    func slides() throws {
        let moved = try slide(tanTheta: 0.6, mu: 0.5)
        // a = g(sin θ − μ cos θ) ≈ 0.43 m/s²: about 0.86 m in 2 s after the first quarter second.
        #expect(moved > 0.5, "moved \(moved) m")
    }
}


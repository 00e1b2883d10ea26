import Foundation
import Testing
import DynamicsCore

@Suite("Free fall")
struct FreeFallTests {
    @Test("matches the semi-implicit Euler closed form and ½gt² within its discretisation error")
    func freeFall() throws {
        let world = try makeWorld(gravity: 10, subSteps: 4)
        let ball = try addBall(world, at: Vec2(0, 100))
        let dt: Float = 1.0 / 60, g = 10.0
        let steps = 60
        for _ in 0..<steps { world.step(dt) }
        let n = Double(steps * 4), h = Double(dt) / 4
        // v_k = k·h·g, y_N = y0 − h²·g·N(N+1)/2 for the integrator's update order.
        let closedForm = 100 - h * h * g * n * (n + 1) / 2
        let y = Double(world.position(of: ball).y)
        #expect(abs(y - closedForm) < 1e-4 * 100, "y = \(y), closed form = \(closedForm)")
        #expect(abs(Double(world.linearVelocity(of: ball).y) + n * h * g) < 1e-4)
        let t = n * h
        let continuous = 100 - 0.5 * g * t * t
        let discretisation = 0.5 * g * h * t
        #expect(abs((continuous - y) - discretisation) < 1e-3, "difference to ½gt² must be the h·g·t/2 of the integrator")
    }

    @Test("gravity scale 0 and damping")
    func gravityScaleAndDamping() throws {
        let world = try makeWorld()
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 10))
        def.gravityScale = 0
        def.linearVelocity = Vec2(10, 0)
        def.linearDamping = 1
        let body = try world.createBody(def)
        try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.5)))
        run(world, seconds: 1)
        // v *= 1/(1 + h·c) per sub-step, 240 sub-steps of h = 1/240.
        let expected = 10 * pow(1 / (1 + 1.0 / 240), 240.0)
        #expect(abs(Double(world.linearVelocity(of: body).x) - expected) < 1e-3)
        #expect(world.position(of: body).y == 10)
    }
}


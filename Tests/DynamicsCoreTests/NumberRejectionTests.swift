import Testing
import DynamicsCore

@Suite("Non-finite and negative numbers")
struct NumberRejectionTests {
    /// Expects `call` to throw a `DynamicsError` naming `argument`.
    func expectRefusal(_ argument: String, _ call: () throws -> Void) {
        do {
            try call()
            Issue.record("\(argument): a bad value was accepted")
        } catch let error as DynamicsError {
            #expect(error.argument == argument, "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("NaN, infinite or negative body and shape numbers are refused by name, and the world goes on")
    func refusedByName() throws {
        let world = try makeWorld(gravity: 10)
        try addGround(world)
        let box = try addBox(world, at: Vec2(0, 2))
        let before = (bodies: world.bodyCount, shapes: world.shapeCount)

        func body(_ change: (inout BodyDefinition) -> Void) -> BodyDefinition {
            var definition = BodyDefinition(type: .dynamic)
            change(&definition)
            return definition
        }
        expectRefusal("position") { _ = try world.createBody(body { $0.position = Vec2(.nan, 0) }) }
        expectRefusal("angle") { _ = try world.createBody(body { $0.angle = .infinity }) }
        expectRefusal("linearVelocity") { _ = try world.createBody(body { $0.linearVelocity = Vec2(0, -.infinity) }) }
        expectRefusal("angularVelocity") { _ = try world.createBody(body { $0.angularVelocity = .nan }) }
        expectRefusal("linearDamping") { _ = try world.createBody(body { $0.linearDamping = -1 }) }
        expectRefusal("angularDamping") { _ = try world.createBody(body { $0.angularDamping = .nan }) }
        expectRefusal("density") { _ = try world.createShape(on: box, ShapeDefinition(.circle(radius: 1), density: -2)) }
        expectRefusal("friction") { _ = try world.createShape(on: box, ShapeDefinition(.circle(radius: 1), friction: -0.1)) }
        expectRefusal("restitution") { _ = try world.createShape(on: box, ShapeDefinition(.circle(radius: 1), restitution: .nan)) }
        let wall = try world.createBody(BodyDefinition(type: .static))
        expectRefusal("points[1]") { _ = try world.createChain(on: wall, points: [Vec2(0, 0), Vec2(1, 0), Vec2(1, 0)], closed: false) }
        expectRefusal("points[2]") { _ = try world.createChain(on: wall, points: [Vec2(0, 0), Vec2(1, 0), Vec2(.nan, 0)], closed: false) }
        expectRefusal("points") { _ = try world.createChain(on: wall, points: [Vec2(0, 0), Vec2(1, 0)], closed: true) }
        expectRefusal("polygon.vertices[2]") {
            _ = try world.createShape(on: box, ShapeDefinition(.polygon(vertices: [Vec2(0, 0), Vec2(1, 0), Vec2(1, .infinity), Vec2(0, 1)], radius: 0)))
        }
        expectRefusal("velocity") { try world.setLinearVelocity(Vec2(.nan, 0), of: box) }
        expectRefusal("force") { try world.applyForceToCenter(Vec2(.infinity, 0), to: box) }
        expectRefusal("impulse") { try world.applyLinearImpulse(Vec2(0, .nan), at: .zero, to: box) }
        expectRefusal("position") { try world.setTransform(of: box, position: Vec2(.nan, .nan), angle: 0) }

        #expect(world.bodyCount == before.bodies + 1 && world.shapeCount == before.shapes, "only the empty wall body was added")
        for _ in 0..<120 { world.step(1.0 / 60) }
        #expect(world.isStateFinite)
        #expect(abs(world.position(of: box).y - 0.5) < 0.05, "the box landed on the ground")
    }
}

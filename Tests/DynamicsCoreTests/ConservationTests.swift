import Testing
import DynamicsCore

@Suite("Conservation")
struct ConservationTests {
    @Test("collisions without gravity conserve linear momentum to float precision")
    func momentum() throws {
        let world = try makeWorld(gravity: 0)
        var bodies: [BodyID] = []
        var seed: UInt64 = 12345
        func random() -> Float {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Float(seed >> 40) / Float(1 << 24)
        }
        for i in 0..<60 {
            let p = Vec2(random() * 10, random() * 10)
            var def = BodyDefinition(type: .dynamic, position: p, angle: random() * 3)
            def.linearVelocity = Vec2(random() * 8 - 4, random() * 8 - 4)
            def.angularVelocity = random() * 4 - 2
            let body = try world.createBody(def)
            let geometry: ShapeGeometry = i % 2 == 0 ? .circle(radius: 0.3 + random() * 0.3) : .box(halfWidth: 0.3, halfHeight: 0.2 + random() * 0.3)
            try world.createShape(on: body, ShapeDefinition(geometry, density: 0.5 + random(), friction: 0.4, restitution: 0.5))
            bodies.append(body)
        }
        func momentum() -> (Vec2, Float) {
            var p = Vec2.zero
            var scale: Float = 0
            for b in bodies {
                let m = world.mass(of: b) * world.linearVelocity(of: b)
                p += m
                scale += m.length
            }
            return (p, scale)
        }
        let (before, scale) = momentum()
        var contacts = 0
        for _ in 0..<240 { world.step(1.0 / 60); contacts += world.contactBeginEventCount }
        let (after, _) = momentum()
        #expect(contacts > 10, "the scene must actually collide (\(contacts) contacts began)")
        #expect((after - before).length <= 1e-4 * scale, "momentum drift \((after - before).length) of total |p| \(scale)")
    }
}

import Testing
import DynamicsCore

@Suite("Contact events and filtering")
struct EventAndFilterTests {
    @Test("a landing box reports one begin event with a point on the ground; lifting it reports the end")
    func beginAndEnd() throws {
        let world = try makeWorld(gravity: 10)
        let ground = try addGround(world)
        let box = try addBox(world, at: Vec2(0, 2))
        var begins: [ContactBeginEvent] = []
        for _ in 0..<90 { world.step(1.0 / 60); begins += world.contactBeginEvents }
        #expect(begins.count == 1)
        if let e = begins.first {
            #expect(Set([world.body(of: e.shapeA), world.body(of: e.shapeB)]) == Set([ground, box]))
            #expect(abs(e.point.y) < 0.05 && abs(e.point.x) <= 0.55)
        }
        try world.setTransform(of: box, position: Vec2(0, 5), angle: 0, keepVelocity: false)
        world.step(1.0 / 60)
        #expect(world.contactEndEvents.count == 1)
    }

    @Test("shapes in different collision groups pass through each other; a shared group collides")
    func groups() throws {
        let world = try makeWorld(gravity: 10)
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: ground, ShapeDefinition(.segment(Vec2(-10, 0), Vec2(10, 0)), filter: CollisionFilter(groups: [1, 7])))
        func drop(_ x: Float, groups: [UInt32]) throws -> BodyID {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(x, 1)))
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5), filter: CollisionFilter(groups: groups)))
            return body
        }
        let stopped = try drop(-3, groups: [7, 1000])
        let falls = try drop(3, groups: [2])
        run(world, seconds: 1)
        #expect(world.position(of: stopped).y > 0.4)
        #expect(world.position(of: falls).y < -1)
    }

    @Test("shapes facing a group meet its members but pass through each other; out-of-range groups are rejected")
    func facingGroups() throws {
        let world = try makeWorld(gravity: 10)
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: ground, ShapeDefinition(.segment(Vec2(-10, 0), Vec2(10, 0)), filter: CollisionFilter(groups: [5])))
        func box(at position: Vec2, _ filter: CollisionFilter) throws -> BodyID {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: position))
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5), filter: filter))
            return body
        }
        // Two boxes facing the ground's group, one dropped onto the other: both end on the ground.
        let lower = try box(at: Vec2(0, 0.5), CollisionFilter(facingGroups: [5]))
        let upper = try box(at: Vec2(0, 2.0), CollisionFilter(facingGroups: [5]))
        // A member of another group only: falls through the ground.
        let other = try box(at: Vec2(4, 1), CollisionFilter(facingGroups: [6]))
        run(world, seconds: 1.5)
        #expect(abs(world.position(of: lower).y - 0.5) < 0.05)
        #expect(abs(world.position(of: upper).y - 0.5) < 0.05)
        #expect(world.position(of: other).y < -1)
        let body = try world.createBody(BodyDefinition(type: .dynamic))
        #expect(throws: DynamicsError.self) {
            try world.createShape(on: body, ShapeDefinition(.circle(radius: 1), filter: CollisionFilter(groups: [1 << 31])))
        }
    }

    @Test("the box query finds exactly the overlapping shapes")
    func query() throws {
        let world = try makeWorld(gravity: 0)
        var shapes: [ShapeID] = []
        for i in 0..<10 {
            let b = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i) * 3, 0)))
            shapes.append(try world.createShape(on: b, ShapeDefinition(.circle(radius: 1))))
        }
        let found = world.shapes(overlapping: AABB(lower: Vec2(2.5, -0.5), upper: Vec2(6.5, 0.5)))
        #expect(found == [shapes[1], shapes[2]])
    }
}

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

    @Test("37 boxes landing at different steps report one begin each, and the lifted ones one end each")
    func manyContactsReportTheirEvents() throws {
        // 37 contacts: more than one run of eight change bytes, and a tail of five after them.
        let world = try makeWorld(gravity: 10, workers: 2)
        let ground = try addGround(world, halfWidth: 100)
        let boxes = try (0..<37).map { try addBox(world, at: Vec2(Float($0) * 3 - 54, 0.6 + 0.07 * Float($0))) }
        var begins: [BodyID: Int] = [:]
        for _ in 0..<120 {
            world.step(1.0 / 60)
            for e in world.contactBeginEvents {
                let pair = Set([world.body(of: e.shapeA), world.body(of: e.shapeB)])
                #expect(pair.contains(ground))
                for body in pair where body != ground { begins[body, default: 0] += 1 }
            }
        }
        #expect(begins.count == 37 && begins.values.allSatisfy { $0 == 1 })
        let lifted = boxes.enumerated().filter { $0.offset % 3 == 1 }.map(\.element)
        for box in lifted {
            try world.setTransform(of: box, position: world.position(of: box) + Vec2(0, 10), angle: 0, keepVelocity: false)
        }
        world.step(1.0 / 60)
        let ended = world.contactEndEvents.map { Set([world.body(of: $0.shapeA), world.body(of: $0.shapeB)]).subtracting([ground]) }
        #expect(ended.count == lifted.count)
        #expect(Set(ended.flatMap { $0 }) == Set(lifted))
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

    @Test("a shape that collides with nothing reports its box where its body is now, and a query finds it there")
    func inertShapeBox() throws {
        // No step updates such a shape's box; `aabb(of:)` and the query work it out on demand.
        let world = try makeWorld(gravity: 0)
        let body = try world.createBody(BodyDefinition(type: .dynamic))
        let ghost = try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.25),
                                                                    filter: CollisionFilter(categoryBits: 1, maskBits: 0)))
        try world.setLinearVelocity(Vec2(6, 0), of: body)
        try world.setAngularVelocity(1, of: body)
        for _ in 0..<60 { world.step(1.0 / 60) }
        let xf = world.transform(of: body)
        #expect(xf.position.x > 5.9 && abs(xf.rotation.angle - 1) < 1e-3, "the body did not move as set: \(xf)")
        let corners = [Vec2(-0.5, -0.25), Vec2(0.5, -0.25), Vec2(0.5, 0.25), Vec2(-0.5, 0.25)].map { xf.apply($0) }
        let box = world.aabb(of: ghost)
        #expect(abs(box.lower.x - corners.map(\.x).min()!) < 1e-5 && abs(box.upper.x - corners.map(\.x).max()!) < 1e-5)
        #expect(abs(box.lower.y - corners.map(\.y).min()!) < 1e-5 && abs(box.upper.y - corners.map(\.y).max()!) < 1e-5)
        #expect(world.shapes(overlapping: AABB(lower: Vec2(5.9, -0.1), upper: Vec2(6.1, 0.1))) == [ghost])
        #expect(world.shapes(overlapping: AABB(lower: Vec2(-0.1, -0.1), upper: Vec2(0.1, 0.1))).isEmpty)
    }

    @Test("a body that collides with nothing, given a colliding shape while it falls, lands on the ground")
    func collidingShapeAddedInFlight() throws {
        // The step skips the boxes of a body whose shapes all collide with nothing; the new shape
        // must end that, or its box stays where it was made and the body falls through the ground.
        let world = try makeWorld(gravity: 10)
        try addGround(world)
        let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 3)))
        try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.5), filter: CollisionFilter(categoryBits: 1, maskBits: 0)))
        for _ in 0..<10 { world.step(1.0 / 60) }
        try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        for _ in 0..<120 { world.step(1.0 / 60) }
        #expect(abs(world.transform(of: body).position.y - 0.5) < 0.02, "\(world.transform(of: body).position)")
        #expect(world.linearVelocity(of: body).length < 0.05)
    }

    @Test("a body whose first shape collides with nothing still lands on its other shape")
    func collidingShapeBehindInertOne() throws {
        // A body lists its newest shape first: here the inert circle, then the colliding box.
        let world = try makeWorld(gravity: 10)
        try addGround(world)
        let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 3)))
        let box = try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        try world.createShape(on: body, ShapeDefinition(.circle(radius: 2), filter: CollisionFilter(categoryBits: 0, maskBits: 0xFFFF)))
        for _ in 0..<120 { world.step(1.0 / 60) }
        #expect(abs(world.transform(of: body).position.y - 0.5) < 0.02, "\(world.transform(of: body).position)")
        #expect(abs(world.aabb(of: box).lower.y) < 0.02, "\(world.aabb(of: box))")
    }

    @Test("a query with a margin wider than the broadphase's finds shapes cells away; static shapes are not grown")
    func queryWithWideMargin() throws {
        // One-metre cells and a 0.1 m broadphase margin: the circle's fat box ends at x = 0.35,
        // in the cell left of the query's; grown by 1.4 m its box reaches x = 1.65.
        let world = try makeWorld(gravity: 0)
        let moving = try world.createBody(BodyDefinition(type: .dynamic))
        let circle = try world.createShape(on: moving, ShapeDefinition(.circle(radius: 0.25)))
        let wall = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, 5)))
        try world.createShape(on: wall, ShapeDefinition(.box(halfWidth: 0.25, halfHeight: 0.25)))
        world.step(1.0 / 60)
        let query = AABB(lower: Vec2(1.6, -0.1), upper: Vec2(1.7, 0.1))
        #expect(world.shapes(overlapping: query, enlargedBy: 1.4) == [circle])
        #expect(world.shapes(overlapping: query, enlargedBy: 1.3).isEmpty)
        #expect(world.shapes(overlapping: query, enlarged: true).isEmpty)
        // The static box, 1.6 m to the side of this query, is found by no margin.
        #expect(world.shapes(overlapping: AABB(lower: Vec2(1.85, 4.9), upper: Vec2(1.9, 5.1)), enlargedBy: 1.7).isEmpty)
        #expect(world.shapes(overlapping: query, enlargedBy: -1).isEmpty)
        #expect(world.lastRefusal?.argument == "margin")
        #expect(world.shapes(overlapping: query, enlargedBy: .nan).isEmpty)
    }
}

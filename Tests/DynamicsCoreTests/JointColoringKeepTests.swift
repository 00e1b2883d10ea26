import Testing
@testable import DynamicsCore

/// The joint colouring is kept from step to step while no joint was created or destroyed and no
/// body was inserted, removed, put to sleep, woken or given new mass (`JointStore.gatherActive`).
/// A world that keeps it must solve exactly as one that colours every step, through each of
/// those changes.
@Suite("Kept joint colouring")
struct JointColoringKeepTests {
    /// The joints the step solved, colour by colour, with the colour offsets and pin counts.
    struct Gathered: Equatable {
        var active: [Int32]
        var offsets: [Int32]
        var pins: [Int32]

        init(_ world: World) {
            active = (0..<world.joints.active.count).map { world.joints.active[$0] }
            offsets = (0..<world.joints.coloring.offsets.count).map { world.joints.coloring.offsets[$0] }
            pins = (0..<world.joints.pinCounts.count).map { world.joints.pinCounts[$0] }
        }
    }

    /// A swinging chain of eight boxes on pins from a static anchor, a welded pair of boxes and a
    /// pair of balls on a rope resting on the ground (both fall asleep); then, at set steps, a
    /// chain joint destroyed, a joint created to the welded pair (waking it), the balls woken, a
    /// shape added to a chain box, and a chain box destroyed with its joints.
    final class Scene {
        let world: World
        var chain: [BodyID] = [], chainJoints: [JointID] = []
        var welded: [BodyID] = [], balls: [BodyID] = []

        init(keeps: Bool) throws {
            world = try makeWorld(gravity: 10, sleep: true, workers: 2)
            world.keepsJointColoring = keeps
            // The kept result itself, not the debug build's colouring again to check it.
            world.joints.verifiesKeptColoring = false
            try addGround(world)
            let anchor = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, 12)))
            var previous = anchor
            for i in 0..<8 {
                let box = try addBox(world, at: Vec2(Float(i + 1), 12), half: 0.3)
                chainJoints.append(try world.createRevoluteJoint(
                    RevoluteJointDefinition(bodyA: previous, bodyB: box, localAnchorA: i == 0 ? .zero : Vec2(0.5, 0),
                                            localAnchorB: Vec2(-0.5, 0))))
                chain.append(box)
                previous = box
            }
            welded = [try addBox(world, at: Vec2(10, 0.5)), try addBox(world, at: Vec2(11, 0.5))]
            _ = try world.createWeldJoint(WeldJointDefinition(bodyA: welded[0], bodyB: welded[1],
                                                              localAnchorA: Vec2(0.5, 0), localAnchorB: Vec2(-0.5, 0)))
            balls = [try addBall(world, at: Vec2(-10, 0.25)), try addBall(world, at: Vec2(-8, 0.25))]
            _ = try world.createDistanceJoint(DistanceJointDefinition(bodyA: balls[0], bodyB: balls[1], length: 2))
        }

        func change(at step: Int) throws {
            switch step {
            case 120: world.destroyJoint(chainJoints[2])
            case 160: _ = try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: chain[7], bodyB: welded[0]))
            case 200: try world.setLinearVelocity(Vec2(0, 3), of: balls[0])
            case 240: try world.createShape(on: chain[1], ShapeDefinition(.circle(radius: 0.4)))
            case 280: world.destroyBody(chain[5])
            default: break
            }
        }
    }

    @Test("solves exactly as a colouring every step, through sleep, wakes, joints and bodies coming and going")
    func sameAsColoringEveryStep() throws {
        let kept = try Scene(keeps: true), fresh = try Scene(keeps: false)
        var keptSteps = 0, sleptWithJoints = false
        for step in 0..<320 {
            try kept.change(at: step)
            try fresh.change(at: step)
            let before = kept.world.joints.gatheredFrom
            kept.world.step(1.0 / 60)
            fresh.world.step(1.0 / 60)
            if before != nil && kept.world.joints.gatheredFrom == before { keptSteps += 1 }
            sleptWithJoints = sleptWithJoints || !kept.world.isAwake(kept.welded[0])
            let same = Gathered(kept.world) == Gathered(fresh.world)
            #expect(same, "step \(step): the solved joints differ")
            #expect(kept.world.stateHash() == fresh.world.stateHash(), "step \(step)")
            if !same { return }
        }
        #expect(keptSteps >= 100, "precondition: the colouring was kept in many steps, got \(keptSteps)")
        #expect(sleptWithJoints, "precondition: the welded pair fell asleep")
    }
}

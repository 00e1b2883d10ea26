import Testing
@testable import DynamicsCore

/// The contact colouring is kept from step to step while the contacts' solver keys, the awake
/// count and the split colouring's cut are the same (`KeptContactColoring`). A world that keeps
/// it must solve exactly as one that colours every step, through contacts coming and going,
/// bodies moved, put to sleep and woken.
@Suite("Kept contact colouring")
struct ContactColoringKeepTests {
    /// The step's colouring: the sources in colour order, the colour offsets and the contacts
    /// with a segment.
    struct Colouring: Equatable {
        var sources: [Int32]
        var offsets: [Int32]
        var segments: [Int32]

        init(_ world: World) {
            sources = (0..<world.orderedSources.count).flatMap { k -> [Int32] in
                let s = world.orderedSources[k]
                return [s.contact, s.denseA, s.denseB]
            }
            offsets = (0..<world.coloring.offsets.count).map { world.coloring.offsets[$0] }
            segments = (0..<world.segmentContacts.count).map { world.segmentContacts[$0] }
        }
    }

    /// A pyramid of five rows and a stack of three boxes on the ground, a box resting on a static
    /// segment, all falling asleep; then, at set steps, a box dropped on the pyramid, a pyramid
    /// box destroyed, the stack's top box moved off it (the same contacts, no longer touching),
    /// the segment's box pushed, and a new box added to the stack.
    final class Scene {
        let world: World
        var pyramid: [BodyID] = [], stack: [BodyID] = []
        var onSegment: BodyID

        init(keeps: Bool) throws {
            world = try makeWorld(gravity: 10, sleep: true, workers: 2)
            world.keepsContactColoring = keeps
            try addGround(world)
            for row in 0..<5 {
                for k in 0..<(5 - row) {
                    pyramid.append(try addBox(world, at: Vec2(Float(k) * 1.05 + 0.525 * Float(row) - 10, 0.5 + Float(row))))
                }
            }
            for k in 0..<3 { stack.append(try addBox(world, at: Vec2(5, 0.5 + Float(k)))) }
            let ledge = try world.createBody(BodyDefinition(type: .static, position: Vec2(15, 3)))
            try world.createShape(on: ledge, ShapeDefinition(.segment(Vec2(-2, 0), Vec2(2, 0))))
            onSegment = try addBox(world, at: Vec2(15, 3.5))
        }

        func change(at step: Int) throws {
            switch step {
            case 150: _ = try addBox(world, at: Vec2(-8, 8))
            case 210: world.destroyBody(pyramid[3])
            case 260: try world.setTransform(of: stack[2], position: Vec2(5, 2.6), angle: 0, keepVelocity: false)
            case 300: try world.setLinearVelocity(Vec2(1, 0), of: onSegment)
            case 340: stack.append(try addBox(world, at: Vec2(5, 4)))
            default: break
            }
        }
    }

    @Test("solves exactly as a colouring every step, through contacts, moves, sleep and wakes")
    func sameAsColoringEveryStep() throws {
        let kept = try Scene(keeps: true), fresh = try Scene(keeps: false)
        var sleptAll = false
        for step in 0..<400 {
            try kept.change(at: step)
            try fresh.change(at: step)
            kept.world.step(1.0 / 60)
            fresh.world.step(1.0 / 60)
            sleptAll = sleptAll || kept.world.awakeBodyCount == 0
            let same = Colouring(kept.world) == Colouring(fresh.world)
            #expect(same, "step \(step): the colourings differ")
            #expect(kept.world.stateHash() == fresh.world.stateHash(), "step \(step)")
            if !same { return }
        }
        #expect(kept.world.keptContactColoring.timesKept >= 100,
                "precondition: the colouring was kept in many steps, got \(kept.world.keptContactColoring.timesKept)")
        #expect(fresh.world.keptContactColoring.timesKept == 0)
        #expect(sleptAll, "precondition: everything fell asleep at some point")
    }

    /// Keys of `count` contacts with the bodies `k` and `k + 1`, solved, both movable.
    static func keys(_ count: Int) -> [SolverKey] {
        (0..<count).map {
            SolverKey(denseA: Int32($0), denseB: Int32($0 + 1), bits: SolverKey.solved | SolverKey.movableA | SolverKey.movableB)
        }
    }

    @Test("holds only for the same keys, count, awake count and cut", arguments: [1, 2, 3, 7, 64])
    func holdsOnlyForSameInputs(count: Int) {
        var kept = KeptContactColoring()
        let recorded = Self.keys(count)
        #expect(!recorded.withUnsafeBufferPointer {
            kept.holds($0.baseAddress!, count: count, awake: 80, half: 40, on: SerialRunner(), task: Self.comparison)
        })
        recorded.withUnsafeBufferPointer { kept.record($0.baseAddress!, count: count, awake: 80, half: 40, room: count) }
        func holds(_ keys: [SolverKey], count: Int? = nil, awake: Int = 80, half: Int32 = 40) -> Bool {
            keys.withUnsafeBufferPointer {
                kept.holds($0.baseAddress!, count: count ?? keys.count, awake: awake, half: half, on: SerialRunner(), task: Self.comparison)
            }
        }
        #expect(holds(recorded))
        #expect(!holds(recorded, awake: 81))
        #expect(!holds(recorded, half: 39))
        #expect(!holds(recorded + [recorded[0]]))
        #expect(!holds(recorded, count: count - 1))
        // One bit of the last key (its last bytes are compared one by one when the total is not a
        // multiple of 32).
        var changed = recorded
        changed[count - 1].bits ^= SolverKey.movableB
        #expect(!holds(changed))
        changed = recorded
        changed[0].denseB = -1
        #expect(!holds(changed))
        // A key in any part of the comparison (it runs in `KeyComparisonKernel.parts` parts).
        for k in 0..<count {
            changed = recorded
            changed[k].denseA ^= 1 << 20
            #expect(!holds(changed), "key \(k) of \(count) changed")
        }
    }

    /// The comparison's task holder.
    static let comparison = KernelTask<KeyComparisonKernel>()

    /// One step's colouring with these keys, as `World.colorContacts` does it: whether it was kept.
    static func colour(_ keys: [SolverKey], _ kept: inout KeptContactColoring) -> Bool {
        keys.withUnsafeBufferPointer { buffer in
            if kept.holds(buffer.baseAddress!, count: buffer.count, awake: 80, half: 40, on: SerialRunner(), task: comparison) {
                kept.noteKept()
                return true
            }
            kept.noteColoredAgain(buffer.baseAddress!, count: buffer.count, awake: 80, half: 40, room: buffer.count)
            return false
        }
    }

    @Test("stops recording while the keys keep changing, and keeps again soon after they stop")
    func backsOffWhileKeysChange() {
        var kept = KeptContactColoring()
        var keys = Self.keys(16)
        let misses = KeptContactColoring.missesBeforeBackOff, interval = KeptContactColoring.backOffInterval
        // Keys that change on every step (one contact's body moves along): never kept. The first
        // `misses` colourings record their keys, then one in `interval`.
        var recorded = 0
        for step in 0..<(misses + 2 * interval) {
            keys[step % 16].denseB += 1
            #expect(!Self.colour(keys, &kept), "step \(step)")
            if kept.isValid { recorded += 1 }
        }
        #expect(recorded == misses + 2, "recorded \(recorded) of \(misses + 2 * interval) colourings")

        // Keys that stop changing: kept again within one interval, and from then on every step.
        // The last colouring above recorded keys that have changed since, so the first steps
        // of the settled keys are not kept: recording is backing off.
        keys[0].denseB += 1
        var firstKept: Int?
        for step in 0..<(interval + 1) where Self.colour(keys, &kept) {
            firstKept = step
            break
        }
        #expect(firstKept != nil, "kept within \(interval + 1) colourings of the keys settling")
        #expect(firstKept.map { $0 > 1 } == true, "not kept on the second colouring: it was backing off")
        for step in 0..<20 { #expect(Self.colour(keys, &kept), "settled step \(step)") }
        #expect(kept.misses == 0)
    }
}

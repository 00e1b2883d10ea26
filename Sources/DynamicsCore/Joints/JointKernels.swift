/// The three passes the sub-steps make over joints.
enum JointPass {
    case warmStart, solve, relax
}

/// Computes the per-step frame of each active joint: dense indices, masses, anchors, centre offset.
struct PrepareJointsKernel: ChunkKernel {
    var records: UnsafeMutablePointer<JointRecord>
    var active: UnsafePointer<Int32>
    var denseOfSlot: UnsafePointer<Int32>
    var sims: UnsafePointer<BodySim>
    var awake: Int
    /// Joint ranges per colour in `active`, and per colour the pins and distance joints at the
    /// front of its range: those are solved four wide, and the kernel that builds their blocks
    /// prepares them (`PrepareJointBlocksKernel`), so they are passed over here.
    var colorOffsets: UnsafePointer<Int32>
    var pinCounts: UnsafePointer<Int32>
    var distanceCounts: UnsafePointer<Int32>

    func run(_ range: Range<Int>) {
        var color = 0
        for k in range {
            while k >= Int(colorOffsets[color + 1]) { color += 1 }
            let wide = Int(pinCounts[color]) + Int(distanceCounts[color])
            guard k - Int(colorOffsets[color]) >= wide else { continue }
            records[Int(active[k])].prepare(denseOfSlot: denseOfSlot, sims: sims, awake: awake)
        }
    }
}

/// One pass over a run of joints of one colour (`active` points at the first slot index of all).
struct JointPassKernel: ChunkKernel {
    var records: UnsafeMutablePointer<JointRecord>
    var active: UnsafePointer<Int32>
    var pass: JointPass
    var context: SolverContext
    /// While the contacts' warm start is carried beside these joints (`VelocityCarry`): per awake
    /// body, what the joints changed in its velocities this sub-step, which the carry leaves out.
    var changes: UnsafeMutablePointer<SIMD4<Float>>? = nil
    /// The awake bodies' count (the rows of `changes`).
    var awakeCount = 0

    func run(_ range: Range<Int>) {
        if let changes {
            for k in range { measured(records + Int(active[k]), changes) }
            return
        }
        switch pass {
        case .warmStart: for k in range { records[Int(active[k])].warmStart(context) }
        case .solve: for k in range { records[Int(active[k])].solve(context, useBias: true) }
        case .relax: for k in range { records[Int(active[k])].solve(context, useBias: false) }
        }
    }

    /// Runs this pass for the joint at `joint` and adds what it changed in the velocities of
    /// each of its bodies that can move to that body's row of `changes` (new minus old).
    @inline(__always)
    func measured(_ joint: UnsafeMutablePointer<JointRecord>, _ changes: UnsafeMutablePointer<SIMD4<Float>>) {
        let dA = Int(joint.pointee.denseA), dB = Int(joint.pointee.denseB)
        let movesA = dA >= 0 && dA < awakeCount && joint.pointee.massA > 0
        let movesB = dB >= 0 && dB < awakeCount && joint.pointee.massB > 0
        let states = context.states
        @inline(__always) func velocity(_ d: Int) -> SIMD4<Float> {
            SIMD4(states[d].linearVelocity.x, states[d].linearVelocity.y, states[d].angularVelocity, 0)
        }
        let oldA = movesA ? velocity(dA) : .zero, oldB = movesB ? velocity(dB) : .zero
        switch pass {
        case .warmStart: joint.pointee.warmStart(context)
        case .solve: joint.pointee.solve(context, useBias: true)
        case .relax: joint.pointee.solve(context, useBias: false)
        }
        if movesA { changes[dA] += velocity(dA) - oldA }
        if movesB { changes[dB] += velocity(dB) - oldB }
    }
}

extension JointRecord {
    /// The step's frame from the bodies' current poses.
    @inline(__always)
    mutating func prepare(denseOfSlot: UnsafePointer<Int32>, sims: UnsafePointer<BodySim>, awake: Int) {
        var centerA = Vec2.zero, centerB = Vec2.zero
        var rotationA = Rotation.identity, rotationB = Rotation.identity
        if bodyA >= 0 {
            let dA = Int(denseOfSlot[Int(bodyA)])
            let sim = sims[dA]
            centerA = sim.center; rotationA = sim.rotation
            anchorA = sim.rotation.apply(localAnchorA - sim.localCenter)
            denseA = dA < awake ? Int32(dA) : -1
            massA = dA < awake ? sim.invMass : 0
            inertiaA = dA < awake ? sim.invInertia : 0
        }
        if bodyB >= 0 {
            let dB = Int(denseOfSlot[Int(bodyB)])
            let sim = sims[dB]
            centerB = sim.center; rotationB = sim.rotation
            anchorB = sim.rotation.apply(localAnchorB - sim.localCenter)
            denseB = dB < awake ? Int32(dB) : -1
            massB = dB < awake ? sim.invMass : 0
            inertiaB = dB < awake ? sim.invInertia : 0
        } else {
            anchorB = localAnchorB
            denseB = -1; massB = 0; inertiaB = 0
        }
        deltaCenter = kind == .target ? centerA - target : centerB - centerA
        // The relative angle (an atan2, most of a pin's preparation) only for the kinds whose
        // rows use it; the axis only for the prismatic joint.
        if kind == .weld || kind == .prismatic || (kind == .revolute && options.contains(.limit)) {
            deltaAngle = rotationB.relativeAngle(to: rotationA) - referenceAngle
        }
        if kind == .prismatic { axisA = rotationA.apply(localAxisA) }
    }
}

extension World {
    /// Colours the joints with an awake body, computes their per-step frames, and packs the
    /// plain pins and the distance joints without limit of each colour four to a block.
    func prepareJoints(_ context: SolverContext) {
        let awake = bodies.awakeCount
        let sims = UnsafePointer(bodies.sim.base), denseOf = UnsafePointer(bodies.denseOfSlot.base)
        if !keepsJointColoring { joints.gatheredFrom = nil }
        joints.gatherActive(awake: awake, denseOfSlot: denseOf, sims: sims, wideJoints: solvesJointsFourWide,
                            bodiesVersion: bodies.membershipVersion)
        // Where every active joint is solved four wide (the joint grid's 20 000 pins, the ropes'
        // rods), the blocks' kernels prepare them all, and this pass would only step over them.
        if measuredJointCount > 0 {
            parallel(tasks.prepareJoints,
                     PrepareJointsKernel(records: joints.records.base, active: joints.active.base, denseOfSlot: denseOf,
                                         sims: sims, awake: awake, colorOffsets: joints.coloring.offsets.base,
                                         pinCounts: joints.pinCounts.base, distanceCounts: joints.distanceCounts.base),
                     count: joints.active.count, minimumChunk: 512)
        }
        let pinBlocks = Self.layOutJointBlocks(counts: joints.pinCounts.base, offsets: &joints.pinBlockOffsets)
        joints.pinBlocks.resizeUninitialized(to: pinBlocks)
        buildJointBlocks(tasks.preparePinBlocks, joints.pinBlocks.base, count: pinBlocks,
                         offsets: joints.pinBlockOffsets.base, counts: joints.pinCounts.base, before: nil, context)
        let distanceBlocks = Self.layOutJointBlocks(counts: joints.distanceCounts.base, offsets: &joints.distanceBlockOffsets)
        joints.distanceBlocks.resizeUninitialized(to: distanceBlocks)
        buildJointBlocks(tasks.prepareDistanceBlocks, joints.distanceBlocks.base, count: distanceBlocks,
                         offsets: joints.distanceBlockOffsets.base, counts: joints.distanceCounts.base,
                         before: joints.pinCounts.base, context)
    }

    /// Sets each colour's range of one kind's blocks (`counts` joints a colour, four to a block)
    /// and returns how many blocks there are.
    static func layOutJointBlocks(counts: UnsafePointer<Int32>, offsets: inout Column<Int32>) -> Int {
        offsets.resize(to: GraphColoring.maxColors + 1, filling: 0)
        var blocks = 0
        for color in 0..<GraphColoring.maxColors {
            offsets[color] = Int32(blocks)
            blocks += (Int(counts[color]) + 3) / 4
        }
        offsets[GraphColoring.maxColors] = Int32(blocks)
        return blocks
    }

    /// The fewest blocks a thread takes at a time in `buildJointBlocks` (in whole rounds).
    static let jointBlockChunk = 128

    /// Builds `count` blocks of one kind from the prepared records on the workers, in rounds
    /// (see `PrepareJointBlocksKernel`).
    func buildJointBlocks<Block: WideJointBlock>(_ task: KernelTask<PrepareJointBlocksKernel<Block>>,
                                                 _ blocks: UnsafeMutablePointer<Block>, count: Int,
                                                 offsets: UnsafePointer<Int32>, counts: UnsafePointer<Int32>,
                                                 before: UnsafePointer<Int32>?, _ context: SolverContext) {
        let rounds = ColorRounds(jointBlockOffsets: offsets)
        // Whole rounds of about `jointBlockChunk` blocks at least.
        let roundsAtOnce = max(1, (Self.jointBlockChunk * rounds.count + count - 1) / max(count, 1))
        parallel(task, PrepareJointBlocksKernel(records: joints.records.base, active: UnsafePointer(joints.active.base),
                                                denseOfSlot: UnsafePointer(bodies.denseOfSlot.base),
                                                sims: UnsafePointer(bodies.sim.base), awake: bodies.awakeCount,
                                                blocks: blocks, blockOffsets: offsets, colorOffsets: joints.coloring.offsets.base,
                                                counts: counts, before: before, restingIndex: context.restingIndex,
                                                rounds: rounds),
                 count: rounds.count, minimumChunk: roundsAtOnce)
    }

    /// Adds the stages that write the pins' and distance joints' impulses back to their records,
    /// for the next step's warm start. `firstStore` is the index the first store stage of the step
    /// has (or will have) in the program: a store after it may overlap it.
    func appendJointImpulseStores(after firstStore: Int) {
        tasks.storePinImpulses.kernel = StoreJointImpulsesKernel(blocks: joints.pinBlocks.base, records: joints.records.base)
        program.append(tasks.storePinImpulses, 0..<joints.pinBlocks.count, minimumChunk: 256,
                       overlapsPrevious: program.stages.count > firstStore)
        tasks.storeDistanceImpulses.kernel = StoreJointImpulsesKernel(blocks: joints.distanceBlocks.base, records: joints.records.base)
        program.append(tasks.storeDistanceImpulses, 0..<joints.distanceBlocks.count, minimumChunk: 256,
                       overlapsPrevious: program.stages.count > firstStore)
    }

    /// How many active joints are plain pins solved four wide (not waiting in the overflow
    /// colour). None before the joints were first coloured.
    var activePinCount: Int { Self.total(joints.pinCounts) }

    /// How many active joints are distance joints without limits solved four wide (not waiting
    /// in the overflow colour). None before the joints were first coloured.
    var activeWideDistanceCount: Int { Self.total(joints.distanceCounts) }

    /// The sum of one kind's joints over the colours (0 before the joints were first coloured).
    private static func total(_ counts: borrowing Column<Int32>) -> Int {
        guard counts.count >= GraphColoring.maxColors else { return 0 }
        var total = 0
        for color in 0..<GraphColoring.maxColors { total += Int(counts[color]) }
        return total
    }

    /// Adds one pass over the active joints to the program, colour by colour: a colour's pin
    /// blocks, then its distance blocks and its other joints (each overlapping the stage before),
    /// each in chunks on the workers. The overflow colour runs on one thread, last. `carried`: the
    /// carried velocities, while the warm start is carried: the blocks' solve and relax passes
    /// carry what the bodies' motion does to their warm start (`WidePinBlock.solve`,
    /// `WideDistanceBlock.solve`), and the other joints note what they change
    /// (`World.jointVelocityChanges`). Without `wideBlocks`, the blocks are left out (their warm
    /// start is carried while the other joints' is not).
    func appendJointPass(_ pass: JointPass, _ context: SolverContext, carried: UnsafeMutablePointer<SIMD4<Float>>? = nil,
                         wideBlocks: Bool = true) {
        let count = joints.active.count
        guard count > 0 else { return }
        let offsets = joints.coloring.offsets.base, blockOffsets = joints.pinBlockOffsets.base
        let distanceOffsets = joints.distanceBlockOffsets.base
        let carrying = carried != nil
        let pins = tasks.pinPasses.task(pass, carrying: carrying), distances = tasks.distancePasses.task(pass, carrying: carrying)
        let others = tasks.jointPasses.task(pass, carrying: carrying)
        let changes = carried == nil ? nil : jointVelocityChanges.base
        pins.kernel = PinPassKernel(blocks: joints.pinBlocks.base, pass: pass, context: context, carried: carried,
                                    pairsAtOnce: solvesJointBlocksInPairs && PinPassKernel.solvesPairs)
        distances.kernel = DistancePassKernel(blocks: joints.distanceBlocks.base, pass: pass, context: context, carried: carried,
                                              pairsAtOnce: solvesJointBlocksInPairs && DistancePassKernel.solvesPairs)
        others.kernel = JointPassKernel(records: joints.records.base, active: UnsafePointer(joints.active.base),
                                        pass: pass, context: context, changes: changes, awakeCount: bodies.awakeCount)
        for color in 0..<GraphColoring.maxColors {
            let start = Int(offsets[color]), end = Int(offsets[color + 1])
            guard end > start else { continue }
            let pinBlocks = wideBlocks ? Int(blockOffsets[color])..<Int(blockOffsets[color + 1]) : 0..<0
            let distanceBlocks = wideBlocks ? Int(distanceOffsets[color])..<Int(distanceOffsets[color + 1]) : 0..<0
            program.append(pins, pinBlocks, minimumChunk: 32)
            // A colour's joints share no body, so its distance joints and the rest need not wait for its pins.
            program.append(distances, distanceBlocks, minimumChunk: 32, overlapsPrevious: !pinBlocks.isEmpty)
            let wide = Int(joints.pinCounts[color]) + Int(joints.distanceCounts[color])
            program.append(others, (start + wide)..<end, minimumChunk: 128,
                           overlapsPrevious: !pinBlocks.isEmpty || !distanceBlocks.isEmpty)
        }
        program.appendSerial(others, Int(offsets[GraphColoring.maxColors])..<count)
    }
}

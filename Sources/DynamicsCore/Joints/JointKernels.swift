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

    func run(_ range: Range<Int>) {
        for k in range { records[Int(active[k])].prepare(denseOfSlot: denseOfSlot, sims: sims, awake: awake) }
    }
}

/// One pass over a run of joints of one colour (`active` points at the run's first slot index).
struct JointPassKernel: ChunkKernel {
    var records: UnsafeMutablePointer<JointRecord>
    var active: UnsafePointer<Int32>
    var pass: JointPass
    var context: SolverContext

    func run(_ range: Range<Int>) {
        switch pass {
        case .warmStart: for k in range { records[Int(active[k])].warmStart(context) }
        case .solve: for k in range { records[Int(active[k])].solve(context, useBias: true) }
        case .relax: for k in range { records[Int(active[k])].solve(context, useBias: false) }
        }
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
        deltaAngle = rotationB.relativeAngle(to: rotationA) - referenceAngle
        axisA = rotationA.apply(localAxisA)
    }
}

extension World {
    /// Colours the joints with an awake body and computes their per-step frames.
    func prepareJoints() {
        let awake = bodies.awakeCount
        let sims = UnsafePointer(bodies.sim.base), denseOf = UnsafePointer(bodies.denseOfSlot.base)
        joints.gatherActive(awake: awake, denseOfSlot: denseOf, sims: sims)
        parallel(tasks.prepareJoints,
                 PrepareJointsKernel(records: joints.records.base, active: joints.active.base, denseOfSlot: denseOf,
                                     sims: sims, awake: awake),
                 count: joints.active.count, minimumChunk: 512)
    }

    /// One pass over the active joints, colour by colour; inside a colour, chunks run on the
    /// workers. The overflow colour runs serially, last.
    func runJointPass(_ pass: JointPass, _ context: SolverContext) {
        let count = joints.active.count
        guard count > 0 else { return }
        let records = joints.records.base, active = UnsafePointer(joints.active.base)
        let offsets = joints.coloring.offsets.base
        for color in 0..<GraphColoring.maxColors {
            let start = Int(offsets[color]), end = Int(offsets[color + 1])
            guard end > start else { continue }
            parallel(tasks.jointPass, JointPassKernel(records: records, active: active + start, pass: pass, context: context),
                     count: end - start, minimumChunk: 128)
        }
        let overflowStart = Int(offsets[GraphColoring.maxColors])
        JointPassKernel(records: records, active: active + overflowStart, pass: pass, context: context)
            .run(0..<(count - overflowStart))
    }
}

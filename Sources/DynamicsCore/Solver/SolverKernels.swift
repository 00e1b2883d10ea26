/// Clears each awake body's per-step motion before the sub-steps.
struct ResetDeltasKernel: ChunkKernel {
    var states: UnsafeMutablePointer<BodyState>
    func run(_ range: Range<Int>) {
        for i in range {
            states[i].deltaPosition = .zero
            states[i].deltaRotation = .identity
        }
    }
}

/// Gravity, forces and damping for one sub-step.
struct IntegrateVelocitiesKernel: ChunkKernel {
    var integrator: Integrator
    func run(_ range: Range<Int>) { integrator.integrateVelocities(range) }
}

/// Positions and rotations for one sub-step.
struct IntegratePositionsKernel: ChunkKernel {
    var integrator: Integrator
    var backend: VectorBackend
    func run(_ range: Range<Int>) { integrator.integratePositions(range, backend: backend) }
}

/// The four passes the sub-steps make over contact constraints.
enum ContactPass {
    case warmStart, solve, relax, restitution
}

/// What the contact passes need from a constraint record, scalar or four-wide.
protocol ContactSolving {
    func warmStart(_ states: UnsafeMutablePointer<BodyState>)
    mutating func solve(_ context: SolverContext, useBias: Bool)
    mutating func applyRestitution(_ context: SolverContext)
}

extension ContactConstraint: ContactSolving {}
extension WideContactConstraint: ContactSolving {}

/// One pass over a run of constraints of one colour (`base` points at the run's first record).
struct ContactPassKernel<Constraint: ContactSolving>: ChunkKernel {
    var base: UnsafeMutablePointer<Constraint>
    var pass: ContactPass
    var context: SolverContext
    func run(_ range: Range<Int>) {
        switch pass {
        case .warmStart: for k in range { base[k].warmStart(context.states) }
        case .solve: for k in range { base[k].solve(context, useBias: true) }
        case .relax: for k in range { base[k].solve(context, useBias: false) }
        case .restitution: for k in range { base[k].applyRestitution(context) }
        }
    }
}

/// Writes the wide blocks' impulses back into their contacts.
struct StoreWideImpulsesKernel: ChunkKernel {
    var blocks: UnsafePointer<WideContactConstraint>
    var contacts: UnsafeMutablePointer<Contact>
    func run(_ range: Range<Int>) {
        for k in range { blocks[k].storeImpulses(contacts) }
    }
}

/// Builds the constraint of each touching contact, in colour order.
struct PrepareContactsKernel: ChunkKernel {
    var ordered: UnsafePointer<Int32>
    var out: UnsafeMutablePointer<ContactConstraint>
    var contacts: UnsafePointer<Contact>
    var denseOfSlot: UnsafePointer<Int32>
    var sims: UnsafePointer<BodySim>
    var awake: Int
    var context: SolverContext

    func run(_ range: Range<Int>) {
        for k in range {
            let contactIndex = Int(ordered[k])
            let c = contacts[contactIndex]
            let dA = Int(denseOfSlot[Int(c.bodyA)]), dB = Int(denseOfSlot[Int(c.bodyB)])
            let indexA: Int32 = dA < awake ? Int32(dA) : -1
            let indexB: Int32 = dB < awake ? Int32(dB) : -1
            let mA = indexA >= 0 ? sims[dA].invMass : 0, iA = indexA >= 0 ? sims[dA].invInertia : 0
            let mB = indexB >= 0 ? sims[dB].invMass : 0, iB = indexB >= 0 ? sims[dB].invInertia : 0
            let a = loadState(context.states, indexA), b = loadState(context.states, indexB)
            let m = c.manifold
            let p0 = ContactConstraint.preparePoint(m.point0, normal: m.normal, mA: mA, iA: iA, mB: mB, iB: iB, a: a, b: b)
            let p1 = m.pointCount > 1
                ? ContactConstraint.preparePoint(m.point1, normal: m.normal, mA: mA, iA: iA, mB: mB, iB: iB, a: a, b: b) : p0
            out[k] = ContactConstraint(
                denseA: indexA, denseB: indexB, contactIndex: Int32(contactIndex), pointCount: m.pointCount,
                normal: m.normal, friction: c.friction, restitution: c.restitution,
                massA: mA, inertiaA: iA, massB: mB, inertiaB: iB,
                softness: (mA == 0 || mB == 0) ? context.staticSoftness : context.contactSoftness,
                point0: p0, point1: p1)
        }
    }
}

/// Writes accumulated impulses back into the contacts' manifolds for warm starting.
struct StoreImpulsesKernel: ChunkKernel {
    var constraints: UnsafePointer<ContactConstraint>
    var contacts: UnsafeMutablePointer<Contact>
    func run(_ range: Range<Int>) {
        for k in range {
            let c = constraints[k]
            let i = Int(c.contactIndex)
            contacts[i].manifold.point0.normalImpulse = c.point0.normalImpulse
            contacts[i].manifold.point0.tangentImpulse = c.point0.tangentImpulse
            if c.pointCount > 1 {
                contacts[i].manifold.point1.normalImpulse = c.point1.normalImpulse
                contacts[i].manifold.point1.tangentImpulse = c.point1.tangentImpulse
            }
        }
    }
}

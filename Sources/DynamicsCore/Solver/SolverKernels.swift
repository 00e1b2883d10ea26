import CKernelSupport

/// Clears each awake body's per-step motion before the sub-steps, and copies its inverse mass
/// into its state (`BodyState.inverseMass`, which the wide contact passes read).
struct ResetDeltasKernel: ChunkKernel {
    var states: UnsafeMutablePointer<BodyState>
    /// Also copies each awake body's inverse mass and inertia to `inverseMasses`, which the block
    /// preparation reads instead of the 88-byte records, and works out its `VelocityStep`.
    var sims: UnsafePointer<BodySim>
    var inverseMasses: UnsafeMutablePointer<SIMD2<Float>>
    var velocitySteps: UnsafeMutablePointer<VelocityStep>
    /// The world's gravity and the sub-step length, for the velocity steps.
    var gravity: Vec2
    var h: Float
    func run(_ range: Range<Int>) {
        for i in range {
            let sim = sims[i]
            states[i].deltaPosition = .zero
            states[i].deltaRotation = .identity
            states[i].inverseMass = sim.invMass
            inverseMasses[i] = SIMD2(sim.invMass, sim.invInertia)
            velocitySteps[i] = VelocityStep(sim, gravity: gravity, h: h)
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

/// The passes the sub-steps make over contact constraints. `cappingRelax` is the relax pass of
/// every sub-step but the last: it also caps what each point carries into the next sub-step
/// (`World.warmStartGrowth`, given in its context). The last sub-step's impulses warm-start the
/// next step uncapped, so that a contact's load can grow from step to step.
enum ContactPass {
    case warmStart, solve, relax, cappingRelax, restitution

    /// Runs this pass over the scalar constraints `base[range]`, in order.
    @inline(__always)
    func run(over base: UnsafeMutablePointer<ContactConstraint>, _ range: Range<Int>, _ context: SolverContext) {
        switch self {
        case .warmStart: for k in range { base[k].warmStart(context.states) }
        case .solve: for k in range { base[k].solve(context, useBias: true) }
        case .relax, .cappingRelax: for k in range { base[k].solve(context, useBias: false) }
        case .restitution: for k in range { base[k].applyRestitution(context) }
        }
    }

    /// The same pass in CKernelSupport's wide contact passes.
    var wideKind: dynamics_contact_pass_kind {
        switch self {
        case .warmStart: dynamics_contact_warm_start
        case .solve: dynamics_contact_solve
        case .relax, .cappingRelax: dynamics_contact_relax
        case .restitution: dynamics_contact_restitution
        }
    }
}

/// One pass over a run of wide blocks of one colour (`base` points at the run's first block), in
/// CKernelSupport (`dynamics_contact_pass`): compiled for the baseline and for AVX, chosen at run
/// time, with the same arithmetic as `ContactConstraint.solve` lane by lane.
struct ContactPassKernel: ChunkKernel {
    /// The first pair of blocks; the range runs over pairs.
    var base: UnsafeMutablePointer<WideContactPair>
    var pass: ContactPass
    var constants: dynamics_contact_pass_constants

    /// A pass over the pairs at `base`, whose second points are at `secondPoints`, extras at
    /// `extras` and normal impulses at the step start at `startImpulses` (which a capping relax
    /// pass reads: `SolverContext.warmStartGrowth`). With `keepLargestImpulses` (when a contact
    /// may bounce), the solve and relax passes keep each point's largest normal impulse of the
    /// step in the extras, for the restitution pass. With `prefetchesPairs` (when the pairs stream from memory,
    /// `World.prefetchingPairBytes`), the passes load pairs ahead, and with `prefetchesStates` (when
    /// the pairs and the states outgrow the last-level cache, `World.prefetchesBodyStates`) the
    /// states of the pairs' bodies. With `skipsSpeculativePairs`, the
    /// solve and relax passes leave alone the pairs that `pointCounts` marks speculative while
    /// solving them would change nothing (`World.skipsSpeculativePairs`).
    init(base: UnsafeMutablePointer<WideContactPair>, secondPoints: UnsafeMutablePointer<WidePointPair>,
         extras: UnsafeMutablePointer<WideContactExtra>, startImpulses: UnsafePointer<SIMD8<Float>>,
         pointCounts: UnsafePointer<UInt8>?, pass: ContactPass,
         context: SolverContext, keepLargestImpulses: Bool, prefetchesPairs: Bool, prefetchesStates: Bool,
         skipsSpeculativePairs: Bool) {
        self.base = base
        self.pass = pass
        @inline(__always) func wide(_ s: Softness) -> dynamics_softness {
            dynamics_softness(biasRate: s.biasRate, massScale: s.massScale, impulseScale: s.impulseScale)
        }
        constants = dynamics_contact_pass_constants(states: UnsafeMutableRawPointer(context.states),
                                                    secondPoints: secondPoints, extras: extras,
                                                    pointCounts: pointCounts, startImpulses: startImpulses,
                                                    inverseH: context.inverseH,
                                                    pushMaxVelocity: context.pushMaxVelocity,
                                                    restitutionThreshold: context.restitutionThreshold,
                                                    contacts: wide(context.contactSoftness),
                                                    statics: wide(context.staticSoftness),
                                                    keepLargestImpulses: keepLargestImpulses ? 1 : 0,
                                                    prefetchPairs: prefetchesPairs ? 1 : 0,
                                                    prefetchStates: prefetchesStates ? 1 : 0,
                                                    skipsSpeculativePairs: skipsSpeculativePairs ? 1 : 0,
                                                    warmStartGrowth: context.warmStartGrowth,
                                                    warmStartFloor: context.warmStartFloor,
                                                    carried: context.carried.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Float.self) })
    }

    func run(_ range: Range<Int>) {
        withUnsafePointer(to: constants) {
            dynamics_contact_pass(pass.wideKind, base, Int64(range.lowerBound), Int64(range.upperBound), $0)
        }
    }
}

/// One pass over the colours from `firstColor` on, each no larger than one chunk
/// (`World.smallColorsFrom`), colour after colour on one thread: in colour order, or from the last
/// colour back with `backwards`, each colour's pairs in order. The same order as a stage a colour,
/// so the same bits. Its range is the pairs of those colours, run whole.
struct SmallColorsPassKernel: ChunkKernel {
    var pass: ContactPassKernel
    /// Block ranges per colour (`GraphColoring.maxColors + 1` entries, each range even).
    var wideOffsets: UnsafePointer<Int32>
    var firstColor: Int
    var backwards: Bool

    func run(_ range: Range<Int>) {
        for step in firstColor..<GraphColoring.maxColors {
            let color = backwards ? GraphColoring.maxColors - 1 - (step - firstColor) : step
            let pairs = Int(wideOffsets[color]) / 2..<Int(wideOffsets[color + 1]) / 2
            if !pairs.isEmpty { pass.run(pairs.clamped(to: range)) }
        }
    }
}

/// One pass over the overflow colour's scalar constraints, in order, on one thread.
struct OverflowPassKernel: ChunkKernel {
    var base: UnsafeMutablePointer<ContactConstraint>
    var pass: ContactPass
    var context: SolverContext
    func run(_ range: Range<Int>) { pass.run(over: base, range, context) }
}

/// Writes the wide blocks' impulses back to their contacts' impulse records.
struct StoreWideImpulsesKernel: ChunkKernel {
    var pairs: UnsafePointer<WideContactPair>
    var secondPoints: UnsafePointer<WidePointPair>
    var extras: UnsafePointer<WideContactExtra>
    /// Each pair's point count and speculative mark (`World.widePointCounts`).
    var pointCounts: UnsafePointer<UInt8>
    var impulses: UnsafeMutablePointer<ContactImpulses>
    /// The kernel runs over these rounds of the pairs: each line of the impulse records is then
    /// written once, not once a colour (see `ColorRounds`).
    var rounds: ColorRounds
    /// How many pairs ahead the impulse records to be written are prefetched.
    static let prefetchDistance = 1

    func run(_ range: Range<Int>) {
        for r in range {
            for color in 0..<rounds.colorCount {
                let colorPairs = rounds.pairs(of: color, inRound: r)
                for k in colorPairs {
                    // A pair's lanes write to records far apart: ask for the next pair's lines early.
                    if k + Self.prefetchDistance < colorPairs.upperBound { prefetch(extras + k + Self.prefetchDistance) }
                    WideContactPair.storeImpulses(of: pairs + k, second: secondPoints + k, extra: extras + k,
                                                  onePoint: !BlockShape(pairByte: pointCounts[k]).twoPoints,
                                                  into: impulses)
                }
            }
        }
    }

    /// Prefetches the impulse records of the contacts of the lanes of the pair whose extra is `extra`.
    @inline(__always)
    func prefetch(_ extra: UnsafePointer<WideContactExtra>) {
        let index = extra.pointee.contactIndex
        for lane in 0..<8 where index[lane] >= 0 { dynamics_prefetch(impulses + Int(index[lane])) }
    }
}

/// Builds the constraint of each touching contact, in colour order (used for the overflow colour).
struct PrepareContactsKernel: ChunkKernel {
    var ordered: UnsafePointer<SolverSource>
    /// Where the constraint of `ordered[k]` goes: `out[k - outFirst]`.
    var out: UnsafeMutablePointer<ContactConstraint>
    /// The colour-order index whose constraint `out[0]` holds (the overflow colour's first).
    var outFirst = 0
    /// The contacts' solver manifolds, by contact index.
    var manifolds: UnsafePointer<SolverManifold>
    var impulses: UnsafePointer<ContactImpulses>
    var sims: UnsafePointer<BodySim>
    /// Per awake body, its inverse mass and inverse inertia (`World.awakeInverseMasses`).
    var inverseMasses: UnsafePointer<SIMD2<Float>>
    var context: SolverContext
    /// Whether the wide blocks get what only restitution reads (each lane's restitution, impact
    /// speeds and largest-impulse slots, in the pairs' extras). Without a contact that can
    /// bounce, no pass reads them, and each block skips gathering its bodies' velocities.
    var keepsImpactSpeeds = true
    /// Whether `dynamics_prepare_pair` writes each pair, second point and start impulses with
    /// non-temporal stores (`dynamics_prepare_inputs.streamsPairs`): for pairs too many to stay
    /// in the caches until the passes read them. Side by side on rain-100k (`dynamics kernels`,
    /// one world streaming, the same states): 1.02× and 1.03× on one thread, 1.01× on two;
    /// rain-50k and rain-30k (the latter streaming in the test only) 1.02×.
    var streamsPairs = false

    func run(_ range: Range<Int>) {
        for k in range { out[k - outFirst] = prepare(ordered[k]) }
    }

    /// What `dynamics_prepare_pair` reads, from this kernel's records (`prepareBlock` reads the same).
    func pairInputs(restingIndex: Int32) -> dynamics_prepare_inputs {
        dynamics_prepare_inputs(
            contacts: UnsafeRawPointer(manifolds), contactStride: Int64(MemoryLayout<SolverManifold>.stride),
            materialOffset: Int64(Self.materialOffset), frameOffset: Int64(Self.normalOffset),
            anchors0Offset: Int64(Self.point0Offset), anchors1Offset: Int64(Self.point1Offset),
            separation0Offset: Int64(Self.separation0Offset), separation1Offset: Int64(Self.separation1Offset),
            impulses: UnsafeRawPointer(impulses), inverseMasses: UnsafeRawPointer(inverseMasses).assumingMemoryBound(to: Float.self),
            states: UnsafeRawPointer(context.states), restingIndex: restingIndex, keepsImpactSpeeds: keepsImpactSpeeds ? 1 : 0,
            streamsPairs: streamsPairs ? 1 : 0)
    }

    /// The constraint of `source`'s contact, from the bodies' current state.
    @inline(__always)
    func prepare(_ source: SolverSource) -> ContactConstraint {
        let contactIndex = Int(source.contact)
        let indexA = source.denseA, indexB = source.denseB
        let dA = Int(indexA), dB = Int(indexB)
        let mA = indexA >= 0 ? sims[dA].invMass : 0, iA = indexA >= 0 ? sims[dA].invInertia : 0
        let mB = indexB >= 0 ? sims[dB].invMass : 0, iB = indexB >= 0 ? sims[dB].invInertia : 0
        let a = loadState(context.states, indexA), b = loadState(context.states, indexB)
        let m = manifolds[contactIndex]
        let warm = impulses[contactIndex]
        let p0 = ContactConstraint.preparePoint(anchorA: m.anchorA0, anchorB: m.anchorB0, separation: m.separation0,
                                                normalImpulse: warm.normal0, tangentImpulse: warm.tangent0,
                                                normal: m.normal, mA: mA, iA: iA, mB: mB, iB: iB, a: a, b: b)
        let p1 = m.pointCount > 1
            ? ContactConstraint.preparePoint(anchorA: m.anchorA1, anchorB: m.anchorB1, separation: m.separation1,
                                             normalImpulse: warm.normal1, tangentImpulse: warm.tangent1,
                                             normal: m.normal, mA: mA, iA: iA, mB: mB, iB: iB, a: a, b: b) : p0
        return ContactConstraint(
            denseA: indexA, denseB: indexB, contactIndex: Int32(contactIndex), pointCount: m.pointCount,
            normal: m.normal, friction: m.friction, restitution: m.restitution,
            massA: mA, inertiaA: iA, massB: mB, inertiaB: iB,
            softness: (mA == 0 || mB == 0) ? context.staticSoftness : context.contactSoftness,
            point0: p0, point1: p1)
    }
}

/// Writes the overflow constraints' impulses back to their contacts' impulse records, for warm starting.
struct StoreImpulsesKernel: ChunkKernel {
    var constraints: UnsafePointer<ContactConstraint>
    var impulses: UnsafeMutablePointer<ContactImpulses>
    func run(_ range: Range<Int>) {
        for k in range {
            let c = constraints[k]
            let second = c.pointCount > 1 ? c.point1 : .zero
            impulses[Int(c.contactIndex)] = ContactImpulses(normal0: c.point0.normalImpulse, tangent0: c.point0.tangentImpulse,
                                                            normal1: second.normalImpulse, tangent1: second.tangentImpulse)
        }
    }
}

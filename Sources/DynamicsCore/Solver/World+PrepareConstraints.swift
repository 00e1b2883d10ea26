extension World {
    /// Clears the step's position deltas and builds the joint and contact constraints.
    func prepareConstraints(_ context: SolverContext) {
        var untimed = StepClock(enabled: false)
        prepareConstraints(context, clock: &untimed)
    }

    /// `prepareConstraints(_:)`, timing the contact colouring apart from the rest (`clock`).
    func prepareConstraints(_ context: SolverContext, clock: inout StepClock) {
        resetDeltas(context)
        prepareJoints(context)
        prepareContacts(context, clock: &clock)
    }

    /// Clears the awake bodies' position deltas and copies what the sub-steps read of their
    /// records: the inverse masses and the velocity steps (`VelocityStep`).
    func resetDeltas(_ context: SolverContext) {
        // Room for every body the store can hold, so that the copies grow with the store, not at
        // highs of the awake count of their own.
        awakeInverseMasses.reserve(bodies.sim.capacity)
        awakeInverseMasses.resizeUninitialized(to: bodies.awakeCount)
        velocitySteps.reserve(bodies.sim.capacity)
        velocitySteps.resizeUninitialized(to: bodies.awakeCount)
        // A row for every state and the resting one past them: the relax passes' cap
        // (`warmStartGrowth`) writes the rows of a block's lanes with a movable body, and a lane's
        // row index may name the resting state (whose row no pass writes: lanes on any thread
        // share it).
        carriedVelocities.reserve(bodies.sim.capacity + 1)
        carriedVelocities.resizeUninitialized(to: bodies.state.count + 1)
        jointVelocityChanges.reserve(bodies.sim.capacity)
        jointVelocityChanges.resizeUninitialized(to: bodies.awakeCount)
        parallel(tasks.resetDeltas,
                 ResetDeltasKernel(states: bodies.state.base, sims: bodies.sim.base, inverseMasses: awakeInverseMasses.base,
                                   velocitySteps: velocitySteps.base, gravity: definition.gravity, h: context.h),
                 count: bodies.awakeCount, minimumChunk: Self.resetDeltasChunk)
    }

    /// The smallest chunk of `resetDeltas`. Small, so that each thread resets the bodies it
    /// integrated last: run alone below 4 096 bodies (a chunk of 2 048), the reset read the
    /// other thread's half from its cache and took twice as long on two threads as on one
    /// (tumbler, 2 026 bodies: 9.5 µs against 4.5; cut in two, 5.4).
    static let resetDeltasChunk = 256

    /// Colours the touching contacts of awake bodies and builds their constraints, grouped by colour.
    func prepareContacts(_ context: SolverContext, clock: inout StepClock) {
        clock.lap(.prepare, into: &stepProfile)
        let awake = bodies.awakeCount
        let sims = UnsafePointer(bodies.sim.base)
        if solverKeysValid && colouringReadsKeys && solverKeys.count == contacts.count {
            if solverKeysMissWakes { refreshKeysOfWokenBodies() }
        } else {
            writeSolverKeysFromContacts()
        }
        // Used once: until the next narrowphase, the contacts are the only source.
        solverKeysValid = false
        let count = colorContacts(awake: awake)
        clock.lap(.color, into: &stepProfile)
        let ordered = orderedSources.base
        // Only the overflow colour's constraints are written as scalars (they are solved one by
        // one), and the scalar array holds that colour alone, in colour order. Sized for every
        // solved contact, most of it went unwritten, yet a growth copied it all, and so made it
        // resident (rain-100k: tens of megabytes).
        let overflowStart = coloring.overflowStart
        constraints.resizeUninitialized(to: count - overflowStart)
        var prepare = PrepareContactsKernel(ordered: ordered, out: constraints.base, outFirst: overflowStart,
                                            manifolds: UnsafePointer(solverManifolds.base),
                                            impulses: UnsafePointer(contactImpulses.base), sims: sims,
                                            inverseMasses: awakeInverseMasses.base, context: context,
                                            keepsImpactSpeeds: bouncyContactCount > 0)
        layOutWideBlocks()
        passesPrefetchPairs = widePairsStreamFromMemory
        passesPrefetchStates = bodyStatesStreamFromMemory
        // Pairs that stream from memory in the passes are written past the caches.
        prepare.streamsPairs = passesPrefetchPairs
        // Room for every contact the store can hold (see `colorContactsAgain`).
        wideSources.reserve(contacts.capacity)
        wideSources.resizeUninitialized(to: count)
        let rounds = ColorRounds(wideOffsets: wideOffsets.base)
        parallel(tasks.prepareWideBlocks,
                 PrepareWideBlocksKernel(scalar: prepare, ordered: ordered, wideSources: wideSources.base,
                                         pairs: wideConstraints.base, secondPoints: wideSecondPoints.base,
                                         extras: wideExtras.base, startImpulses: wideStartImpulses.base,
                                         pointCounts: widePointCounts.base,
                                         colorOffsets: coloring.offsets.base, restingIndex: context.restingIndex,
                                         pairsAtOnce: PrepareWideBlocksKernel.preparesPairs, rounds: rounds),
                 count: rounds.count, minimumChunk: 2)
        prepare.run(overflowStart..<count)
    }

    /// Sets each colour's range of wide blocks (four constraints per block) and sizes the block
    /// pairs. A colour with an odd number of blocks gets one of unused lanes, so that every colour
    /// starts a pair and the eight-lane passes load each field of a pair in one piece.
    func layOutWideBlocks() {
        wideOffsets.resize(to: GraphColoring.maxColors + 1, filling: 0)
        var blocks = 0
        for color in 0..<GraphColoring.maxColors {
            wideOffsets[color] = Int32(blocks)
            let n = Int(coloring.offsets[color + 1] - coloring.offsets[color])
            let needed = (n + 3) / 4
            blocks += needed + needed % 2
        }
        wideOffsets[GraphColoring.maxColors] = Int32(blocks)
        wideConstraints.resizeUninitialized(to: blocks / 2)
        wideSecondPoints.resizeUninitialized(to: blocks / 2)
        wideExtras.resizeUninitialized(to: blocks / 2)
        wideStartImpulses.resizeUninitialized(to: blocks / 2)
        widePointCounts.resizeUninitialized(to: blocks / 2)
    }
}

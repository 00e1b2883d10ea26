extension World {
    /// Runs the sub-steps of the constraints `prepareConstraints(context)` built: integrate
    /// velocities, warm start, solve with bias, integrate positions, relax without bias; then the
    /// restitution sweeps, and impulses are stored for the next step. After the first sub-step the
    /// warm start rides in the velocity integration where it can (`VelocityCarry`).
    /// It is one program of stages (see `StageProgram`), unless fields break it up.
    func solve(_ context: SolverContext) {
        appendSubSteps(context, integrate: true)
        // One restitution sweep bounces the two points of a box's manifold one after the other,
        // and the second undoes part of the first through the rotation: closed boxes with
        // e = 0.99 gained up to 15 % kinetic energy. Three sweeps bring it to 2.5 %. Without a
        // contact that can bounce, the sweeps (three passes over every colour) are skipped.
        if bouncyContactCount > 0 {
            for _ in 0..<Self.restitutionSweeps { appendContactPass(.restitution, context) }
        }
        // Each contact's and joint's impulses are written once, by one store: the stores need not
        // wait for each other, only the first for the last pass.
        let firstStore = program.stages.count
        appendImpulseStores(after: firstStore)
        appendJointImpulseStores(after: firstStore)
        runProgram()
    }

    /// Runs the stages gathered in `program` on the workers and empties it; a small scene's
    /// program runs on the calling thread alone (see `programRunsAlone`).
    func runProgram() {
        let alone = solvesSmallProgramsAlone
            && Self.programRunsAlone(itemCount: program.itemCount, stageCount: program.stages.count)
        pool.run(program: program, alone: alone)
        program.removeAll()
    }

    /// Whether a program runs on the calling thread alone: one of fewer than 16 384 items whose
    /// stages average fewer than 256 (a small scene's whole solve; rain-1k's averages about 75).
    /// Each stage is then a few chunks, and its hand-off (about half a microsecond on two threads)
    /// costs more than the other thread saves: rain-1k on 2 threads went from 0.747 to 0.621 ms
    /// per step, small-stack from 0.018 to 0.010. A program of a few large stages (the
    /// integrations between a field's evaluations) is still shared.
    static func programRunsAlone(itemCount: Int, stageCount: Int) -> Bool {
        itemCount < 16_384 && itemCount < 256 * stageCount
    }

    /// The fewest pairs of blocks a thread takes at a time in a colour's pass.
    static let contactPassChunk = 8

    /// Sweeps of the restitution pass per step (blocks without restitution skip them at once).
    static let restitutionSweeps = 3

    /// The sub-step length, softness and limits of one step of length `dt`. Places the resting
    /// state past the bodies' states first (this may move them), so add no body while the
    /// context is in use.
    func solverContext(_ dt: Float) -> SolverContext {
        let restingIndex = Int32(bodies.state.placeSentinel(.resting))
        let h = dt / Float(definition.subStepCount)
        let subStepRate = 1 / h
        let contactHertz = definition.solverContactHertz(timeStep: dt)
        return SolverContext(
            h: h, inverseH: subStepRate,
            contactSoftness: Softness(hertz: contactHertz, dampingRatio: definition.contactDampingRatio, h: h),
            staticSoftness: Softness(hertz: 2 * contactHertz, dampingRatio: definition.contactDampingRatio, h: h),
            jointSoftness: Softness(hertz: min(definition.jointHertz, 0.5 * subStepRate), dampingRatio: definition.jointDampingRatio, h: h),
            pushMaxVelocity: tolerances.contactPushMaxVelocity,
            restitutionThreshold: tolerances.restitutionThreshold,
            states: bodies.state.base, restingIndex: restingIndex)
    }

    /// The integrator of one sub-step of `context`; its velocity steps are those `resetDeltas`
    /// worked out for this step.
    func integrator(_ context: SolverContext) -> Integrator {
        Integrator(states: bodies.state.base, sims: bodies.sim.base, gravity: definition.gravity, h: context.h,
                   maxTranslation: tolerances.maxTranslation, maxRotation: tolerances.maxRotation,
                   velocitySteps: UnsafePointer(velocitySteps.base))
    }

    /// Adds the integration of the velocities of every awake body over one sub-step, with the
    /// fields' forces (evaluated first, from the sub-step's starting state) and then the velocity
    /// fields. The fields are evaluated on this thread, so with fields the program runs before
    /// they are evaluated and again before the velocity fields. `carry` says what the integration
    /// does with the carried velocities (`VelocityCarry`; none with fields); with `jointsMeasured`,
    /// it leaves out what the joints other than plain pins changed (`jointVelocityChanges`).
    func appendIntegrateVelocities(_ context: SolverContext, carry: VelocityCarry = [], jointsMeasured: Bool = false) {
        var integrator = integrator(context)
        if hasFields {
            runProgram()
            evaluateFields(context)
            integrator.fieldForces = UnsafePointer(fieldForces.base)
        } else if !carry.isEmpty {
            integrator.carried = carriedVelocities.base
            integrator.carry = carry
            if jointsMeasured { integrator.jointChanges = jointVelocityChanges.base }
        }
        tasks.integrateVelocities.task(carry).kernel = IntegrateVelocitiesKernel(integrator: integrator)
        program.append(tasks.integrateVelocities.task(carry), 0..<bodies.awakeCount, minimumChunk: 1024)
        if hasFields {
            runProgram()
            applyVelocityFields(context)
        }
    }

    /// Whether this step's sub-steps carry the warm start in the velocity integration
    /// (`VelocityCarry`) instead of warm starting in passes after the first sub-step: not with
    /// fields, which change velocities otherwise than by impulses. The joints solved four wide
    /// carry what the bodies' motion does to their warm start (`WidePinBlock.solve`,
    /// `WideDistanceBlock.solve`). Other joints, whose warm start changes in ways the carry does
    /// not follow, keep their warm start passes and note what they change, which the carry
    /// leaves out (`jointsAreMeasured`); that pays only beside many more contacts
    /// (`contactsPerMeasuredJoint`). Distance joints without contacts beside them keep their passes
    /// too: carrying the motion costs them what their warm start does (a spring's relax pass has
    /// nothing else to do), and there is no contact whose passes the carry would save. Known once
    /// the joints and contacts are prepared.
    var warmStartIsCarried: Bool {
        guard carriesWarmStarts && definition.subStepCount > 1 && !hasFields else { return false }
        if solvedContactCount == 0 && activeWideDistanceCount > 0 { return false }
        let measured = measuredJointCount
        return measured == 0 || solvedContactCount >= Self.contactsPerMeasuredJoint * measured
    }

    /// The contacts whose constraints the last preparation built, in every colour (0 before any).
    var solvedContactCount: Int { coloring.coloredCount }

    /// How many contact constraints each joint solved alone needs beside it for the contacts'
    /// warm start to be carried. Noting what a joint changes adds to each of its twelve passes a
    /// step (a read and a write of both bodies' rows), while the carry saves three warm start
    /// passes over the contacts alone. Side by side in one process (600 steps), carried against
    /// passes, measured with rods noting their changes (before their blocks carried): 5 000 beads
    /// on 4 500 rigid distance joints in a heap with 7 600 contacts
    /// stepped 0.86–0.93x as fast on one thread and 0.88–0.92x on two; 450 such joints beside
    /// 10 500 contacts 1.03–1.06x (1.03x on two threads); 900 beside 10 200 1.00–1.03x (0.94x on
    /// two); 1 800 beside 9 400 0.96–1.04x (0.98x); 3 150 beside 8 600 0.92–0.96x (0.92x).
    static let contactsPerMeasuredJoint = 16

    /// Whether some active joint is not a plain pin: while the warm start is carried, such joints
    /// keep their warm start passes and note their velocity changes (`jointVelocityChanges`).
    var jointsAreMeasured: Bool { measuredJointCount > 0 }

    /// The active joints not solved four wide (see `activePinCount`, `activeWideDistanceCount`).
    var measuredJointCount: Int { joints.active.count - activePinCount - activeWideDistanceCount }

    /// Adds the integration of the positions of every awake body over one sub-step with the
    /// world's vector backend.
    func appendIntegratePositions(_ context: SolverContext) {
        tasks.integratePositions.kernel = IntegratePositionsKernel(integrator: integrator(context),
                                                                   backend: definition.vectorBackend)
        program.append(tasks.integratePositions, 0..<bodies.awakeCount, minimumChunk: 1024)
    }

    /// Adds the sub-steps: integrate velocities, warm start, solve with bias, integrate positions,
    /// relax without bias. Where `warmStartIsCarried`, the sub-steps after the first warm start in
    /// their velocity integration's stage (`VelocityCarry`) instead of a stage per colour. Without
    /// `integrate`, only the constraint passes (for the phase benchmarks).
    func appendSubSteps(_ context: SolverContext, integrate: Bool) {
        // One Gauss–Seidel sweep per pass is not converged under heavy load, and its error leans
        // the way the sweep runs: the 100-row pyramid's top box leans up to 0.11 m in 500 steps.
        // Sweeping the colours backwards on every other step cancels that lean (0.027 m). Flipping
        // every sub-step sets a one-box-wide stack rocking, so the flip is per step.
        let backwards = stepCount % 2 == 1
        let carries = integrate && warmStartIsCarried
        let carried = carries ? carriedVelocities.base : nil
        let measured = carries && jointsAreMeasured
        var relaxing = context
        relaxing.warmStartGrowth = warmStartGrowth
        relaxing.warmStartFloor = warmStartFloorSteps * definition.gravity.length * context.h
        relaxing.carried = carried
        for subStep in 0..<definition.subStepCount {
            let carry = carries ? VelocityCarry.of(subStep: subStep, count: definition.subStepCount) : []
            if integrate { appendIntegrateVelocities(context, carry: carry, jointsMeasured: measured) }
            // The last sub-step carries nothing on: its joints keep no frames and note no changes
            // (the next step's first integration records the rows afresh and clears the notes).
            let jointsCarried = carry.contains(.record) ? carried : nil
            // Carried, the warm start is already in the integration's stage, but for the joints
            // that are measured instead.
            if !carry.contains(.apply) {
                appendJointPass(.warmStart, context, carried: carried)
                appendContactPass(.warmStart, context)
            } else if measured {
                appendJointPass(.warmStart, context, carried: jointsCarried, wideBlocks: false)
            }
            appendJointPass(.solve, context, carried: jointsCarried)
            appendContactPass(.solve, context, backwards: backwards)
            if integrate { appendIntegratePositions(context) }
            appendJointPass(.relax, context, carried: jointsCarried)
            if subStep + 1 < definition.subStepCount {
                appendContactPass(.cappingRelax, relaxing, backwards: backwards)
            } else {
                appendContactPass(.relax, context, backwards: backwards)
            }
        }
    }


    /// Adds the stages that copy the accumulated impulses back to the contacts' impulse records,
    /// to warm start the next step. In rounds (`ColorRounds`), so that each line of the records is
    /// written once and each thread reads the pairs it solved last: over all pairs at once, a
    /// thread read whole colours the other had solved, and on two threads the stores took 298
    /// samples where one thread took 56 (large-pyramid, 300 steps). `firstStore` is the index the
    /// first store stage of the step has (or will have) in the program: the stores after it may
    /// overlap it.
    func appendImpulseStores(after firstStore: Int) {
        let rounds = ColorRounds(wideOffsets: wideOffsets.base)
        tasks.storeWideImpulses.kernel = StoreWideImpulsesKernel(pairs: wideConstraints.base,
                                                                 secondPoints: wideSecondPoints.base,
                                                                 extras: wideExtras.base,
                                                                 pointCounts: widePointCounts.base,
                                                                 impulses: contactImpulses.base, rounds: rounds)
        if rounds.colorCount > 0 {
            program.append(tasks.storeWideImpulses, 0..<rounds.count, minimumChunk: 1,
                           overlapsPrevious: program.stages.count > firstStore)
        }
        tasks.storeImpulses.kernel = StoreImpulsesKernel(constraints: constraints.base, impulses: contactImpulses.base)
        program.appendSerial(tasks.storeImpulses, 0..<constraints.count,
                             overlapsPrevious: program.stages.count > firstStore)
    }

    /// Adds one pass over the contact constraints, colour by colour, four constraints per SIMD
    /// block; inside a colour, chunks of block pairs run on the workers. The last colours, from
    /// the first whose followers all have no more than one chunk (`smallColorsFrom`), run one
    /// after another on one thread in one stage (`SmallColorsPassKernel`). The overflow colour
    /// runs on one thread, last (or first when the sweep runs backwards).
    func appendContactPass(_ pass: ContactPass, _ context: SolverContext, backwards: Bool = false) {
        // The overflow colour's constraints are the whole scalar array.
        let overflowRange = 0..<constraints.count
        let overflow = tasks.overflowPasses.task(pass), wide = tasks.contactPasses.task(pass)
        overflow.kernel = OverflowPassKernel(base: constraints.base, pass: pass, context: context)
        wide.kernel = ContactPassKernel(base: wideConstraints.base, secondPoints: wideSecondPoints.base,
                                        extras: wideExtras.base, startImpulses: wideStartImpulses.base,
                                        pointCounts: widePointCounts.base, pass: pass, context: context,
                                        keepLargestImpulses: bouncyContactCount > 0,
                                        prefetchesPairs: passesPrefetchPairs,
                                        prefetchesStates: passesPrefetchStates,
                                        skipsSpeculativePairs: skipsSpeculativePairs)
        let small = smallColorsFrom
        let smallPairs = Int(wideOffsets[small]) / 2..<Int(wideOffsets[GraphColoring.maxColors]) / 2
        let smallColors = tasks.smallColorPasses.task(pass)
        smallColors.kernel = SmallColorsPassKernel(pass: wide.kernel!, wideOffsets: wideOffsets.base, firstColor: small,
                                                   backwards: backwards)
        if backwards {
            program.appendSerial(overflow, overflowRange)
            program.appendSerial(smallColors, smallPairs)
        }
        for step in 0..<small {
            let color = backwards ? small - 1 - step : step
            // Block offsets, even: pair offsets times two.
            program.append(wide, Int(wideOffsets[color]) / 2..<Int(wideOffsets[color + 1]) / 2,
                           minimumChunk: Self.contactPassChunk)
        }
        if !backwards {
            program.appendSerial(smallColors, smallPairs)
            program.appendSerial(overflow, overflowRange)
        }
    }

    /// The first colour from which every colour has no more pairs than one chunk of a pass
    /// (`contactPassChunk`): each such colour runs on one thread anyway, so they run in one
    /// stage. As a stage each, every one cost a hand-off between the threads, and its bodies'
    /// lines moved to whichever thread claimed it (the tumbler's nine colours run down to a
    /// single pair).
    var smallColorsFrom: Int {
        var color = GraphColoring.maxColors
        while mergesSmallColors && color > 0
            && Int(wideOffsets[color] - wideOffsets[color - 1]) / 2 <= Self.contactPassChunk { color -= 1 }
        return color
    }
}

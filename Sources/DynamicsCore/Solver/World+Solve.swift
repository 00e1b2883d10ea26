extension World {
    /// Runs the sub-steps: integrate velocities, warm start, solve with bias, integrate positions,
    /// relax without bias; then restitution once, and impulses are stored for the next step.
    func solve(_ dt: Float) {
        let subSteps = definition.subStepCount
        let h = dt / Float(subSteps)
        let subStepRate = 1 / h
        let contactHertz = min(definition.contactHertz, 0.25 * subStepRate)
        let context = SolverContext(
            h: h, inverseH: subStepRate,
            contactSoftness: Softness(hertz: contactHertz, dampingRatio: definition.contactDampingRatio, h: h),
            staticSoftness: Softness(hertz: 2 * contactHertz, dampingRatio: definition.contactDampingRatio, h: h),
            jointSoftness: Softness(hertz: min(definition.jointHertz, 0.5 * subStepRate), dampingRatio: definition.jointDampingRatio, h: h),
            pushMaxVelocity: tolerances.contactPushMaxVelocity,
            restitutionThreshold: tolerances.restitutionThreshold,
            states: bodies.state.base)

        let awake = bodies.awakeCount
        let states = bodies.state.base
        pool.forEachChunk(awake, minimumChunk: 1024) { range in
            for i in range {
                states[i].deltaPosition = .zero
                states[i].deltaRotation = .identity
            }
        }
        prepareJoints()
        prepareContacts(context)

        let integrator = Integrator(states: states, sims: bodies.sim.base, gravity: definition.gravity, h: h,
                                    maxTranslation: tolerances.maxTranslation, maxRotation: tolerances.maxRotation)
        let backend = definition.vectorBackend
        for _ in 0..<subSteps {
            pool.forEachChunk(awake, minimumChunk: 1024) { range in integrator.integrateVelocities(range) }
            warmStartJoints(context)
            runContactPass(.warmStart, context)
            solveJoints(context, useBias: true)
            runContactPass(.solve, context)
            pool.forEachChunk(awake, minimumChunk: 1024) { range in integrator.integratePositions(range, backend: backend) }
            solveJoints(context, useBias: false)
            runContactPass(.relax, context)
        }
        runContactPass(.restitution, context)
        storeImpulses()
    }

    /// Runs one pass over the contact constraints, colour by colour; inside a colour, chunks run on
    /// the workers. The overflow colour runs serially last.
    func runContactPass(_ pass: ContactPass, _ context: SolverContext) {
        let base = constraints.base
        let offsets = coloring.offsets.base
        for color in 0..<GraphColoring.maxColors {
            let start = Int(offsets[color]), end = Int(offsets[color + 1])
            guard end > start else { continue }
            pool.forEachChunk(end - start, minimumChunk: 64) { range in
                runContactRange(base + start, range, pass, context)
            }
        }
        let start = Int(offsets[GraphColoring.maxColors]), end = Int(offsets[GraphColoring.maxColors + 1])
        runContactRange(base, start..<end, pass, context)
    }

    /// Colours the touching contacts of awake bodies and builds their constraints, grouped by colour.
    func prepareContacts(_ context: SolverContext) {
        let awake = bodies.awakeCount
        coloring.reset(bodyCount: awake)
        constraintColor.removeAll()
        constraintSource.removeAll()
        let sims = bodies.sim.base
        for i in 0..<contacts.count {
            let c = contacts[i]
            guard c.flags.contains(.touching) && c.flags.contains(.simulated) else { continue }
            let dA = bodies.dense(c.bodyA), dB = bodies.dense(c.bodyB)
            let colorA: Int32 = dA < awake && sims[dA].invMass > 0 ? Int32(dA) : -1
            let colorB: Int32 = dB < awake && sims[dB].invMass > 0 ? Int32(dB) : -1
            constraintColor.append(coloring.assign(colorA, colorB))
            constraintSource.append(Int32(i))
        }
        coloring.finish()
        let count = constraintSource.count
        bodyScratch.resizeUninitialized(to: count)
        let cursor = coloring.counts.base
        for c in 0...GraphColoring.maxColors { cursor[c] = coloring.offsets[c] }
        for k in 0..<count {
            let color = Int(constraintColor[k])
            bodyScratch[Int(cursor[color])] = constraintSource[k]
            cursor[color] += 1
        }
        constraints.resizeUninitialized(to: count)
        let ordered = bodyScratch.base
        let out = constraints.base
        let contactBase = contacts.base
        let denseOfSlot = bodies.denseOfSlot.base
        pool.forEachChunk(count, minimumChunk: 256) { range in
            for k in range {
                let contactIndex = Int(ordered[k])
                let c = contactBase[contactIndex]
                let dA = Int(denseOfSlot[Int(c.bodyA)]), dB = Int(denseOfSlot[Int(c.bodyB)])
                let indexA: Int32 = dA < awake ? Int32(dA) : -1
                let indexB: Int32 = dB < awake ? Int32(dB) : -1
                let mA = indexA >= 0 ? sims[dA].invMass : 0, iA = indexA >= 0 ? sims[dA].invInertia : 0
                let mB = indexB >= 0 ? sims[dB].invMass : 0, iB = indexB >= 0 ? sims[dB].invInertia : 0
                let a = loadState(context.states, indexA), b = loadState(context.states, indexB)
                let m = c.manifold
                var constraint = ContactConstraint(
                    denseA: indexA, denseB: indexB, contactIndex: Int32(contactIndex), pointCount: m.pointCount,
                    normal: m.normal, friction: c.friction, restitution: c.restitution,
                    massA: mA, inertiaA: iA, massB: mB, inertiaB: iB,
                    softness: (mA == 0 || mB == 0) ? context.staticSoftness : context.contactSoftness,
                    point0: ContactConstraint.preparePoint(m.point0, normal: m.normal, mA: mA, iA: iA, mB: mB, iB: iB, a: a, b: b),
                    point1: ContactConstraint.preparePoint(m.point0, normal: m.normal, mA: mA, iA: iA, mB: mB, iB: iB, a: a, b: b))
                if m.pointCount > 1 {
                    constraint.point1 = ContactConstraint.preparePoint(m.point1, normal: m.normal, mA: mA, iA: iA, mB: mB, iB: iB, a: a, b: b)
                }
                out[k] = constraint
            }
        }
    }

    /// Writes the accumulated impulses back into the contacts' manifolds (for warm starting).
    func storeImpulses() {
        let base = constraints.base
        let contactBase = contacts.base
        pool.forEachChunk(constraints.count, minimumChunk: 512) { range in
            for k in range {
                let c = base[k]
                let i = Int(c.contactIndex)
                contactBase[i].manifold.point0.normalImpulse = c.point0.normalImpulse
                contactBase[i].manifold.point0.tangentImpulse = c.point0.tangentImpulse
                if c.pointCount > 1 {
                    contactBase[i].manifold.point1.normalImpulse = c.point1.normalImpulse
                    contactBase[i].manifold.point1.tangentImpulse = c.point1.tangentImpulse
                }
            }
        }
    }
}

/// The four passes the sub-steps make over contact constraints.
enum ContactPass {
    case warmStart, solve, relax, restitution
}

/// One pass over a run of constraints, with the pass chosen outside the loop.
@inline(__always)
func runContactRange(_ base: UnsafeMutablePointer<ContactConstraint>, _ range: Range<Int>, _ pass: ContactPass, _ context: SolverContext) {
    switch pass {
    case .warmStart: for k in range { base[k].warmStart(context.states) }
    case .solve: for k in range { base[k].solve(context, useBias: true) }
    case .relax: for k in range { base[k].solve(context, useBias: false) }
    case .restitution: for k in range { base[k].applyRestitution(context) }
    }
}

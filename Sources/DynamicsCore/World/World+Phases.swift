/// One stage of `World.step(_:)`, run on its own by the phase benchmarks.
@_spi(Benchmarking)
public enum StepPhase: String, CaseIterable, Sendable {
    /// Every non-static proxy queries the grids for new pairs, as if all had moved.
    case broadphase
    /// Every contact's manifold is recomputed from the current transforms.
    case narrowphase
    /// Contacts are coloured and their constraints (and the joints') are built.
    case prepare
    /// The sub-steps' constraint passes (warm start, solve, relax) without integration.
    case solve
    /// The sub-steps' velocity and position integration of every awake body.
    case integrate
}

@_spi(Benchmarking)
extension World {
    /// Runs one phase of a step of length `timeStep` on the world as it is, so that a benchmark can
    /// time it alone. Call `step(_:)` at least once first, so that contacts and constraints exist.
    /// The phases change the state (velocities, positions, impulses) like a real step would.
    public func runPhase(_ phase: StepPhase, timeStep: Float) {
        precondition(timeStep.isFinite && timeStep > 0, "timeStep: must be finite and > 0, got \(timeStep)")
        let context = solverContext(timeStep)
        switch phase {
        case .broadphase:
            for d in 0..<bodies.awakeCount {
                var s = bodies.firstShape[Int(bodies.slotOfDense[d])]
                while s >= 0 {
                    markMoved(s)
                    s = shapes.nextInBody[Int(s)]
                }
            }
            updatePairs()
        case .narrowphase:
            collide()
        case .prepare:
            prepareConstraints(context)
        case .solve:
            appendSubSteps(context, integrate: false)
            runProgram()
        case .integrate:
            resetDeltas(context)
            for _ in 0..<definition.subStepCount {
                appendIntegrateVelocities(context)
                appendIntegratePositions(context)
            }
            runProgram()
        }
    }
}

extension World {
    /// Advances the world by `timeStep` seconds (for example 1/60), in `subStepCount` sub-steps.
    ///
    /// Begin and end events of this step can be read afterwards until the next step starts.
    /// The result is bit-identical for any worker count. A `timeStep` that is not finite and
    /// positive is refused (see `lastRefusal`) and the world does not change.
    public func step(_ timeStep: Float) {
        guard timeStep.isFinite && timeStep > 0 else {
            refuse("step(_:)", "timeStep", "must be finite and > 0, got \(timeStep)")
            return
        }
        // The workers stay awake through the step's serial stretches (see `WorkerPool.hold`).
        pool.hold()
        defer { pool.release() }
        beginEvents.removeAll()
        endEvents.removeAll()
        fellAsleep.removeAll()
        var clock = StepClock(enabled: profilesSteps)
        improveLocality()
        clock.lap(.locality, into: &stepProfile)
        updatePairs()
        clock.lap(.pairs, into: &stepProfile)
        collide()
        clock.lap(.collide, into: &stepProfile)
        let context = solverContext(timeStep)
        prepareConstraints(context, clock: &clock)
        clock.lap(.prepare, into: &stepProfile)
        solve(context)
        clock.lap(.solve, into: &stepProfile)
        finalize(timeStep)
        clock.lap(.finalize, into: &stepProfile)
        updateSleep()
        clock.lap(.sleep, into: &stepProfile)
        if clock.enabled { stepProfile.steps += 1 }
        stepCount += 1
    }

    /// A 64-bit FNV-1a hash of every body's position, angle and velocities (bit patterns, slot order):
    /// equal hashes mean identical states.
    public func stateHash() -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ value: Float) {
            var bits = UInt64(value.bitPattern)
            for _ in 0..<4 {
                hash ^= bits & 0xFF
                hash = hash &* 0x0000_0100_0000_01B3
                bits >>= 8
            }
        }
        for slot in 0..<bodies.slots.slotCount where bodies.slots.alive[slot] {
            let d = bodies.dense(Int32(slot))
            let sim = bodies.sim[d], state = bodies.state[d]
            mix(sim.center.x); mix(sim.center.y); mix(sim.rotation.cosine); mix(sim.rotation.sine)
            mix(state.linearVelocity.x); mix(state.linearVelocity.y); mix(state.angularVelocity)
        }
        return hash
    }
}

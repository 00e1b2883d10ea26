import CKernelSupport

/// Integrates the awake bodies' velocities and positions for one sub-step.
struct Integrator {
    var states: UnsafeMutablePointer<BodyState>
    var sims: UnsafeMutablePointer<BodySim>
    var gravity: Vec2
    var h: Float
    var maxTranslation: Float
    var maxRotation: Float
    /// Each awake body's field force for this sub-step (dense order), when fields act.
    var fieldForces: UnsafePointer<Vec2>? = nil
    /// Each awake body's velocity change per sub-step (`World.velocitySteps`), used when no field
    /// acts (the field forces change from one sub-step to the next).
    var velocitySteps: UnsafePointer<VelocityStep>
    /// Whether the velocity steps and the Swift positions are integrated eight bodies at a time in
    /// C (`dynamics_integrate_velocities`, `dynamics_integrate_positions`): at the contact passes'
    /// AVX level, so that `DYNAMICS_KERNELS=baseline` keeps this Swift code.
    var eightAtOnce = Integrator.integratesEightAtOnce
    /// Each awake body's carried velocity (vx, vy, ω) and the wide joints' spin, for `carry` (`VelocityCarry`).
    var carried: UnsafeMutablePointer<SIMD4<Float>>? = nil
    /// What the velocity integration does with `carried`; none without it. Not with field forces.
    var carry: VelocityCarry = []
    /// Each awake body's velocity changes by the measured joints (`World.jointVelocityChanges`),
    /// left out of the carry and cleared, when such joints act beside the carry.
    var jointChanges: UnsafeMutablePointer<SIMD4<Float>>? = nil

    /// Whether this build and processor integrate eight bodies at once (`eightAtOnce`).
    static var integratesEightAtOnce: Bool {
        dynamics_body_integration_available() != 0 && dynamics_current_kernel_level() == dynamics_kernels_avx
    }

    /// v += h·(gravityScale·g + F/m), then `v *= 1/(1 + h·c)` (UIKit's damping form); speeds capped
    /// so that no body moves more than the per-sub-step limits. Kinematic bodies keep their velocity.
    @inline(__always)
    func integrateVelocities(_ range: Range<Int>) {
        if let fieldForces {
            for i in range { integrateVelocity(i, extraForce: fieldForces[i]) }
        } else if eightAtOnce {
            dynamics_integrate_velocities(states, UnsafeRawPointer(velocitySteps).assumingMemoryBound(to: dynamics_velocity_step.self),
                                          UnsafeMutableRawPointer(carried)?.assumingMemoryBound(to: Float.self), carry.rawValue,
                                          UnsafeMutableRawPointer(jointChanges)?.assumingMemoryBound(to: Float.self),
                                          Int64(range.lowerBound), Int64(range.upperBound), h, maxTranslation, maxRotation)
        } else {
            for i in range { integrateVelocity(i, velocitySteps[i]) }
        }
    }

    /// The velocity integration from the body's record, with a field's force added.
    @inline(__always)
    private func integrateVelocity(_ i: Int, extraForce: Vec2) {
        let sim = sims[i]
        guard sim.type == .dynamic else { return }
        let state = states[i]
        var v = state.linearVelocity + h * (sim.gravityScale * gravity + sim.invMass * (sim.force + extraForce))
        var w = state.angularVelocity + h * sim.invInertia * sim.torque
        // Undamped bodies skip the divisions (multiplying by 1 changes nothing).
        if sim.linearDamping != 0 { v *= 1 / (1 + h * sim.linearDamping) }
        if sim.angularDamping != 0 { w *= 1 / (1 + h * sim.angularDamping) }
        store(i, v, w, fixedRotation: sim.fixedRotation)
    }

    /// The same integration from the body's velocity step (no field force): the same numbers;
    /// with `carry`, as `dynamics_integrate_velocities` carries (the same operations).
    @inline(__always)
    private func integrateVelocity(_ i: Int, _ step: VelocityStep) {
        let state = states[i]
        guard step.flags & VelocityStep.dynamic != 0 else {
            if carry.contains(.record), let carried {
                carried[i] = SIMD4(state.linearVelocity.x, state.linearVelocity.y, state.angularVelocity, 0)
            }
            jointChanges?[i] = .zero
            return
        }
        // Multiplying by a factor of 1 (no damping) changes no bits.
        let v = (state.linearVelocity + step.linear) * step.linearFactor
        let w = (state.angularVelocity + step.angular) * step.angularFactor
        store(i, v, w, fixedRotation: step.flags & VelocityStep.fixedRotation != 0)
        guard !carry.isEmpty, let carried else { return }
        let old = SIMD4(state.linearVelocity.x, state.linearVelocity.y, state.angularVelocity, 0)
        var added = SIMD4<Float>.zero
        if carry.contains(.apply) {
            let row = carried[i]
            added = old - row
            added.z = added.z + row.w
            if let jointChanges { added = added - jointChanges[i] }
        }
        jointChanges?[i] = .zero
        let integrated = SIMD4(states[i].linearVelocity.x, states[i].linearVelocity.y, states[i].angularVelocity, 0)
        if carry.contains(.record) { carried[i] = integrated }
        if carry.contains(.apply) {
            states[i].linearVelocity = Vec2(integrated.x + added.x, integrated.y + added.y)
            states[i].angularVelocity = integrated.z + added.z
        }
    }

    /// Caps the speeds so that no body moves more than the per-sub-step limits, and stores them.
    @inline(__always)
    private func store(_ i: Int, _ linear: Vec2, _ angular: Float, fixedRotation: Bool) {
        var v = linear, w = angular
        let step2 = v.lengthSquared * h * h
        if step2 > maxTranslation * maxTranslation { v *= maxTranslation / (step2.squareRoot()) }
        if abs(w * h) > maxRotation { w *= maxRotation / abs(w * h) }
        if fixedRotation { w = 0 }
        states[i].linearVelocity = v
        states[i].angularVelocity = w
    }

    /// dp += h·v and dq advanced by h·ω.
    @inline(__always)
    func integratePositions(_ range: Range<Int>, backend: VectorBackend) {
        switch backend {
        case .swift where eightAtOnce:
            dynamics_integrate_positions(states, Int64(range.lowerBound), Int64(range.upperBound), h)
        case .swift:
            for i in range {
                var state = states[i]
                state.deltaPosition += h * state.linearVelocity
                if state.angularVelocity != 0 { state.deltaRotation = state.deltaRotation.integrated(by: h * state.angularVelocity) }
                states[i] = state
            }
        case .cblas:
            integrateTranslationsWithBLAS(range)
            for i in range where states[i].angularVelocity != 0 {
                states[i].deltaRotation = states[i].deltaRotation.integrated(by: h * states[i].angularVelocity)
            }
        }
    }

    /// The translation part as two strided updates over the packed body states.
    func integrateTranslationsWithBLAS(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let stride = MemoryLayout<BodyState>.stride / MemoryLayout<Float>.stride
        let first = UnsafeMutableRawPointer(states + range.lowerBound)
        let velocity = first.advanced(by: MemoryLayout<BodyState>.offset(of: \.linearVelocity)!).assumingMemoryBound(to: Float.self)
        let delta = first.advanced(by: MemoryLayout<BodyState>.offset(of: \.deltaPosition)!).assumingMemoryBound(to: Float.self)
        stridedAXPY(count: range.count, h, x: velocity, strideX: stride, y: delta, strideY: stride, backend: .cblas)
        stridedAXPY(count: range.count, h, x: velocity + 1, strideX: stride, y: delta + 1, strideY: stride, backend: .cblas)
    }
}

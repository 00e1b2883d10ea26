extension JointRecord {
    /// Current anchor offsets and anchor separation (B minus A) from the sub-step state.
    @inline(__always)
    func currentFrame(_ a: BodyState, _ b: BodyState) -> (rA: Vec2, rB: Vec2, separation: Vec2) {
        let rA = a.deltaRotation.apply(anchorA)
        let rB = b.deltaRotation.apply(anchorB)
        return (rA, rB, (b.deltaPosition - a.deltaPosition) + deltaCenter + rB - rA)
    }

    /// Relative angle B − A − reference, in the current sub-step.
    @inline(__always)
    func currentAngle(_ a: BodyState, _ b: BodyState) -> Float {
        currentAngle(a.deltaRotation, b.deltaRotation)
    }

    /// Relative angle B − A − reference, from the bodies' rotations since the step start.
    @inline(__always)
    func currentAngle(_ rotationA: Rotation, _ rotationB: Rotation) -> Float {
        deltaAngle + rotationB.relativeAngle(to: rotationA)
    }

    /// The point constraint of pins and welds: the anchors' relative velocity, and their
    /// separation scaled by `soft.biasRate`, removed with the 2×2 effective mass; the impulse
    /// accumulates in `linearImpulse`.
    @inline(__always)
    mutating func solvePoint(_ a: inout BodyState, _ b: inout BodyState, soft: Softness) {
        let (rA, rB, separation) = currentFrame(a, b)
        let cdot = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
        let x = solvePointMatrix(mA: massA, iA: inertiaA, mB: massB, iB: inertiaB, rA: rA, rB: rB, -(cdot + soft.biasRate * separation))
        let impulse = soft.massScale * x - soft.impulseScale * linearImpulse
        linearImpulse += impulse
        a.linearVelocity -= massA * impulse
        a.angularVelocity -= inertiaA * rA.cross(impulse)
        b.linearVelocity += massB * impulse
        b.angularVelocity += inertiaB * rB.cross(impulse)
    }

    mutating func warmStart(_ context: SolverContext) {
        var a = loadState(context.states, denseA)
        var b = loadState(context.states, denseB)
        // The anchors' separation only where a kind needs it (computed up front, the pins paid
        // for it too).
        let rA = a.deltaRotation.apply(anchorA), rB = b.deltaRotation.apply(anchorB)
        var linear = Vec2.zero
        var angular: Float = 0
        switch kind {
        case .distance:
            let axis = currentFrame(a, b).separation.normalized
            linear = (springImpulse + axialImpulse + lowerImpulse - upperImpulse) * axis
        case .revolute:
            linear = linearImpulse
            angular = frictionImpulse + lowerImpulse - upperImpulse
        case .prismatic:
            let axis = a.deltaRotation.apply(axisA)
            let perp = axis.leftPerpendicular
            let axial = lowerImpulse - upperImpulse
            let d = currentFrame(a, b).separation
            let p = axial * axis + linearImpulse.x * perp
            let la = axial * (d + rA).cross(axis) + linearImpulse.x * (d + rA).cross(perp) + angularImpulse
            let lb = axial * rB.cross(axis) + linearImpulse.x * rB.cross(perp) + angularImpulse
            a.linearVelocity -= massA * p
            a.angularVelocity -= inertiaA * la
            b.linearVelocity += massB * p
            b.angularVelocity += inertiaB * lb
            storeState(context.states, denseA, a, ifMovable: massA)
            storeState(context.states, denseB, b, ifMovable: massB)
            return
        case .weld:
            linear = linearImpulse
            angular = angularImpulse
        case .target:
            a.linearVelocity += massA * linearImpulse
            a.angularVelocity += inertiaA * rA.cross(linearImpulse)
            storeState(context.states, denseA, a, ifMovable: massA)
            return
        }
        a.linearVelocity -= massA * linear
        a.angularVelocity -= inertiaA * (rA.cross(linear) + angular)
        b.linearVelocity += massB * linear
        b.angularVelocity += inertiaB * (rB.cross(linear) + angular)
        storeState(context.states, denseA, a, ifMovable: massA)
        storeState(context.states, denseB, b, ifMovable: massB)
    }

    mutating func solve(_ context: SolverContext, useBias: Bool) {
        switch kind {
        case .distance: solveDistance(context, useBias: useBias)
        case .revolute: solveRevolute(context, useBias: useBias)
        case .prismatic: solvePrismatic(context, useBias: useBias)
        case .weld: solveWeld(context, useBias: useBias)
        case .target: solveTarget(context, useBias: useBias)
        }
    }

    /// Bias and scales for a rigid (non-spring) constraint row with position error `c`.
    @inline(__always)
    static func rigidRow(_ c: Float, _ context: SolverContext, useBias: Bool) -> Softness {
        if c > 0 {
            // Speculative: allow approach up to closing the gap this sub-step.
            return Softness(biasRate: c * context.inverseH, massScale: 1, impulseScale: 0)
        }
        if useBias {
            let s = context.jointSoftness
            return Softness(biasRate: s.biasRate * c, massScale: s.massScale, impulseScale: s.impulseScale)
        }
        return .rigid
    }
}

extension JointRecord {
    /// Friction and limits about the pin (when set), then the pin itself: the anchors' relative
    /// velocity and, when biased, their separation.
    mutating func solveRevolute(_ context: SolverContext, useBias: Bool) {
        var a = loadState(context.states, denseA)
        var b = loadState(context.states, denseB)
        if maxFrictionTorque > 0 || options.contains(.limit) {
            (a.angularVelocity, b.angularVelocity) = solveRevoluteAxial(
                context, useBias: useBias, a.angularVelocity, b.angularVelocity, a.deltaRotation, b.deltaRotation)
        }

        solvePoint(&a, &b, soft: useBias ? context.jointSoftness : .rigid)
        storeState(context.states, denseA, a, ifMovable: massA)
        storeState(context.states, denseB, b, ifMovable: massB)
    }

    /// The rows about the pin: friction torque, then the lower and upper angle limits, from the
    /// bodies' spins and step rotations; returns their new spins. Out of line and with scalars
    /// only: most pins have neither row, and inlined (or handed whole states), the limit's call
    /// to atan2 made the optimiser spill the pin's registers on every solve.
    @inline(never)
    mutating func solveRevoluteAxial(_ context: SolverContext, useBias: Bool, _ spinA: Float, _ spinB: Float,
                                     _ rotationA: Rotation, _ rotationB: Rotation) -> (Float, Float) {
        var wA = spinA, wB = spinB
        let angularMassSum = inertiaA + inertiaB
        guard angularMassSum > 0 else { return (wA, wB) }
        let axialMass = 1 / angularMassSum

        if maxFrictionTorque > 0 {
            let impulse = -axialMass * (wB - wA)
            let limit = maxFrictionTorque * context.h
            let newImpulse = min(max(frictionImpulse + impulse, -limit), limit)
            let applied = newImpulse - frictionImpulse
            frictionImpulse = newImpulse
            wA -= inertiaA * applied
            wB += inertiaB * applied
        }

        if options.contains(.limit) {
            let angle = currentAngle(rotationA, rotationB)
            do {
                let row = Self.rigidRow(angle - lower, context, useBias: useBias)
                let cdot = wB - wA
                let impulse = -axialMass * row.massScale * (cdot + row.biasRate) - row.impulseScale * lowerImpulse
                let newImpulse = max(0, lowerImpulse + impulse)
                let applied = newImpulse - lowerImpulse
                lowerImpulse = newImpulse
                wA -= inertiaA * applied
                wB += inertiaB * applied
            }
            do {
                let row = Self.rigidRow(upper - angle, context, useBias: useBias)
                let cdot = wA - wB
                let impulse = -axialMass * row.massScale * (cdot + row.biasRate) - row.impulseScale * upperImpulse
                let newImpulse = max(0, upperImpulse + impulse)
                let applied = newImpulse - upperImpulse
                upperImpulse = newImpulse
                wA += inertiaA * applied
                wB -= inertiaB * applied
            }
        }
        return (wA, wB)
    }
}

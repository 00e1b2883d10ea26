extension JointRecord {
    mutating func solveRevolute(_ context: SolverContext, useBias: Bool) {
        var a = loadState(context.states, denseA)
        var b = loadState(context.states, denseB)
        let angularMassSum = inertiaA + inertiaB
        let axialMass: Float = angularMassSum > 0 ? 1 / angularMassSum : 0

        if maxFrictionTorque > 0 && axialMass > 0 {
            let impulse = -axialMass * (b.angularVelocity - a.angularVelocity)
            let limit = maxFrictionTorque * context.h
            let newImpulse = min(max(frictionImpulse + impulse, -limit), limit)
            let applied = newImpulse - frictionImpulse
            frictionImpulse = newImpulse
            a.angularVelocity -= inertiaA * applied
            b.angularVelocity += inertiaB * applied
        }

        if options.contains(.limit) && axialMass > 0 {
            let angle = currentAngle(a, b)
            do {
                let row = Self.rigidRow(angle - lower, context, useBias: useBias)
                let cdot = b.angularVelocity - a.angularVelocity
                let impulse = -axialMass * row.massScale * (cdot + row.biasRate) - row.impulseScale * lowerImpulse
                let newImpulse = max(0, lowerImpulse + impulse)
                let applied = newImpulse - lowerImpulse
                lowerImpulse = newImpulse
                a.angularVelocity -= inertiaA * applied
                b.angularVelocity += inertiaB * applied
            }
            do {
                let row = Self.rigidRow(upper - angle, context, useBias: useBias)
                let cdot = a.angularVelocity - b.angularVelocity
                let impulse = -axialMass * row.massScale * (cdot + row.biasRate) - row.impulseScale * upperImpulse
                let newImpulse = max(0, upperImpulse + impulse)
                let applied = newImpulse - upperImpulse
                upperImpulse = newImpulse
                a.angularVelocity += inertiaA * applied
                b.angularVelocity -= inertiaB * applied
            }
        }

        let (rA, rB, separation) = currentFrame(a, b)
        let cdot = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
        let soft = useBias ? context.jointSoftness : .rigid
        let bias = soft.biasRate * separation
        let x = solvePointMatrix(mA: massA, iA: inertiaA, mB: massB, iB: inertiaB, rA: rA, rB: rB, -(cdot + bias))
        let impulse = soft.massScale * x - soft.impulseScale * linearImpulse
        linearImpulse += impulse
        a.linearVelocity -= massA * impulse
        a.angularVelocity -= inertiaA * rA.cross(impulse)
        b.linearVelocity += massB * impulse
        b.angularVelocity += inertiaB * rB.cross(impulse)

        storeState(context.states, denseA, a, ifMovable: massA)
        storeState(context.states, denseB, b, ifMovable: massB)
    }
}

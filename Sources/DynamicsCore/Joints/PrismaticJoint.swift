extension JointRecord {
    mutating func solvePrismatic(_ context: SolverContext, useBias: Bool) {
        var a = loadState(context.states, denseA)
        var b = loadState(context.states, denseB)
        let (rA, rB, d) = currentFrame(a, b)
        let axis = a.deltaRotation.apply(axisA)
        let a1 = (d + rA).cross(axis), a2 = rB.cross(axis)

        @inline(__always) func applyAxial(_ impulse: Float, _ direction: Vec2, _ armA: Float, _ armB: Float) {
            a.linearVelocity -= massA * impulse * direction
            a.angularVelocity -= inertiaA * impulse * armA
            b.linearVelocity += massB * impulse * direction
            b.angularVelocity += inertiaB * impulse * armB
        }

        if options.contains(.limit) {
            let k = massA + massB + inertiaA * a1 * a1 + inertiaB * a2 * a2
            let axialMass: Float = k > 0 ? 1 / k : 0
            let translation = axis.dot(d)
            do {
                let row = Self.rigidRow(translation - lower, context, useBias: useBias)
                let cdot = axis.dot(b.linearVelocity - a.linearVelocity) + a2 * b.angularVelocity - a1 * a.angularVelocity
                let impulse = -axialMass * row.massScale * (cdot + row.biasRate) - row.impulseScale * lowerImpulse
                let newImpulse = max(0, lowerImpulse + impulse)
                applyAxial(newImpulse - lowerImpulse, axis, a1, a2)
                lowerImpulse = newImpulse
            }
            do {
                let row = Self.rigidRow(upper - translation, context, useBias: useBias)
                let cdot = -(axis.dot(b.linearVelocity - a.linearVelocity) + a2 * b.angularVelocity - a1 * a.angularVelocity)
                let impulse = -axialMass * row.massScale * (cdot + row.biasRate) - row.impulseScale * upperImpulse
                let newImpulse = max(0, upperImpulse + impulse)
                applyAxial(-(newImpulse - upperImpulse), axis, a1, a2)
                upperImpulse = newImpulse
            }
        }

        let soft = useBias ? context.jointSoftness : .rigid
        do {
            let k = inertiaA + inertiaB
            if k > 0 {
                let c = currentAngle(a, b)
                let cdot = b.angularVelocity - a.angularVelocity
                let impulse = -soft.massScale * (cdot + soft.biasRate * c) / k - soft.impulseScale * angularImpulse
                angularImpulse += impulse
                a.angularVelocity -= inertiaA * impulse
                b.angularVelocity += inertiaB * impulse
            }
        }
        do {
            let perp = axis.leftPerpendicular
            let s1 = (d + rA).cross(perp), s2 = rB.cross(perp)
            let k = massA + massB + inertiaA * s1 * s1 + inertiaB * s2 * s2
            if k > 0 {
                let c = perp.dot(d)
                let cdot = perp.dot(b.linearVelocity - a.linearVelocity) + s2 * b.angularVelocity - s1 * a.angularVelocity
                let impulse = -soft.massScale * (cdot + soft.biasRate * c) / k - soft.impulseScale * linearImpulse.x
                linearImpulse.x += impulse
                applyAxial(impulse, perp, s1, s2)
            }
        }
        storeState(context.states, denseA, a, ifMovable: massA)
        storeState(context.states, denseB, b, ifMovable: massB)
    }
}

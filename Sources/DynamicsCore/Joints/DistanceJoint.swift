extension JointRecord {
    mutating func solveDistance(_ context: SolverContext, useBias: Bool) {
        var a = loadState(context.states, denseA)
        var b = loadState(context.states, denseB)
        let (rA, rB, d) = currentFrame(a, b)
        let currentLength = d.length
        let axis = currentLength > 1e-9 ? d / currentLength : Vec2(1, 0)
        let crA = rA.cross(axis), crB = rB.cross(axis)
        let k = massA + massB + inertiaA * crA * crA + inertiaB * crB * crB
        let axialMass: Float = k > 0 ? 1 / k : 0

        @inline(__always) func relativeSpeed() -> Float {
            axis.dot((b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA)))
        }
        @inline(__always) func apply(_ impulse: Float) {
            let p = impulse * axis
            a.linearVelocity -= massA * p
            a.angularVelocity -= inertiaA * crA * impulse
            b.linearVelocity += massB * p
            b.angularVelocity += inertiaB * crB * impulse
        }

        let springy = options.contains(.spring) && minLength < maxLength
        if springy {
            if hertz > 0 && useBias {
                let soft = Softness(hertz: hertz, dampingRatio: dampingRatio, h: context.h)
                let c = currentLength - length
                let impulse = -axialMass * soft.massScale * (relativeSpeed() + soft.biasRate * c) - soft.impulseScale * springImpulse
                springImpulse += impulse
                apply(impulse)
            }
        } else {
            let c = currentLength - length
            let row: Softness = useBias ? Softness(biasRate: context.jointSoftness.biasRate * c,
                                                   massScale: context.jointSoftness.massScale,
                                                   impulseScale: context.jointSoftness.impulseScale) : .rigid
            let impulse = -axialMass * row.massScale * (relativeSpeed() + row.biasRate) - row.impulseScale * axialImpulse
            axialImpulse += impulse
            apply(impulse)
        }

        if options.contains(.limit) && minLength < maxLength {
            do {
                let c = currentLength - minLength
                let row = Self.rigidRow(c, context, useBias: useBias)
                let impulse = -axialMass * row.massScale * (relativeSpeed() + row.biasRate) - row.impulseScale * lowerImpulse
                let newImpulse = max(0, lowerImpulse + impulse)
                apply(newImpulse - lowerImpulse)
                lowerImpulse = newImpulse
            }
            if maxLength.isFinite {
                let c = maxLength - currentLength
                let row = Self.rigidRow(c, context, useBias: useBias)
                let impulse = -axialMass * row.massScale * (-relativeSpeed() + row.biasRate) - row.impulseScale * upperImpulse
                let newImpulse = max(0, upperImpulse + impulse)
                apply(-(newImpulse - upperImpulse))
                upperImpulse = newImpulse
            }
        }
        storeState(context.states, denseA, a, ifMovable: massA)
        storeState(context.states, denseB, b, ifMovable: massB)
    }
}

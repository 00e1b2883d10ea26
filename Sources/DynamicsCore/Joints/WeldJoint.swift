extension JointRecord {
    mutating func solveWeld(_ context: SolverContext, useBias: Bool) {
        var a = loadState(context.states, denseA)
        var b = loadState(context.states, denseB)

        let angularSoft: Softness
        if angularHertz > 0 {
            angularSoft = useBias ? Softness(hertz: angularHertz, dampingRatio: angularDampingRatio, h: context.h) : Softness(biasRate: 0, massScale: 0, impulseScale: 0)
        } else {
            angularSoft = useBias ? context.jointSoftness : .rigid
        }
        let k = inertiaA + inertiaB
        if k > 0 {
            let c = currentAngle(a, b)
            let cdot = b.angularVelocity - a.angularVelocity
            let impulse = -angularSoft.massScale * (cdot + angularSoft.biasRate * c) / k - angularSoft.impulseScale * angularImpulse
            angularImpulse += impulse
            a.angularVelocity -= inertiaA * impulse
            b.angularVelocity += inertiaB * impulse
        }

        let linearSoft: Softness
        if hertz > 0 {
            linearSoft = useBias ? Softness(hertz: hertz, dampingRatio: dampingRatio, h: context.h) : Softness(biasRate: 0, massScale: 0, impulseScale: 0)
        } else {
            linearSoft = useBias ? context.jointSoftness : .rigid
        }
        solvePoint(&a, &b, soft: linearSoft)

        storeState(context.states, denseA, a, ifMovable: massA)
        storeState(context.states, denseB, b, ifMovable: massB)
    }
}

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
        let (rA, rB, separation) = currentFrame(a, b)
        let cdot = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
        let x = solvePointMatrix(mA: massA, iA: inertiaA, mB: massB, iB: inertiaB, rA: rA, rB: rB, -(cdot + linearSoft.biasRate * separation))
        let impulse = linearSoft.massScale * x - linearSoft.impulseScale * linearImpulse
        linearImpulse += impulse
        a.linearVelocity -= massA * impulse
        a.angularVelocity -= inertiaA * rA.cross(impulse)
        b.linearVelocity += massB * impulse
        b.angularVelocity += inertiaB * rB.cross(impulse)

        storeState(context.states, denseA, a, ifMovable: massA)
        storeState(context.states, denseB, b, ifMovable: massB)
    }
}

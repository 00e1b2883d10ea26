extension JointRecord {
    /// Body A is pulled so that its anchor approaches `target`; `deltaCenter` holds cA − target at the step start.
    mutating func solveTarget(_ context: SolverContext, useBias: Bool) {
        guard useBias, hertz > 0 else { return }
        var a = loadState(context.states, denseA)
        let rA = a.deltaRotation.apply(anchorA)
        let c = a.deltaPosition + deltaCenter + rA
        let soft = Softness(hertz: hertz, dampingRatio: dampingRatio, h: context.h)
        let cdot = a.linearVelocity + cross(a.angularVelocity, rA)
        let x = solvePointMatrix(mA: massA, iA: inertiaA, mB: 0, iB: 0, rA: rA, rB: .zero, -(cdot + soft.biasRate * c))
        var newImpulse = linearImpulse + soft.massScale * x - soft.impulseScale * linearImpulse
        let limit = maxForce * context.h
        let magnitude = newImpulse.length
        if magnitude > limit { newImpulse *= limit / magnitude }
        let impulse = newImpulse - linearImpulse
        linearImpulse = newImpulse
        a.linearVelocity += massA * impulse
        a.angularVelocity += inertiaA * rA.cross(impulse)
        storeState(context.states, denseA, a, ifMovable: massA)
    }
}

/// Constants of one solve pass, in lanes.
struct WidePassConstants {
    var useBias: Bool
    var inverseH: Lanes
    var pushOut: Lanes
}

extension WideContactConstraint {
    /// Non-penetration then friction for the four lanes; the same arithmetic as
    /// `ContactConstraint.solve`, lane by lane.
    mutating func solve(_ context: SolverContext, useBias: Bool) {
        let states = context.states
        var a = WideBodies(states, indexA), b = WideBodies(states, indexB)
        let k = WidePassConstants(useBias: useBias, inverseH: Lanes(repeating: context.inverseH),
                                  pushOut: Lanes(repeating: -context.pushMaxVelocity))
        var p0 = point0, p1 = point1
        solveNormal(&p0, &a, &b, k)
        solveNormal(&p1, &a, &b, k)
        // Hard two-point impacts: sweep the normal points again while a lane still approaches
        // faster than the push-out speed (see ContactConstraint.solve).
        var extra = useBias ? 0 : 4   // the relax pass removes push-out only; impacts are solved already
        while extra < 4 {
            let fast = (normalSpeed(p0, a, b) .< k.pushOut) .| (normalSpeed(p1, a, b) .< k.pushOut)
            guard any(fast .& (p1.normalMass .> Lanes())) else { break }
            solveNormal(&p0, &a, &b, k)
            solveNormal(&p1, &a, &b, k)
            extra += 1
        }
        solveTangent(&p0, &a, &b)
        solveTangent(&p1, &a, &b)
        point0 = p0
        point1 = p1
        a.scatter(states, indexA, massA)
        b.scatter(states, indexB, massB)
    }

    @inline(__always)
    func solveNormal(_ p: inout WidePoint, _ a: inout WideBodies, _ b: inout WideBodies, _ k: WidePassConstants) {
        let zero = Lanes(), one = Lanes(repeating: 1)
        // Current separation from the bodies' motion since the step start.
        let prAX = a.qc * p.anchorAX - a.qs * p.anchorAY, prAY = a.qs * p.anchorAX + a.qc * p.anchorAY
        let prBX = b.qc * p.anchorBX - b.qs * p.anchorBY, prBY = b.qs * p.anchorBX + b.qc * p.anchorBY
        let s = (b.dpx - a.dpx + prBX - prAX) * normalX + (b.dpy - a.dpy + prBY - prAY) * normalY + p.baseSeparation
        let speculative = s .> zero
        var bias = zero, scale = one, keep = zero
        if k.useBias {
            bias = lanesMax(biasRate * s, k.pushOut)
            scale = massScale
            keep = impulseScale
        }
        bias.replace(with: s * k.inverseH, where: speculative)
        scale.replace(with: one, where: speculative)
        keep.replace(with: zero, where: speculative)
        let vn = normalSpeed(p, a, b)
        accumulateNormal(-p.normalMass * scale * (vn + bias) - keep * p.normalImpulse, &p, &a, &b)
    }

    /// Adds `impulse` to the point's accumulated normal impulse, clamped to push only, and applies the change.
    @inline(__always)
    func accumulateNormal(_ impulse: Lanes, _ p: inout WidePoint, _ a: inout WideBodies, _ b: inout WideBodies) {
        let newImpulse = lanesMax(p.normalImpulse + impulse, Lanes())
        let applied = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = lanesMax(p.maxNormalImpulse, applied)
        applyImpulse(applied * normalX, applied * normalY, p, &a, &b)
    }

    @inline(__always)
    func solveTangent(_ p: inout WidePoint, _ a: inout WideBodies, _ b: inout WideBodies) {
        let vt = tangentSpeed(p, a, b)
        let limit = friction * p.normalImpulse
        let newImpulse = lanesMin(lanesMax(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
        let applied = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        applyImpulse(applied * normalY, -applied * normalX, p, &a, &b)
    }

    /// Restitution once per step, for lanes that approached faster than the threshold.
    mutating func applyRestitution(_ context: SolverContext) {
        guard any(restitution .> Lanes()) else { return }
        let states = context.states
        var a = WideBodies(states, indexA), b = WideBodies(states, indexB)
        let threshold = Lanes(repeating: -context.restitutionThreshold)
        var p0 = point0, p1 = point1
        bounce(&p0, &a, &b, threshold)
        bounce(&p1, &a, &b, threshold)
        point0 = p0
        point1 = p1
        a.scatter(states, indexA, massA)
        b.scatter(states, indexB, massB)
    }

    @inline(__always)
    func bounce(_ p: inout WidePoint, _ a: inout WideBodies, _ b: inout WideBodies, _ threshold: Lanes) {
        let zero = Lanes()
        let active = (p.relativeVelocity .< threshold) .& (p.maxNormalImpulse .> zero) .& (restitution .> zero)
        guard any(active) else { return }
        let vn = normalSpeed(p, a, b)
        var impulse = -p.normalMass * (vn + restitution * p.relativeVelocity)
        impulse.replace(with: zero, where: .!active)
        accumulateNormal(impulse, &p, &a, &b)
    }

    /// Writes the lanes' impulses of `block` back into their contacts. Static, reading through the
    /// pointer field by field, so that the 576-byte block is not copied.
    static func storeImpulses(of block: UnsafePointer<WideContactConstraint>, into contacts: UnsafeMutablePointer<Contact>) {
        let index = block.pointee.contactIndex
        let n0 = block.pointee.point0.normalImpulse, t0 = block.pointee.point0.tangentImpulse
        let n1 = block.pointee.point1.normalImpulse, t1 = block.pointee.point1.tangentImpulse
        for lane in 0..<4 where index[lane] >= 0 {
            let i = Int(index[lane])
            contacts[i].manifold.point0.normalImpulse = n0[lane]
            contacts[i].manifold.point0.tangentImpulse = t0[lane]
            if contacts[i].manifold.pointCount > 1 {
                contacts[i].manifold.point1.normalImpulse = n1[lane]
                contacts[i].manifold.point1.tangentImpulse = t1[lane]
            }
        }
    }
}

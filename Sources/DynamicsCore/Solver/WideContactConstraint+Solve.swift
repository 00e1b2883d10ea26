import CKernelSupport

/// Constants of one solve pass, in lanes.
struct WidePassConstants {
    var useBias: Bool
    var inverseH: Lanes
    var pushOut: Lanes
}

/// The passes over a wide block work through pointers: the block's constants are read from
/// memory where they are used, and only the two bodies' lanes live in locals. Binding the block
/// or its points to values instead made the compiler copy them (hundreds of bytes per block and
/// pass) and keep them out of line.
extension WideContactConstraint {
    /// Applies the accumulated impulses. `mutating` only so that a block is used in place.
    mutating func warmStart(_ states: UnsafeMutablePointer<BodyState>) {
        withUnsafeMutablePointer(to: &self) { Self.warmStart($0, states) }
    }

    /// Non-penetration then friction for the four lanes; the same arithmetic as
    /// `ContactConstraint.solve`, lane by lane.
    mutating func solve(_ context: SolverContext, useBias: Bool) {
        // Two constant-flag copies: the relax pass then folds the bias arithmetic away.
        withUnsafeMutablePointer(to: &self) {
            if useBias { Self.solve($0, context, useBias: true) } else { Self.solve($0, context, useBias: false) }
        }
    }

    /// Restitution once per step, for lanes that approached faster than the threshold.
    mutating func applyRestitution(_ context: SolverContext) {
        withUnsafeMutablePointer(to: &self) { Self.applyRestitution($0, context) }
    }

    /// Pointers to a block's two points.
    @inline(__always)
    static func points(_ c: UnsafeMutablePointer<WideContactConstraint>) -> (UnsafeMutablePointer<WidePoint>, UnsafeMutablePointer<WidePoint>) {
        let raw = UnsafeMutableRawPointer(c)
        return ((raw + MemoryLayout<WideContactConstraint>.offset(of: \.point0)!).assumingMemoryBound(to: WidePoint.self),
                (raw + MemoryLayout<WideContactConstraint>.offset(of: \.point1)!).assumingMemoryBound(to: WidePoint.self))
    }

    @inline(__always)
    static func warmStart(_ c: UnsafeMutablePointer<WideContactConstraint>, _ states: UnsafeMutablePointer<BodyState>) {
        var (a, b) = WideBodies.gather(states, c)
        let (p0, p1) = points(c)
        warmStartPoint(c, p0, &a, &b)
        warmStartPoint(c, p1, &a, &b)
        scatterVelocities(states, c, a, b)
    }

    /// Applies a point's accumulated impulse P = λn·n + λt·t; r×P is λn·(r×n) − λt·(r·n).
    @inline(__always)
    static func warmStartPoint(_ c: UnsafePointer<WideContactConstraint>, _ p: UnsafePointer<WidePoint>,
                               _ a: inout WideBodies, _ b: inout WideBodies) {
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let normal = p.pointee.normalImpulse, tangent = p.pointee.tangentImpulse
        applyImpulse(c, normal * nx + tangent * ny, normal * ny - tangent * nx,
                     normal * p.pointee.acrossA - tangent * p.pointee.alongA,
                     normal * p.pointee.acrossB - tangent * p.pointee.alongB, &a, &b)
    }

    @inline(__always)
    static func solve(_ c: UnsafeMutablePointer<WideContactConstraint>, _ context: SolverContext, useBias: Bool) {
        let states = context.states
        var (a, b) = WideBodies.gather(states, c)
        let k = WidePassConstants(useBias: useBias, inverseH: Lanes(repeating: context.inverseH),
                                  pushOut: Lanes(repeating: -context.pushMaxVelocity))
        let (p0, p1) = points(c)
        // Positions do not change within a block's solve: each separation is computed once.
        let (s0, s1) = separations(c, states)
        solveNormal(c, p0, s0, &a, &b, k)
        solveNormal(c, p1, s1, &a, &b, k)
        // Hard two-point impacts: sweep the normal points again (up to four more times) while a
        // lane still approaches faster than the push-out speed (see ContactConstraint.solve). The
        // relax pass removes push-out only; impacts are solved already.
        if useBias && approachesFast(c, p0, p1, a, b, k) { sweepImpacts(c, p0, p1, s0, s1, &a, &b, k) }
        solveTangent(c, p0, &a, &b)
        solveTangent(c, p1, &a, &b)
        scatterVelocities(states, c, a, b)
    }

    /// Whether a lane with two points still approaches faster than the push-out speed.
    @inline(__always)
    static func approachesFast(_ c: UnsafeMutablePointer<WideContactConstraint>, _ p0: UnsafeMutablePointer<WidePoint>,
                               _ p1: UnsafeMutablePointer<WidePoint>, _ a: WideBodies, _ b: WideBodies,
                               _ k: WidePassConstants) -> Bool {
        let fast = (normalSpeed(c, p0, a, b) .< k.pushOut) .| (normalSpeed(c, p1, a, b) .< k.pushOut)
        return any(fast .& (p1.pointee.normalMass .> Lanes()))
    }

    /// Up to four more sweeps of the normal points, while `approachesFast`. Rare, and out of
    /// line so that the common path keeps its registers.
    @inline(never)
    static func sweepImpacts(_ c: UnsafeMutablePointer<WideContactConstraint>, _ p0: UnsafeMutablePointer<WidePoint>,
                             _ p1: UnsafeMutablePointer<WidePoint>, _ s0: Lanes, _ s1: Lanes,
                             _ a: inout WideBodies, _ b: inout WideBodies, _ k: WidePassConstants) {
        for sweep in 1...4 {
            solveNormal(c, p0, s0, &a, &b, k)
            solveNormal(c, p1, s1, &a, &b, k)
            guard sweep < 4 && approachesFast(c, p0, p1, a, b, k) else { return }
        }
    }

    /// Applies the impulse P = (px, py) at the point: its linear part to both bodies, and its
    /// moments `momentA` = rA×P and `momentB` = rB×P to their spins.
    @inline(__always)
    static func applyImpulse(_ c: UnsafePointer<WideContactConstraint>, _ px: Lanes, _ py: Lanes,
                             _ momentA: Lanes, _ momentB: Lanes, _ a: inout WideBodies, _ b: inout WideBodies) {
        let mA = c.pointee.massA, mB = c.pointee.massB
        a.vx -= mA * px; a.vy -= mA * py
        a.w -= c.pointee.inertiaA * momentA
        b.vx += mB * px; b.vy += mB * py
        b.w += c.pointee.inertiaB * momentB
    }

    /// The relative velocity at the point along the normal (`tangent: false`) or the tangent:
    /// (vB − vA)·n + ωB·(rB×n) − ωA·(rA×n), and along t the same with r×t = −r·n.
    @inline(__always)
    static func relativeSpeed(_ c: UnsafePointer<WideContactConstraint>, _ p: UnsafePointer<WidePoint>,
                              _ a: WideBodies, _ b: WideBodies, tangent: Bool) -> Lanes {
        let dvx = b.vx - a.vx, dvy = b.vy - a.vy
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        if tangent {
            return dvx * ny - dvy * nx - b.w * p.pointee.alongB + a.w * p.pointee.alongA
        }
        return dvx * nx + dvy * ny + b.w * p.pointee.acrossB - a.w * p.pointee.acrossA
    }

    @inline(__always)
    static func normalSpeed(_ c: UnsafePointer<WideContactConstraint>, _ p: UnsafePointer<WidePoint>,
                            _ a: WideBodies, _ b: WideBodies) -> Lanes {
        relativeSpeed(c, p, a, b, tangent: false)
    }

    /// The current separations of the block's two points, from the motion rows of both sides.
    @_transparent
    static func separations(_ c: UnsafeMutablePointer<WideContactConstraint>,
                            _ states: UnsafeMutablePointer<BodyState>) -> (Lanes, Lanes) {
        let a = WideMotion(states, c.pointee.indexA), b = WideMotion(states, c.pointee.indexB)
        let (p0, p1) = points(c)
        return (separation(c, p0, a, b), separation(c, p1, a, b))
    }

    /// A point's current separation, from the bodies' motion since the step start: each anchor
    /// turned by its body's rotation (c, s) lies c·(r·n) + s·(r×n) along the normal.
    @inline(__always)
    static func separation(_ c: UnsafePointer<WideContactConstraint>, _ p: UnsafePointer<WidePoint>,
                           _ a: WideMotion, _ b: WideMotion) -> Lanes {
        (b.dpx - a.dpx) * c.pointee.normalX + (b.dpy - a.dpy) * c.pointee.normalY
            + (b.qc * p.pointee.alongB + b.qs * p.pointee.acrossB) - (a.qc * p.pointee.alongA + a.qs * p.pointee.acrossA)
            + p.pointee.baseSeparation
    }

    // Transparent, not `@inline(__always)`: the optimiser left the sweep's calls out of line
    // (bodies passed through memory; the solve's share of large-pyramid fell from 47 to 41 %
    // of samples once inlined). `@inline(always)` does the same but needs Swift 6.3.
    @_transparent
    static func solveNormal(_ c: UnsafeMutablePointer<WideContactConstraint>, _ p: UnsafeMutablePointer<WidePoint>,
                            _ s: Lanes, _ a: inout WideBodies, _ b: inout WideBodies, _ k: WidePassConstants) {
        let zero = Lanes()
        let vn = normalSpeed(c, p, a, b)
        // A speculative lane (s > 0) may close the gap within the sub-step, at full stiffness; a
        // touching lane is soft and pushed out at a capped speed when biased, not at all when
        // relaxing. Written per case: `0 * impulse` and the like cannot be folded away.
        let impulse: Lanes
        if k.useBias {
            let speculative = s .> zero
            let soft = -p.pointee.normalMass * c.pointee.massScale * (vn + lanesMax(c.pointee.biasRate * s, k.pushOut))
                - c.pointee.impulseScale * p.pointee.normalImpulse
            impulse = soft.replacing(with: -p.pointee.normalMass * (vn + s * k.inverseH), where: speculative)
        } else {
            impulse = -p.pointee.normalMass * (vn + lanesMax(s, zero) * k.inverseH)
        }
        accumulateNormal(c, impulse, p, &a, &b)
    }

    /// Adds `impulse` to the point's accumulated normal impulse, clamped to push only, and applies the change.
    @inline(__always)
    static func accumulateNormal(_ c: UnsafeMutablePointer<WideContactConstraint>, _ impulse: Lanes,
                                 _ p: UnsafeMutablePointer<WidePoint>, _ a: inout WideBodies, _ b: inout WideBodies) {
        let old = p.pointee.normalImpulse
        let newImpulse = lanesMax(old + impulse, Lanes())
        let applied = newImpulse - old
        p.pointee.normalImpulse = newImpulse
        p.pointee.maxNormalImpulse = lanesMax(p.pointee.maxNormalImpulse, applied)
        applyImpulse(c, applied * c.pointee.normalX, applied * c.pointee.normalY,
                     applied * p.pointee.acrossA, applied * p.pointee.acrossB, &a, &b)
    }

    @inline(__always)
    static func solveTangent(_ c: UnsafeMutablePointer<WideContactConstraint>, _ p: UnsafeMutablePointer<WidePoint>,
                             _ a: inout WideBodies, _ b: inout WideBodies) {
        let vt = relativeSpeed(c, p, a, b, tangent: true)
        let limit = c.pointee.friction * p.pointee.normalImpulse
        let old = p.pointee.tangentImpulse
        let newImpulse = lanesMin(lanesMax(old - p.pointee.tangentMass * vt, -limit), limit)
        let applied = newImpulse - old
        p.pointee.tangentImpulse = newImpulse
        applyImpulse(c, applied * c.pointee.normalY, -applied * c.pointee.normalX,
                     -applied * p.pointee.alongA, -applied * p.pointee.alongB, &a, &b)
    }

    @inline(__always)
    static func applyRestitution(_ c: UnsafeMutablePointer<WideContactConstraint>, _ context: SolverContext) {
        guard any(c.pointee.restitution .> Lanes()) else { return }
        let states = context.states
        var (a, b) = WideBodies.gather(states, c)
        let threshold = Lanes(repeating: -context.restitutionThreshold)
        let (p0, p1) = points(c)
        bounce(c, p0, &a, &b, threshold)
        bounce(c, p1, &a, &b, threshold)
        scatterVelocities(states, c, a, b)
    }

    @inline(__always)
    static func bounce(_ c: UnsafeMutablePointer<WideContactConstraint>, _ p: UnsafeMutablePointer<WidePoint>,
                       _ a: inout WideBodies, _ b: inout WideBodies, _ threshold: Lanes) {
        let zero = Lanes(), e = c.pointee.restitution
        let active = (p.pointee.relativeVelocity .< threshold) .& (p.pointee.maxNormalImpulse .> zero) .& (e .> zero)
        guard any(active) else { return }
        let vn = normalSpeed(c, p, a, b)
        var impulse = -p.pointee.normalMass * (vn + e * p.pointee.relativeVelocity)
        impulse.replace(with: zero, where: .!active)
        accumulateNormal(c, impulse, p, &a, &b)
    }

    /// Writes the lanes' impulses of `block` back to their contacts' impulse records, reading
    /// through the pointer field by field so that the block is not copied. A lane with one point
    /// has zeros in its second (see `setLane`).
    static func storeImpulses(of block: UnsafePointer<WideContactConstraint>, into impulses: UnsafeMutablePointer<ContactImpulses>) {
        let index = block.pointee.contactIndex
        let n0 = block.pointee.point0.normalImpulse, t0 = block.pointee.point0.tangentImpulse
        let n1 = block.pointee.point1.normalImpulse, t1 = block.pointee.point1.tangentImpulse
        for lane in 0..<4 where index[lane] >= 0 {
            impulses[Int(index[lane])] = ContactImpulses(normal0: n0[lane], tangent0: t0[lane], normal1: n1[lane], tangent1: t1[lane])
        }
    }
}

/// One point of a contact constraint, prepared once per step.
struct ConstraintPoint: BitwiseCopyable {
    var anchorA: Vec2
    var anchorB: Vec2
    /// The anchors along and across the normal, r·n and r×n, as the wide blocks keep them
    /// (a by-product of the effective masses).
    var alongA: Float, acrossA: Float, alongB: Float, acrossB: Float
    /// Separation at the step start minus the anchors' contribution, so the current separation is
    /// `dot(dpB − dpA + rB' − rA', n) + baseSeparation`.
    var baseSeparation: Float
    var normalImpulse: Float
    var tangentImpulse: Float
    var maxNormalImpulse: Float
    var normalMass: Float
    var tangentMass: Float
    /// The normal relative velocity at the start of the step: the impact speed restitution uses.
    /// Speeds seen later in the step are not used: inside a sweep they include other contacts'
    /// push-out, and bouncing those made closed systems gain energy (up to 3× with e = 0.99).
    var relativeVelocity: Float
    /// The normal impulse the step began with (its warm start): the relax pass caps what each point
    /// carries into the next sub-step at a multiple of its manifold's (`SolverContext.warmStartGrowth`).
    var startNormalImpulse: Float
}

/// A contact prepared for the solver: both bodies' dense indices (−1 for static) and masses, so
/// that solving touches only this record and the two bodies' `BodyState`.
struct ContactConstraint: BitwiseCopyable {
    var denseA: Int32
    var denseB: Int32
    var contactIndex: Int32
    var pointCount: Int32
    var normal: Vec2
    var friction: Float
    var restitution: Float
    var massA: Float
    var inertiaA: Float
    var massB: Float
    var inertiaB: Float
    var softness: Softness
    var point0: ConstraintPoint
    var point1: ConstraintPoint
}

extension ConstraintPoint {
    /// A point that does nothing: zero anchors, masses and impulses.
    static var zero: ConstraintPoint {
        ConstraintPoint(anchorA: .zero, anchorB: .zero, alongA: 0, acrossA: 0, alongB: 0, acrossB: 0, baseSeparation: 0, normalImpulse: 0, tangentImpulse: 0,
                        maxNormalImpulse: 0, normalMass: 0, tangentMass: 0, relativeVelocity: 0, startNormalImpulse: 0)
    }
}

extension ContactConstraint {
    /// A constraint that does nothing, for the unused lanes of a wide block.
    static var unused: ContactConstraint {
        ContactConstraint(denseA: -1, denseB: -1, contactIndex: -1, pointCount: 0, normal: .zero, friction: 0, restitution: 0,
                          massA: 0, inertiaA: 0, massB: 0, inertiaB: 0, softness: .rigid, point0: .zero, point1: .zero)
    }

    /// The second point, or a point that does nothing when there is only one.
    @inline(__always)
    var secondPoint: ConstraintPoint { pointCount > 1 ? point1 : .zero }

    /// The constraint point of a manifold point with anchors `rA` and `rB` and separation `separation`.
    @inline(__always)
    static func preparePoint(anchorA rA: Vec2, anchorB rB: Vec2, separation: Float, normalImpulse: Float,
                             tangentImpulse: Float, normal: Vec2,
                             mA: Float, iA: Float, mB: Float, iB: Float, a: BodyState, b: BodyState) -> ConstraintPoint {
        let tangent = normal.rightPerpendicular
        let rnA = rA.cross(normal), rnB = rB.cross(normal)
        let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let rtA = rA.cross(tangent), rtB = rB.cross(tangent)
        let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        let dv = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
        // r×t is −r·n (t is n turned clockwise), exactly: negation does not round.
        return ConstraintPoint(anchorA: rA, anchorB: rB, alongA: -rtA, acrossA: rnA, alongB: -rtB, acrossB: rnB,
                               baseSeparation: separation - (rB - rA).dot(normal),
                               normalImpulse: normalImpulse, tangentImpulse: tangentImpulse, maxNormalImpulse: 0,
                               normalMass: kNormal > 0 ? 1 / kNormal : 0, tangentMass: kTangent > 0 ? 1 / kTangent : 0,
                               relativeVelocity: normal.dot(dv), startNormalImpulse: normalImpulse)
    }

    @inline(__always)
    func warmStart(_ states: UnsafeMutablePointer<BodyState>) {
        var a = loadState(states, denseA)
        var b = loadState(states, denseB)
        let tangent = normal.rightPerpendicular
        @inline(__always) func apply(_ p: ConstraintPoint) {
            let impulse = p.normalImpulse * normal + p.tangentImpulse * tangent
            a.linearVelocity -= massA * impulse
            a.angularVelocity -= inertiaA * p.anchorA.cross(impulse)
            b.linearVelocity += massB * impulse
            b.angularVelocity += inertiaB * p.anchorB.cross(impulse)
        }
        apply(point0)
        if pointCount > 1 { apply(point1) }
        if massA > 0 { storeState(states, denseA, a) }
        if massB > 0 { storeState(states, denseB, b) }
    }

    @inline(__always)
    mutating func solve(_ context: SolverContext, useBias: Bool) {
        let states = context.states
        var a = loadState(states, denseA)
        var b = loadState(states, denseB)
        let dp = b.deltaPosition - a.deltaPosition
        let tangent = normal.rightPerpendicular

        @inline(__always) func solveNormal(_ p: inout ConstraintPoint) {
            let prA = a.deltaRotation.apply(p.anchorA), prB = b.deltaRotation.apply(p.anchorB)
            let s = normal.dot(dp + prB - prA) + p.baseSeparation
            var bias: Float = 0, massScale: Float = 1, impulseScale: Float = 0
            if s > 0 {
                bias = s * context.inverseH
            } else if useBias {
                bias = max(softness.biasRate * s, -context.pushMaxVelocity)
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            let rA = p.anchorA, rB = p.anchorB
            let dv = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
            let vn = dv.dot(normal)
            let impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
            let newImpulse = max(p.normalImpulse + impulse, 0)
            let applied = newImpulse - p.normalImpulse
            p.normalImpulse = newImpulse
            p.maxNormalImpulse = max(p.maxNormalImpulse, applied)
            let P = applied * normal
            a.linearVelocity -= massA * P
            a.angularVelocity -= inertiaA * rA.cross(P)
            b.linearVelocity += massB * P
            b.angularVelocity += inertiaB * rB.cross(P)
        }
        @inline(__always) func approachSpeed(_ p: ConstraintPoint) -> Float {
            let dv = (b.linearVelocity + cross(b.angularVelocity, p.anchorB)) - (a.linearVelocity + cross(a.angularVelocity, p.anchorA))
            return -dv.dot(normal)
        }
        @inline(__always) func solveTangent(_ p: inout ConstraintPoint) {
            let rA = p.anchorA, rB = p.anchorB
            let dv = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
            let vt = dv.dot(tangent)
            let limit = friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
            let applied = newImpulse - p.tangentImpulse
            p.tangentImpulse = newImpulse
            let P = applied * tangent
            a.linearVelocity -= massA * P
            a.angularVelocity -= inertiaA * rA.cross(P)
            b.linearVelocity += massB * P
            b.angularVelocity += inertiaB * rB.cross(P)
        }

        solveNormal(&point0)
        if pointCount > 1 {
            solveNormal(&point1)
            // A hard two-point impact couples the points strongly through rotation; one Gauss–Seidel
            // sweep leaves a spin that buries a corner in the next sub-step. Sweep again while either
            // point still approaches faster than the push-out speed (rare: only at impacts).
            var extra = 0
            while extra < 4 && (approachSpeed(point0) > context.pushMaxVelocity || approachSpeed(point1) > context.pushMaxVelocity) {
                solveNormal(&point0)
                solveNormal(&point1)
                extra += 1
            }
        }
        solveTangent(&point0)
        if pointCount > 1 { solveTangent(&point1) }
        if !useBias && context.warmStartGrowth > 0 {
            // Against both points' impulse at the step start, as the wide passes do.
            let start = point0.startNormalImpulse + secondPoint.startNormalImpulse
            capCarry(&point0, start: start, context)
            if pointCount > 1 { capCarry(&point1, start: start, context) }
        }
        if massA > 0 { storeState(states, denseA, a) }
        if massB > 0 { storeState(states, denseB, b) }
    }

    /// Caps what point `p` carries into the next sub-step, as the wide passes do
    /// (`dynamics_contact_pass_constants.warmStartGrowth`): its normal impulse at
    /// `context.warmStartGrowth` times `start` (the manifold's normal impulse at the step start,
    /// both points) or `context.warmStartFloor` times its effective mass, whichever is more; its
    /// friction at the friction coefficient times that. What was taken off is taken off the
    /// carried rows too, when the warm start rides in the velocity integration (`context.carried`).
    @inline(__always)
    func capCarry(_ p: inout ConstraintPoint, start: Float, _ context: SolverContext) {
        let capped = max(context.warmStartGrowth * start, context.warmStartFloor * p.normalMass)
        // Within the cap nothing changes: the solve kept the friction within the cone.
        guard p.normalImpulse > capped else { return }
        let limit = friction * capped
        let cappedTangent = min(max(p.tangentImpulse, -limit), limit)
        let offNormal = p.normalImpulse - capped, offTangent = p.tangentImpulse - cappedTangent
        p.normalImpulse = capped
        p.tangentImpulse = cappedTangent
        guard let carried = context.carried else { return }
        let impulse = offNormal * normal + offTangent * normal.rightPerpendicular
        if denseA >= 0 {
            let row = carried + Int(denseA)
            row.pointee.x -= massA * impulse.x
            row.pointee.y -= massA * impulse.y
            row.pointee.z -= inertiaA * p.anchorA.cross(impulse)
        }
        if denseB >= 0 {
            let row = carried + Int(denseB)
            row.pointee.x += massB * impulse.x
            row.pointee.y += massB * impulse.y
            row.pointee.z += inertiaB * p.anchorB.cross(impulse)
        }
    }

    /// Applies restitution once per step, to points that approached faster than the threshold.
    @inline(__always)
    mutating func applyRestitution(_ context: SolverContext) {
        guard restitution > 0 else { return }
        let states = context.states
        var a = loadState(states, denseA)
        var b = loadState(states, denseB)
        @inline(__always) func bounce(_ p: inout ConstraintPoint) {
            guard p.relativeVelocity < -context.restitutionThreshold && p.maxNormalImpulse > 0 else { return }
            let rA = p.anchorA, rB = p.anchorB
            let dv = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
            let vn = dv.dot(normal)
            let impulse = -p.normalMass * (vn + restitution * p.relativeVelocity)
            let newImpulse = max(p.normalImpulse + impulse, 0)
            let applied = newImpulse - p.normalImpulse
            p.normalImpulse = newImpulse
            p.maxNormalImpulse = max(p.maxNormalImpulse, applied)
            let P = applied * normal
            a.linearVelocity -= massA * P
            a.angularVelocity -= inertiaA * rA.cross(P)
            b.linearVelocity += massB * P
            b.angularVelocity += inertiaB * rB.cross(P)
        }
        bounce(&point0)
        if pointCount > 1 { bounce(&point1) }
        if massA > 0 { storeState(states, denseA, a) }
        if massB > 0 { storeState(states, denseB, b) }
    }
}

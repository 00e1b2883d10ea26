/// Four lanes of floats: one per contact constraint of a wide block.
typealias Lanes = SIMD4<Float>

/// One manifold point across the four constraints of a block.
struct WidePoint {
    var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
    var baseSeparation = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()
    var relativeVelocity = Lanes()

    init() {}

    @inline(__always)
    init(_ p0: ConstraintPoint, _ p1: ConstraintPoint, _ p2: ConstraintPoint, _ p3: ConstraintPoint) {
        @inline(__always) func lanes(_ f: (ConstraintPoint) -> Float) -> Lanes { Lanes(f(p0), f(p1), f(p2), f(p3)) }
        anchorAX = lanes { $0.anchorA.x }; anchorAY = lanes { $0.anchorA.y }
        anchorBX = lanes { $0.anchorB.x }; anchorBY = lanes { $0.anchorB.y }
        baseSeparation = lanes { $0.baseSeparation }
        normalImpulse = lanes { $0.normalImpulse }; tangentImpulse = lanes { $0.tangentImpulse }
        maxNormalImpulse = lanes { $0.maxNormalImpulse }
        normalMass = lanes { $0.normalMass }; tangentMass = lanes { $0.tangentMass }
        relativeVelocity = lanes { $0.relativeVelocity }
    }
}

/// Lane-wise maximum (the generic `pointwiseMax` is not specialised across modules).
@inline(__always)
func lanesMax(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .> a) }

/// Lane-wise minimum.
@inline(__always)
func lanesMin(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }

/// The velocities and step motion of one side of a block's four constraints, gathered by index.
struct WideBodies {
    var vx = Lanes(), vy = Lanes(), w = Lanes()
    var dpx = Lanes(), dpy = Lanes(), qc = Lanes(repeating: 1), qs = Lanes()

    @inline(__always)
    init(_ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) {
        for lane in 0..<4 where index[lane] >= 0 {
            let s = states[Int(index[lane])]
            vx[lane] = s.linearVelocity.x; vy[lane] = s.linearVelocity.y; w[lane] = s.angularVelocity
            dpx[lane] = s.deltaPosition.x; dpy[lane] = s.deltaPosition.y
            qc[lane] = s.deltaRotation.cosine; qs[lane] = s.deltaRotation.sine
        }
    }

    /// Writes velocities back to the lanes whose body can move (mass > 0).
    @inline(__always)
    func scatter(_ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>, _ mass: Lanes) {
        for lane in 0..<4 where mass[lane] > 0 {
            let i = Int(index[lane])
            states[i].linearVelocity = Vec2(vx[lane], vy[lane])
            states[i].angularVelocity = w[lane]
        }
    }
}

/// Four contact constraints of one colour, solved together with SIMD lanes. No body appears twice
/// in a colour, so the lanes never touch the same body. Unused lanes have zero masses and do nothing.
struct WideContactConstraint {
    var indexA = SIMD4<Int32>(repeating: -1), indexB = SIMD4<Int32>(repeating: -1)
    var contactIndex = SIMD4<Int32>(repeating: -1)
    var normalX = Lanes(), normalY = Lanes()
    var friction = Lanes(), restitution = Lanes()
    var massA = Lanes(), inertiaA = Lanes(), massB = Lanes(), inertiaB = Lanes()
    var biasRate = Lanes(), massScale = Lanes(), impulseScale = Lanes()
    var point0 = WidePoint(), point1 = WidePoint()

    /// Packs up to four prepared constraints (a second point absent in a lane stays all zero).
    init(_ c: UnsafePointer<ContactConstraint>, count: Int) {
        let empty = ContactConstraint.unused
        let k0 = c[0], k1 = count > 1 ? c[1] : empty, k2 = count > 2 ? c[2] : empty, k3 = count > 3 ? c[3] : empty
        @inline(__always) func lanes(_ f: (ContactConstraint) -> Float) -> Lanes { Lanes(f(k0), f(k1), f(k2), f(k3)) }
        @inline(__always) func ints(_ f: (ContactConstraint) -> Int32) -> SIMD4<Int32> { SIMD4(f(k0), f(k1), f(k2), f(k3)) }
        indexA = ints { $0.denseA }
        indexB = ints { $0.denseB }
        contactIndex = ints { $0.contactIndex }
        normalX = lanes { $0.normal.x }; normalY = lanes { $0.normal.y }
        friction = lanes { $0.friction }; restitution = lanes { $0.restitution }
        massA = lanes { $0.massA }; inertiaA = lanes { $0.inertiaA }
        massB = lanes { $0.massB }; inertiaB = lanes { $0.inertiaB }
        biasRate = lanes { $0.softness.biasRate }; massScale = lanes { $0.softness.massScale }
        impulseScale = lanes { $0.softness.impulseScale }
        point0 = WidePoint(k0.point0, k1.point0, k2.point0, k3.point0)
        point1 = WidePoint(k0.secondPoint, k1.secondPoint, k2.secondPoint, k3.secondPoint)
    }

    @inline(__always)
    func applyImpulse(_ px: Lanes, _ py: Lanes, _ p: WidePoint, _ a: inout WideBodies, _ b: inout WideBodies) {
        a.vx -= massA * px; a.vy -= massA * py
        a.w -= inertiaA * (p.anchorAX * py - p.anchorAY * px)
        b.vx += massB * px; b.vy += massB * py
        b.w += inertiaB * (p.anchorBX * py - p.anchorBY * px)
    }

    @inline(__always)
    func normalSpeed(_ p: WidePoint, _ a: WideBodies, _ b: WideBodies) -> Lanes {
        let dvx = (b.vx - b.w * p.anchorBY) - (a.vx - a.w * p.anchorAY)
        let dvy = (b.vy + b.w * p.anchorBX) - (a.vy + a.w * p.anchorAX)
        return dvx * normalX + dvy * normalY
    }

    @inline(__always)
    func tangentSpeed(_ p: WidePoint, _ a: WideBodies, _ b: WideBodies) -> Lanes {
        let dvx = (b.vx - b.w * p.anchorBY) - (a.vx - a.w * p.anchorAY)
        let dvy = (b.vy + b.w * p.anchorBX) - (a.vy + a.w * p.anchorAX)
        return dvx * normalY - dvy * normalX
    }

    func warmStart(_ states: UnsafeMutablePointer<BodyState>) {
        var a = WideBodies(states, indexA), b = WideBodies(states, indexB)
        applyImpulse(point0.normalImpulse * normalX + point0.tangentImpulse * normalY,
                     point0.normalImpulse * normalY - point0.tangentImpulse * normalX, point0, &a, &b)
        applyImpulse(point1.normalImpulse * normalX + point1.tangentImpulse * normalY,
                     point1.normalImpulse * normalY - point1.tangentImpulse * normalX, point1, &a, &b)
        a.scatter(states, indexA, massA)
        b.scatter(states, indexB, massB)
    }
}

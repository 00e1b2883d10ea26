import CKernelSupport

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
///
/// A `BodyState` is two 16-byte rows: (vx, vy, w, reserved) and (dpx, dpy, qc, qs). Each lane's
/// rows are loaded whole and transposed. A lane without a movable body indexes the resting state
/// past the bodies (`SolverContext.restingIndex`), so the gather has no branches and no masks.
struct WideBodies {
    var vx = Lanes(), vy = Lanes(), w = Lanes()
    var dpx = Lanes(), dpy = Lanes(), qc = Lanes(repeating: 1), qs = Lanes()

    // Transparent: with `@inline(__always)` the second gather of a solve stayed a call that
    // returned the lanes through memory (see `solveNormal`).
    @_transparent
    init(_ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) {
        let base = UnsafeRawPointer(states)
        @inline(__always) func row(_ lane: Int, _ half: Int) -> Lanes {
            base.loadUnaligned(fromByteOffset: Int(index[lane]) &* 32 &+ half, as: Lanes.self)
        }
        let v0 = row(0, 0), v1 = row(1, 0), v2 = row(2, 0), v3 = row(3, 0)
        let d0 = row(0, 16), d1 = row(1, 16), d2 = row(2, 16), d3 = row(3, 16)
        vx = Lanes(v0.x, v1.x, v2.x, v3.x)
        vy = Lanes(v0.y, v1.y, v2.y, v3.y)
        w = Lanes(v0.z, v1.z, v2.z, v3.z)
        dpx = Lanes(d0.x, d1.x, d2.x, d3.x)
        dpy = Lanes(d0.y, d1.y, d2.y, d3.y)
        qc = Lanes(d0.z, d1.z, d2.z, d3.z)
        qs = Lanes(d0.w, d1.w, d2.w, d3.w)
    }

    /// Gathers the velocities only (the warm start needs no positions).
    @inline(__always)
    init(velocitiesOf states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) {
        let base = UnsafeRawPointer(states)
        @inline(__always) func row(_ lane: Int) -> Lanes {
            base.loadUnaligned(fromByteOffset: Int(index[lane]) &* 32, as: Lanes.self)
        }
        let v0 = row(0), v1 = row(1), v2 = row(2), v3 = row(3)
        vx = Lanes(v0.x, v1.x, v2.x, v3.x)
        vy = Lanes(v0.y, v1.y, v2.y, v3.y)
        w = Lanes(v0.z, v1.z, v2.z, v3.z)
    }

    /// Writes velocities back to the lanes whose body can move (mass > 0), one 16-byte row each.
    /// The rows come from whole-vector shuffles (see `dynamics_transpose3`).
    @inline(__always)
    func scatter(_ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>, _ mass: Lanes) {
        let base = UnsafeMutableRawPointer(states)
        var rows = (Lanes(), Lanes(), Lanes(), Lanes())
        withUnsafeMutablePointer(to: &rows) { tuple in
            tuple.withMemoryRebound(to: Lanes.self, capacity: 4) { row in
                dynamics_transpose3(vx, vy, w, row)
                for lane in 0..<4 where mass[lane] > 0 {
                    base.storeBytes(of: row[lane], toByteOffset: Int(index[lane]) &* 32, as: Lanes.self)
                }
            }
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
    /// Lanes without a movable body, and unused lanes, index `restingIndex`.
    init(_ c: UnsafePointer<ContactConstraint>, count: Int, restingIndex: Int32) {
        let empty = ContactConstraint.unused
        let k0 = c[0], k1 = count > 1 ? c[1] : empty, k2 = count > 2 ? c[2] : empty, k3 = count > 3 ? c[3] : empty
        @inline(__always) func lanes(_ f: (ContactConstraint) -> Float) -> Lanes { Lanes(f(k0), f(k1), f(k2), f(k3)) }
        @inline(__always) func ints(_ f: (ContactConstraint) -> Int32) -> SIMD4<Int32> { SIMD4(f(k0), f(k1), f(k2), f(k3)) }
        let resting = SIMD4(repeating: restingIndex)
        indexA = ints { $0.denseA }
        indexA.replace(with: resting, where: indexA .< 0)
        indexB = ints { $0.denseB }
        indexB.replace(with: resting, where: indexB .< 0)
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
}

import CKernelSupport

/// Four lanes of floats: one per contact constraint of a wide block.
typealias Lanes = SIMD4<Float>

/// One manifold point across the four constraints of a block. Its layout is C's
/// (`dynamics_wide_point`), so that the contact passes in CKernelSupport work on it in place.
///
/// Each anchor r (from its body's centre of mass) is kept as its two components in the contact
/// frame: along the normal, r·n, and across it, r×n. With the tangent t = (n.y, −n.x), r×t is
/// −r·n, so these two numbers give every angular term of the solve (ω×r along n or t, r×P for an
/// impulse P) in one multiply each, and the separation's rotation term as c·(r·n) + s·(r×n).
typealias WidePoint = dynamics_wide_point

extension WidePoint {
    /// Writes one lane of a wide point in place; `lane` points at the lane's first float.
    @inline(__always)
    static func setLane(_ lane: UnsafeMutableRawPointer, _ p: ConstraintPoint) {
        @inline(__always) func put(_ field: PartialKeyPath<WidePoint>, _ value: Float) {
            lane.storeBytes(of: value, toByteOffset: MemoryLayout<WidePoint>.offset(of: field)!, as: Float.self)
        }
        put(\.alongA, p.alongA); put(\.acrossA, p.acrossA)
        put(\.alongB, p.alongB); put(\.acrossB, p.acrossB)
        put(\.baseSeparation, p.baseSeparation)
        put(\.normalImpulse, p.normalImpulse); put(\.tangentImpulse, p.tangentImpulse)
        put(\.maxNormalImpulse, p.maxNormalImpulse)
        put(\.normalMass, p.normalMass); put(\.tangentMass, p.tangentMass)
        put(\.relativeVelocity, p.relativeVelocity)
    }
}

/// The velocities of one side of a block's four constraints, gathered by index.
///
/// A `BodyState` is two 16-byte rows: (vx, vy, w, reserved) and (dpx, dpy, qc, qs). Each lane's
/// velocity row is loaded whole and transposed. A lane without a movable body indexes the resting
/// state past the bodies (`SolverContext.restingIndex`), so the gather has no branches and no masks.
struct WideBodies {
    var vx = Lanes(), vy = Lanes(), w = Lanes()

    /// Both sides' velocities of the block at `c`.
    @_transparent
    static func gather(_ states: UnsafeMutablePointer<BodyState>,
                       _ c: UnsafeMutablePointer<WideContactConstraint>) -> (WideBodies, WideBodies) {
        (WideBodies(states, c.pointee.indexA), WideBodies(states, c.pointee.indexB))
    }

    // Transparent: with `@inline(__always)` the second gather of a solve stayed a call that
    // returned the lanes through memory (see `solveNormal`).
    @_transparent
    init(_ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) {
        let base = UnsafeRawPointer(states)
        @inline(__always) func row(_ lane: Int) -> Lanes {
            base.loadUnaligned(fromByteOffset: Int(index[lane]) &* 32, as: Lanes.self)
        }
        let v0 = row(0), v1 = row(1), v2 = row(2), v3 = row(3)
        vx = Lanes(v0.x, v1.x, v2.x, v3.x)
        vy = Lanes(v0.y, v1.y, v2.y, v3.y)
        w = Lanes(v0.z, v1.z, v2.z, v3.z)
    }
}

/// Writes both sides' velocities back to the lanes whose body can move, for any four-lane block
/// that keeps each side's body indices and inverse masses (contact blocks, pin blocks).
@inline(__always)
func scatterVelocities<Block>(_ states: UnsafeMutablePointer<BodyState>, _ c: UnsafeMutablePointer<Block>,
                              indexA: KeyPath<Block, SIMD4<Int32>>, massA: KeyPath<Block, Lanes>,
                              indexB: KeyPath<Block, SIMD4<Int32>>, massB: KeyPath<Block, Lanes>,
                              _ a: WideBodies, _ b: WideBodies) {
    let raw = UnsafeMutableRawPointer(c)
    @inline(__always) func field<T>(_ path: PartialKeyPath<Block>, _: T.Type) -> UnsafePointer<T> {
        UnsafePointer((raw + MemoryLayout<Block>.offset(of: path)!).assumingMemoryBound(to: T.self))
    }
    dynamics_scatter_velocities(UnsafeMutableRawPointer(states),
                                field(indexA, Int32.self), field(massA, Float.self), a.vx, a.vy, a.w,
                                field(indexB, Int32.self), field(massB, Float.self), b.vx, b.vy, b.w)
}

/// The step's motion of one side of a block's four constraints (the second row of each
/// `BodyState`: dpx, dpy and the rotation's cosine and sine), gathered and transposed.
struct WideMotion {
    var dpx = Lanes(), dpy = Lanes(), qc = Lanes(repeating: 1), qs = Lanes()

    @inline(__always)
    init(_ states: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) {
        let base = UnsafeRawPointer(states)
        @inline(__always) func row(_ lane: Int) -> Lanes {
            base.loadUnaligned(fromByteOffset: Int(index[lane]) &* 32 &+ 16, as: Lanes.self)
        }
        let d0 = row(0), d1 = row(1), d2 = row(2), d3 = row(3)
        dpx = Lanes(d0.x, d1.x, d2.x, d3.x)
        dpy = Lanes(d0.y, d1.y, d2.y, d3.y)
        qc = Lanes(d0.z, d1.z, d2.z, d3.z)
        qs = Lanes(d0.w, d1.w, d2.w, d3.w)
    }
}

/// Four contact constraints of one colour, solved together with SIMD lanes. No body appears twice
/// in a colour, so the lanes never touch the same body. Unused lanes have zero masses and do nothing.
/// Its layout is C's (`dynamics_wide_contact`): the contact passes run in CKernelSupport
/// (`dynamics_contact_pass`), compiled for the baseline and for AVX.
typealias WideContactConstraint = dynamics_wide_contact

extension WideContactConstraint {
    /// Writes lane `l` of the block at `block` from one prepared constraint, in place: the
    /// block's memory need not be initialised before its four lanes are written. A lane without
    /// a movable body indexes `restingIndex`; a second point absent in a lane stays all zero.
    @inline(__always)
    static func setLane(_ l: Int, of block: UnsafeMutablePointer<WideContactConstraint>, _ k: ContactConstraint,
                        restingIndex: Int32) {
        let raw = UnsafeMutableRawPointer(block) + l * MemoryLayout<Float>.stride
        @inline(__always) func put(_ field: PartialKeyPath<WideContactConstraint>, _ value: Float) {
            raw.storeBytes(of: value, toByteOffset: MemoryLayout<WideContactConstraint>.offset(of: field)!, as: Float.self)
        }
        @inline(__always) func putIndex(_ field: PartialKeyPath<WideContactConstraint>, _ value: Int32) {
            raw.storeBytes(of: value, toByteOffset: MemoryLayout<WideContactConstraint>.offset(of: field)!, as: Int32.self)
        }
        putIndex(\.indexA, k.denseA < 0 ? restingIndex : k.denseA)
        putIndex(\.indexB, k.denseB < 0 ? restingIndex : k.denseB)
        putIndex(\.contactIndex, k.contactIndex)
        put(\.normalX, k.normal.x); put(\.normalY, k.normal.y)
        put(\.friction, k.friction); put(\.restitution, k.restitution)
        put(\.massA, k.massA); put(\.inertiaA, k.inertiaA)
        put(\.massB, k.massB); put(\.inertiaB, k.inertiaB)
        put(\.biasRate, k.softness.biasRate); put(\.massScale, k.softness.massScale)
        put(\.impulseScale, k.softness.impulseScale)
        let point0 = MemoryLayout<WideContactConstraint>.offset(of: \.point0)!
        let point1 = MemoryLayout<WideContactConstraint>.offset(of: \.point1)!
        WidePoint.setLane(raw + point0, k.point0)
        WidePoint.setLane(raw + point1, k.secondPoint)
    }

    /// Pointers to a block's two points.
    @inline(__always)
    static func points(_ c: UnsafeMutablePointer<WideContactConstraint>) -> (UnsafeMutablePointer<WidePoint>, UnsafeMutablePointer<WidePoint>) {
        let raw = UnsafeMutableRawPointer(c)
        return ((raw + MemoryLayout<WideContactConstraint>.offset(of: \.point0)!).assumingMemoryBound(to: WidePoint.self),
                (raw + MemoryLayout<WideContactConstraint>.offset(of: \.point1)!).assumingMemoryBound(to: WidePoint.self))
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

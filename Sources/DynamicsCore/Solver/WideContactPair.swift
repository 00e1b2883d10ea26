import CKernelSupport

/// Four lanes of floats: one per contact constraint of a wide block.
typealias Lanes = SIMD4<Float>

/// One manifold point across the eight constraints of a pair of blocks (lanes 0–3 the first
/// block's, 4–7 the second's). Its layout is C's (`dynamics_wide_point_pair`), so that the
/// contact passes in CKernelSupport work on it in place.
///
/// Each anchor r (from its body's centre of mass) is kept as its two components in the contact
/// frame: along the normal, r·n, and across it, r×n. With the tangent t = (n.y, −n.x), r×t is
/// −r·n, so these two numbers give every angular term of the solve (ω×r along n or t, r×P for an
/// impulse P) in one multiply each, and the separation's rotation term as c·(r·n) + s·(r×n).
typealias WidePointPair = dynamics_wide_point_pair

/// One manifold point of one block: its half of a `WidePointPair`.
struct WidePointBlock {
    /// The block's first lane of the point's first field.
    let raw: UnsafeMutableRawPointer

    /// Writes the block's four lanes of `field`.
    @inline(__always)
    func store(_ field: PartialKeyPath<WidePointPair>, _ value: Lanes) {
        raw.storeBytes(of: value, toByteOffset: MemoryLayout<WidePointPair>.offset(of: field)!, as: Lanes.self)
    }

    /// Writes one lane of the point in place; `lane` points at the lane's first float.
    @inline(__always)
    static func setLane(_ lane: UnsafeMutableRawPointer, _ p: ConstraintPoint) {
        @inline(__always) func put(_ field: PartialKeyPath<WidePointPair>, _ value: Float) {
            lane.storeBytes(of: value, toByteOffset: MemoryLayout<WidePointPair>.offset(of: field)!, as: Float.self)
        }
        put(\.alongA, p.alongA); put(\.acrossA, p.acrossA)
        put(\.alongB, p.alongB); put(\.acrossB, p.acrossB)
        put(\.baseSeparation, p.baseSeparation)
        put(\.normalImpulse, p.normalImpulse); put(\.tangentImpulse, p.tangentImpulse)
        put(\.normalMass, p.normalMass); put(\.tangentMass, p.tangentMass)
    }
}

/// The velocities of one side of a block's four constraints, gathered by index.
///
/// A `BodyState` is two 16-byte rows: (vx, vy, w, reserved) and (dpx, dpy, qc, qs). Each lane's
/// velocity row is loaded whole and transposed. A lane without a movable body indexes the resting
/// state past the bodies (`SolverContext.restingIndex`), so the gather has no branches and no masks.
struct WideBodies {
    var vx = Lanes(), vy = Lanes(), w = Lanes()

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

/// Writes both sides' velocities back to the lanes whose body can move, with each body's inverse
/// mass after them (`BodyState.inverseMass`), for any four-lane block that keeps each side's body
/// indices and inverse masses (the pin blocks).
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

/// Two consecutive blocks of four contact constraints of one colour, field by field: lanes 0–3
/// of every field are the first block's, 4–7 the second's. No body appears twice in a colour, so
/// the lanes never touch the same body; unused lanes have zero masses and do nothing. Its layout
/// is C's (`dynamics_wide_contact_pair`): the contact passes run in CKernelSupport
/// (`dynamics_contact_pass`), the AVX copy loading each field of a pair in one piece. A colour has
/// an even number of blocks (`World.layOutWideBlocks`), so a pair holds one colour.
///
/// It holds only what the warm start, solve and relax passes read. The bodies' inverse masses are
/// read from their states (`BodyState.inverseMass`), and a lane's softness follows from them. The
/// second manifold point is a `WidePointPair` of its own (pair `k`'s is the `k`th of
/// `World.wideSecondPoints`), so that a pair none of whose lanes has one streams 512 contiguous
/// bytes. The rest is in the pair's `WideContactExtra`.
typealias WideContactPair = dynamics_wide_contact_pair

/// What only restitution and the impulse stores need of a pair of blocks: each lane's contact,
/// restitution, impact speeds and largest normal impulses of the step (C's
/// `dynamics_wide_contact_extra`). Pair `k`'s is the `k`th of `World.wideExtras`. What the capping
/// relax pass reads besides the pair, its normal impulses at the step start, is in
/// `World.wideStartImpulses`.
typealias WideContactExtra = dynamics_wide_contact_extra

extension WideContactPair {
    /// Writes the lanes' impulses of the pair at `pair`, whose second point is at `second`, back
    /// to their contacts' impulse records (the contacts named by the pair's extra, `extra`),
    /// reading through the pointers field by field so that the pair is not copied. A lane with
    /// one point has zeros in its second (see `WideBlock.setLane`), which no pass changes; so a
    /// pair of one point (`onePoint`, see `World.widePointCounts`) stores zeros without reading
    /// its second point. An unused lane has no contact.
    static func storeImpulses(of pair: UnsafePointer<WideContactPair>, second: UnsafePointer<WidePointPair>,
                              extra: UnsafePointer<WideContactExtra>,
                              onePoint: Bool, into impulses: UnsafeMutablePointer<ContactImpulses>) {
        let index = extra.pointee.contactIndex
        let n0 = pair.pointee.point0.normalImpulse, t0 = pair.pointee.point0.tangentImpulse
        let n1 = onePoint ? .zero : second.pointee.normalImpulse
        let t1 = onePoint ? .zero : second.pointee.tangentImpulse
        for lane in 0..<8 where index[lane] >= 0 {
            impulses[Int(index[lane])] = ContactImpulses(normal0: n0[lane], tangent0: t0[lane], normal1: n1[lane], tangent1: t1[lane])
        }
    }
}

/// One block of four contact constraints: its half (lanes 0–3 or 4–7 of every field) of a
/// `WideContactPair`, of the pair's second point and of its `WideContactExtra`. Block `b` of an
/// array of pairs is half `b % 2` of pair `b / 2`.
struct WideBlock {
    /// The block's first lane of the pair's first field: each field's four lanes lie at the
    /// field's offset in the pair from here.
    let raw: UnsafeMutableRawPointer
    /// The same in the pair's second point.
    let second: UnsafeMutableRawPointer
    /// The same in the pair's extra.
    let extra: UnsafeMutableRawPointer
    /// The same in the pair's start impulses (`World.wideStartImpulses`).
    let start: UnsafeMutableRawPointer

    /// Block `b` of the pairs at `pairs`, whose second points are at `seconds`, extras at `extras`
    /// and start impulses at `starts`.
    @inline(__always)
    init(_ pairs: UnsafeMutablePointer<WideContactPair>, _ seconds: UnsafeMutablePointer<WidePointPair>,
         _ extras: UnsafeMutablePointer<WideContactExtra>, _ starts: UnsafeMutablePointer<SIMD8<Float>>, block b: Int) {
        let half = (b & 1) * MemoryLayout<Lanes>.stride
        raw = UnsafeMutableRawPointer(pairs + (b >> 1)) + half
        second = UnsafeMutableRawPointer(seconds + (b >> 1)) + half
        extra = UnsafeMutableRawPointer(extras + (b >> 1)) + half
        start = UnsafeMutableRawPointer(starts + (b >> 1)) + half
    }

    /// Writes the block's four lanes of normal impulse at the step start (both points' summed).
    @inline(__always)
    func storeStartImpulses(_ value: Lanes) {
        start.storeBytes(of: value, as: Lanes.self)
    }

    /// Writes the block's four lanes of `field` (floats or integers).
    @inline(__always)
    func store<Value: SIMD & BitwiseCopyable>(_ field: PartialKeyPath<WideContactPair>, _ value: Value) {
        raw.storeBytes(of: value, toByteOffset: MemoryLayout<WideContactPair>.offset(of: field)!, as: Value.self)
    }

    /// Writes the block's four lanes of `field` of the pair's extra (floats or integers).
    @inline(__always)
    func store<Value: SIMD & BitwiseCopyable>(extra field: PartialKeyPath<WideContactExtra>, _ value: Value) {
        extra.storeBytes(of: value, toByteOffset: MemoryLayout<WideContactExtra>.offset(of: field)!, as: Value.self)
    }

    /// The block's two points.
    @inline(__always)
    var points: (WidePointBlock, WidePointBlock) {
        (WidePointBlock(raw: raw + MemoryLayout<WideContactPair>.offset(of: \.point0)!),
         WidePointBlock(raw: second))
    }

    /// Writes lane `l` of the block from one prepared constraint, in place: the block's memory
    /// need not be initialised before its four lanes are written. A lane without a movable body
    /// points at the state `restingIndex`; a second point absent in a lane stays all zero. The
    /// constraint's inverse masses and softness are not written: the passes take the masses from
    /// the bodies' states and the softness from the masses, as `PrepareContactsKernel.prepare`
    /// chose it.
    @inline(__always)
    func setLane(_ l: Int, _ k: ContactConstraint, restingIndex: Int32) {
        let lane = raw + l * MemoryLayout<Float>.stride
        @inline(__always) func put(_ field: PartialKeyPath<WideContactPair>, _ value: Float) {
            lane.storeBytes(of: value, toByteOffset: MemoryLayout<WideContactPair>.offset(of: field)!, as: Float.self)
        }
        @inline(__always) func putInteger(_ field: PartialKeyPath<WideContactPair>, _ value: Int32) {
            lane.storeBytes(of: value, toByteOffset: MemoryLayout<WideContactPair>.offset(of: field)!, as: Int32.self)
        }
        let extraLane = extra + l * MemoryLayout<Float>.stride
        @inline(__always) func putExtra<T: BitwiseCopyable>(_ field: PartialKeyPath<WideContactExtra>, _ value: T) {
            extraLane.storeBytes(of: value, toByteOffset: MemoryLayout<WideContactExtra>.offset(of: field)!, as: T.self)
        }
        putInteger(\.offsetA, (k.denseA < 0 ? restingIndex : k.denseA) &* 32)
        putInteger(\.offsetB, (k.denseB < 0 ? restingIndex : k.denseB) &* 32)
        put(\.normalX, k.normal.x); put(\.normalY, k.normal.y)
        put(\.friction, k.friction)
        put(\.inertiaA, k.inertiaA); put(\.inertiaB, k.inertiaB)
        WidePointBlock.setLane(lane + MemoryLayout<WideContactPair>.offset(of: \.point0)!, k.point0)
        WidePointBlock.setLane(second + l * MemoryLayout<Float>.stride, k.secondPoint)
        putExtra(\.contactIndex, k.contactIndex)
        putExtra(\.restitution, k.restitution)
        putExtra(\.relativeVelocity0, k.point0.relativeVelocity)
        putExtra(\.relativeVelocity1, k.secondPoint.relativeVelocity)
        putExtra(\.maxNormalImpulse0, k.point0.maxNormalImpulse)
        putExtra(\.maxNormalImpulse1, k.secondPoint.maxNormalImpulse)
        let startImpulse = k.point0.startNormalImpulse + k.secondPoint.startNormalImpulse
        (start + l * MemoryLayout<Float>.stride).storeBytes(of: startImpulse, as: Float.self)
    }
}

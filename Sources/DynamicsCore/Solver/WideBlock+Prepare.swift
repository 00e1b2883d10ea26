/// Preparing a wide block four lanes at a time: each lane's inputs (contact, impulses, masses,
/// and, when a contact can bounce, velocities) are loaded in rows and transposed, and the arithmetic of
/// `ContactConstraint.preparePoint` runs once for the four lanes, in the same order, so that the
/// block holds the same bits as four scalar preparations written lane by lane.
///
/// Lane by lane, that preparation was a third of the contact solver's time in the large pyramid:
/// about 1 400 instructions per block, most of them single-float stores into the block.
extension PrepareContactsKernel {
    /// Writes `block` from the `count` (1…4) sources at `sources`. Lanes past `count` are
    /// written as unused lanes; lanes without a movable body point at the state `restingIndex`.
    /// Returns whether a lane's manifold has two points, and whether every used lane began the
    /// step speculative and unloaded (`BlockShape`).
    @inline(__always) @discardableResult
    func prepareBlock(_ block: WideBlock, _ sources: UnsafePointer<SolverSource>, count: Int, restingIndex: Int32) -> BlockShape {
        // Lanes past `count` repeat the first source, so every load below is of a real record;
        // they are overwritten at the end.
        let s0 = sources[0]
        let s1 = count > 1 ? sources[1] : s0, s2 = count > 2 ? sources[2] : s0, s3 = count > 3 ? sources[3] : s0
        let denseA = SIMD4<Int32>(s0.denseA, s1.denseA, s2.denseA, s3.denseA)
        let denseB = SIMD4<Int32>(s0.denseB, s1.denseB, s2.denseB, s3.denseB)
        let indexA = denseA.replacing(with: restingIndex, where: denseA .< 0)
        let indexB = denseB.replacing(with: restingIndex, where: denseB .< 0)

        let (mA, iA) = inverseMasses(s0.denseA, s1.denseA, s2.denseA, s3.denseA)
        let (mB, iB) = inverseMasses(s0.denseB, s1.denseB, s2.denseB, s3.denseB)

        let c0 = Int(s0.contact), c1 = Int(s1.contact), c2 = Int(s2.contact), c3 = Int(s3.contact)
        let material = ContactRows(manifolds, c0, c1, c2, c3, offset: Self.materialOffset)
        let frame = ContactRows(manifolds, c0, c1, c2, c3, offset: Self.normalOffset)
        let warm = ContactRows(UnsafeRawPointer(impulses), stride: MemoryLayout<ContactImpulses>.stride,
                               c0, c1, c2, c3, offset: 0)
        let nx = frame.x, ny = frame.y
        let twoPoints = unsafeBitCast(frame.z, to: SIMD4<Int32>.self) .> 1

        // The inverse masses and the softness are not stored: the passes take the masses from
        // the states and the softness from the masses (see `WideContactPair`).
        block.store(\.offsetA, indexA &* 32)
        block.store(\.offsetB, indexB &* 32)
        block.store(\.normalX, nx)
        block.store(\.normalY, ny)
        block.store(\.friction, material.x)
        block.store(\.inertiaA, iA)
        block.store(\.inertiaB, iB)

        let masses = LaneMasses(mA: mA, iA: iA, mB: mB, iB: iB)
        let (first, second) = block.points
        let anchors0 = ContactRows(manifolds, c0, c1, c2, c3, offset: Self.point0Offset)
        let anchors1 = ContactRows(manifolds, c0, c1, c2, c3, offset: Self.point1Offset)
        let allLanes = SIMDMask<SIMD4<Int32>>(repeating: true)
        let separation0 = separations(c0, c1, c2, c3, offset: Self.separation0Offset)
        let separation1 = separations(c0, c1, c2, c3, offset: Self.separation1Offset)
        WidePointBlock.prepare(first, anchors: anchors0, separation: separation0,
                               normalImpulse: warm.x, tangentImpulse: warm.y, nx: nx, ny: ny, masses, lanes: allLanes)
        // A lane with one point gets an all-zero second point (`ContactConstraint.secondPoint`).
        WidePointBlock.prepare(second, anchors: anchors1, separation: separation1,
                               normalImpulse: warm.z, tangentImpulse: warm.w, nx: nx, ny: ny, masses, lanes: twoPoints)
        block.store(extra: \.contactIndex, SIMD4<Int32>(s0.contact, s1.contact, s2.contact, s3.contact))
        // What each manifold's warm start begins the step with: the relax pass caps what a point
        // carries between sub-steps at a multiple of it (`dynamics_contact_pass_constants.warmStartGrowth`).
        block.storeStartImpulses(warm.x + warm.z.replacing(with: 0, where: .!twoPoints))
        if keepsImpactSpeeds {
            let a = WideBodies(context.states, indexA), b = WideBodies(context.states, indexB)
            block.store(extra: \.restitution, material.y)
            block.store(extra: \.relativeVelocity0,
                        WidePointBlock.approachSpeed(anchors: anchors0, nx: nx, ny: ny, a, b, lanes: allLanes))
            block.store(extra: \.relativeVelocity1,
                        WidePointBlock.approachSpeed(anchors: anchors1, nx: nx, ny: ny, a, b, lanes: twoPoints))
            block.store(extra: \.maxNormalImpulse0, Lanes.zero)
            block.store(extra: \.maxNormalImpulse1, Lanes.zero)
        }

        for l in count..<4 { block.setLane(l, .unused, restingIndex: restingIndex) }
        // Speculative: each point separated, with zero bits for its warm start (as in
        // `dynamics_prepare_pair`); unused lanes count as speculative.
        @inline(__always) func zeroBits(_ impulses: Lanes) -> SIMDMask<SIMD4<Int32>> {
            unsafeBitCast(impulses, to: SIMD4<UInt32>.self) .== 0
        }
        let speculative0 = (separation0 .> 0) .& zeroBits(warm.x) .& zeroBits(warm.y)
        let speculative1 = (separation1 .> 0) .& zeroBits(warm.z) .& zeroBits(warm.w)
        let unused = SIMD4<Int32>(0, 1, 2, 3) .>= Int32(count)
        let speculative = unused .| (speculative0 .& (.!twoPoints .| speculative1))
        return BlockShape(twoPoints: any(twoPoints), speculative: all(speculative))
    }

    /// Inverse mass and inverse inertia of four bodies by dense index; 0 where the index is −1.
    /// From the 8-byte copies in `inverseMasses`: the bodies' records were a third of this
    /// preparation's misses of a 2 MiB cache (cachegrind, many-pyramids).
    @inline(__always)
    func inverseMasses(_ d0: Int32, _ d1: Int32, _ d2: Int32, _ d3: Int32) -> (mass: Lanes, inertia: Lanes) {
        @inline(__always) func row(_ d: Int32) -> SIMD2<Float> { d >= 0 ? inverseMasses[Int(d)] : .zero }
        let r0 = row(d0), r1 = row(d1), r2 = row(d2), r3 = row(d3)
        return (Lanes(r0.x, r1.x, r2.x, r3.x), Lanes(r0.y, r1.y, r2.y, r3.y))
    }

    /// The separations of a manifold point of four contacts.
    @inline(__always)
    func separations(_ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, offset: Int) -> Lanes {
        let raw = UnsafeRawPointer(manifolds)
        @inline(__always) func load(_ c: Int) -> Float {
            raw.load(fromByteOffset: c &* MemoryLayout<SolverManifold>.stride &+ offset, as: Float.self)
        }
        return Lanes(load(c0), load(c1), load(c2), load(c3))
    }

    /// Friction, restitution (then the separations, unused in this row).
    static var materialOffset: Int { MemoryLayout<SolverManifold>.offset(of: \.friction)! }
    /// The manifold's normal and point count (then the friction).
    static var normalOffset: Int { MemoryLayout<SolverManifold>.offset(of: \.normal)! }
    /// A manifold point's two anchors, anchorA then anchorB.
    static var point0Offset: Int { MemoryLayout<SolverManifold>.offset(of: \.anchorA0)! }
    static var point1Offset: Int { MemoryLayout<SolverManifold>.offset(of: \.anchorA1)! }
    static var separation0Offset: Int { MemoryLayout<SolverManifold>.offset(of: \.separation0)! }
    static var separation1Offset: Int { MemoryLayout<SolverManifold>.offset(of: \.separation1)! }
}

/// Four 16-byte rows, one per lane, transposed: `x` holds each row's first float, and so on.
struct ContactRows {
    var x: Lanes, y: Lanes, z: Lanes, w: Lanes

    @inline(__always)
    init(_ base: UnsafeRawPointer, stride: Int, _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, offset: Int) {
        @inline(__always) func row(_ i: Int) -> Lanes { base.loadUnaligned(fromByteOffset: i &* stride &+ offset, as: Lanes.self) }
        let r0 = row(i0), r1 = row(i1), r2 = row(i2), r3 = row(i3)
        x = Lanes(r0.x, r1.x, r2.x, r3.x)
        y = Lanes(r0.y, r1.y, r2.y, r3.y)
        z = Lanes(r0.z, r1.z, r2.z, r3.z)
        w = Lanes(r0.w, r1.w, r2.w, r3.w)
    }

    /// Rows of four contacts' solver manifolds at `offset` bytes into each.
    @inline(__always)
    init(_ manifolds: UnsafePointer<SolverManifold>, _ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, offset: Int) {
        self.init(UnsafeRawPointer(manifolds), stride: MemoryLayout<SolverManifold>.stride, c0, c1, c2, c3, offset: offset)
    }
}

/// The inverse masses and inertias of both sides of a block, in lanes.
struct LaneMasses {
    var mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes
}

extension WidePointBlock {
    /// Writes one manifold point of four contacts, prepared, to `p`: in the lanes of `lanes`;
    /// the other lanes are zero. `anchors` holds rA.x, rA.y, rB.x, rB.y in `x`…`w`. The same
    /// operations, in the same order, as `ContactConstraint.preparePoint`.
    @inline(__always)
    static func prepare(_ p: WidePointBlock, anchors r: ContactRows, separation: Lanes,
                        normalImpulse: Lanes, tangentImpulse: Lanes, nx: Lanes, ny: Lanes,
                        _ m: LaneMasses, lanes: SIMDMask<SIMD4<Int32>>) {
        @inline(__always) func only(_ value: Lanes) -> Lanes { value.replacing(with: 0, where: .!lanes) }
        // t = (n.y, −n.x); r×n and r×t.
        let tx = ny, ty = -nx
        let rnA = r.x * ny - r.y * nx, rnB = r.z * ny - r.w * nx
        let kNormal = m.mA + m.mB + m.iA * rnA * rnA + m.iB * rnB * rnB
        let rtA = r.x * ty - r.y * tx, rtB = r.z * ty - r.w * tx
        let kTangent = m.mA + m.mB + m.iA * rtA * rtA + m.iB * rtB * rtB
        p.store(\.alongA, only(-rtA))
        p.store(\.acrossA, only(rnA))
        p.store(\.alongB, only(-rtB))
        p.store(\.acrossB, only(rnB))
        p.store(\.baseSeparation, only(separation - ((r.z - r.x) * nx + (r.w - r.y) * ny)))
        p.store(\.normalImpulse, only(normalImpulse))
        p.store(\.tangentImpulse, only(tangentImpulse))
        p.store(\.normalMass, only((1 / kNormal).replacing(with: 0, where: .!(kNormal .> 0))))
        p.store(\.tangentMass, only((1 / kTangent).replacing(with: 0, where: .!(kTangent .> 0))))
    }

    /// The normal relative velocity of one manifold point of four contacts, with the bodies'
    /// velocities `a` and `b` (zero outside `lanes`): what restitution compares with its
    /// threshold. The same operations, in the same order, as `ContactConstraint.preparePoint`.
    @inline(__always)
    static func approachSpeed(anchors r: ContactRows, nx: Lanes, ny: Lanes, _ a: WideBodies, _ b: WideBodies,
                              lanes: SIMDMask<SIMD4<Int32>>) -> Lanes {
        let dvx = (b.vx + -b.w * r.w) - (a.vx + -a.w * r.y)
        let dvy = (b.vy + b.w * r.z) - (a.vy + a.w * r.x)
        return (nx * dvx + ny * dvy).replacing(with: 0, where: .!lanes)
    }
}

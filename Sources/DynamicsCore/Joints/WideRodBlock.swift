/// Four plain rods of one colour (rigid distance joints: no spring, no limit), solved together
/// with SIMD lanes, as `WidePinBlock` solves pins. Every operation is `JointRecord`'s
/// (`warmStart`, `solveDistance`), in the same order, lane by lane, so a rod solved here ends with
/// the same bits as solved alone (`WideRodTests`).
///
/// A heap of 5 000 beads on 4 500 rods (the ropes profile) spent a third of its one-thread samples
/// in the rods' scalar warm start and solve.
struct WideRodBlock: WideJointBlock {
    /// The joints' bodies, masses, anchors and centres' offset.
    var joint = WideJointFrame()
    var length = Lanes()
    var axialImpulse = Lanes()

    /// Whether a joint is solved in a wide block: a distance joint with neither spring nor limit.
    /// Its spring and limit impulses then stay zero for good.
    @inline(__always)
    static func takes(_ r: JointRecord) -> Bool {
        r.kind == .distance && !r.options.contains(.spring) && !r.options.contains(.limit)
    }

    /// The block of up to four prepared rods at `slots` (`count` of them, 1…4).
    @inline(__always)
    init(_ records: UnsafePointer<JointRecord>, _ slots: UnsafePointer<Int32>, count: Int, restingIndex: Int32) {
        let read = WideJointReader(records, slots, count: count)
        joint = WideJointFrame(read, restingIndex: restingIndex)
        length = read.lanes { $0.pointee.length }
        axialImpulse = read.lanes { $0.pointee.axialImpulse }
    }

    /// Writes the accumulated impulses back to the joints' records.
    @inline(__always)
    static func storeImpulses(of block: UnsafePointer<WideRodBlock>, into records: UnsafeMutablePointer<JointRecord>) {
        for l in 0..<4 where block.pointee.joint.slot[l] >= 0 {
            records[Int(block.pointee.joint.slot[l])].axialImpulse = block.pointee.axialImpulse[l]
        }
    }

    /// The anchors turned by each body's rotation since the step start, and the anchors'
    /// separation (B minus A): `JointRecord.currentFrame`.
    @inline(__always)
    static func frame(_ c: UnsafePointer<WideRodBlock>, _ a: WideMotion, _ b: WideMotion)
        -> (rAX: Lanes, rAY: Lanes, rBX: Lanes, rBY: Lanes, dx: Lanes, dy: Lanes) {
        let ax = c.pointee.joint.anchorAX, ay = c.pointee.joint.anchorAY, bx = c.pointee.joint.anchorBX, by = c.pointee.joint.anchorBY
        let rAX = a.qc * ax - a.qs * ay, rAY = a.qs * ax + a.qc * ay
        let rBX = b.qc * bx - b.qs * by, rBY = b.qs * bx + b.qc * by
        let dx = (((b.dpx - a.dpx) + c.pointee.joint.deltaCenterX) + rBX) - rAX
        let dy = (((b.dpy - a.dpy) + c.pointee.joint.deltaCenterY) + rBY) - rAY
        return (rAX, rAY, rBX, rBY, dx, dy)
    }

    /// `JointRecord.warmStart` for rods: the accumulated impulse along the anchors' separation
    /// (`Vec2.normalized`), with no angular part. `changes`: see `solve`.
    static func warmStart(_ c: UnsafeMutablePointer<WideRodBlock>, _ states: UnsafeMutablePointer<BodyState>,
                          changes: UnsafeMutablePointer<SIMD4<Float>>? = nil) {
        let old = (a: WideBodies(states, c.pointee.joint.indexA), b: WideBodies(states, c.pointee.joint.indexB))
        var a = old.a, b = old.b
        let f = frame(c, WideMotion(states, c.pointee.joint.indexA), WideMotion(states, c.pointee.joint.indexB))
        let l = (f.dx * f.dx + f.dy * f.dy).squareRoot()
        let tiny = l .< 1e-20
        let axisX = (f.dx / l).replacing(with: 0, where: tiny), axisY = (f.dy / l).replacing(with: 0, where: tiny)
        // The spring and limit impulses, zero for a rod, in the record's sum.
        let zero = Lanes()
        let total = ((zero + c.pointee.axialImpulse) + zero) - zero
        let lx = total * axisX, ly = total * axisY
        let mA = c.pointee.joint.massA, iA = c.pointee.joint.inertiaA, mB = c.pointee.joint.massB, iB = c.pointee.joint.inertiaB
        a.vx = a.vx - mA * lx
        a.vy = a.vy - mA * ly
        a.w = a.w - iA * ((f.rAX * ly - f.rAY * lx) + zero)
        b.vx = b.vx + mB * lx
        b.vy = b.vy + mB * ly
        b.w = b.w + iB * ((f.rBX * ly - f.rBY * lx) + zero)
        finish(states, c, old, a, b, changes)
    }

    /// `JointRecord.solveDistance` for rods: the speed along the anchors' axis and (scaled by the
    /// bias rate) the length's error, removed with the axial mass. While the contacts' warm start
    /// is carried beside these joints, `changes` gets what the pass changed in each movable
    /// body's velocities (new minus old), as `JointPassKernel` notes for joints solved alone.
    static func solve(_ c: UnsafeMutablePointer<WideRodBlock>, _ states: UnsafeMutablePointer<BodyState>, soft: Softness,
                      useBias: Bool, changes: UnsafeMutablePointer<SIMD4<Float>>? = nil) {
        let old = (a: WideBodies(states, c.pointee.joint.indexA), b: WideBodies(states, c.pointee.joint.indexB))
        var a = old.a, b = old.b
        let f = frame(c, WideMotion(states, c.pointee.joint.indexA), WideMotion(states, c.pointee.joint.indexB))
        let currentLength = (f.dx * f.dx + f.dy * f.dy).squareRoot()
        let apart = currentLength .> 1e-9
        let axisX = (f.dx / currentLength).replacing(with: 1, where: .!apart)
        let axisY = (f.dy / currentLength).replacing(with: 0, where: .!apart)
        let crA = f.rAX * axisY - f.rAY * axisX, crB = f.rBX * axisY - f.rBY * axisX
        let mA = c.pointee.joint.massA, iA = c.pointee.joint.inertiaA, mB = c.pointee.joint.massB, iB = c.pointee.joint.inertiaB
        let k = ((mA + mB) + iA * crA * crA) + iB * crB * crB
        let axialMass = (1 / k).replacing(with: 0, where: .!(k .> 0))
        let error = currentLength - c.pointee.length
        // `Softness.rigid` without the bias; the joints' softness with it.
        let biasRate = useBias ? Lanes(repeating: soft.biasRate) * error : Lanes()
        let massScale = Lanes(repeating: useBias ? soft.massScale : 1)
        let impulseScale = Lanes(repeating: useBias ? soft.impulseScale : 0)
        // relative speed = axis · ((vB + wB × rB) − (vA + wA × rA)), with w × r = (−w·r.y, w·r.x)
        let relX = (b.vx + -b.w * f.rBY) - (a.vx + -a.w * f.rAY)
        let relY = (b.vy + b.w * f.rBX) - (a.vy + a.w * f.rAX)
        let speed = axisX * relX + axisY * relY
        let impulse = -axialMass * massScale * (speed + biasRate) - impulseScale * c.pointee.axialImpulse
        c.pointee.axialImpulse = c.pointee.axialImpulse + impulse
        let px = impulse * axisX, py = impulse * axisY
        a.vx = a.vx - mA * px
        a.vy = a.vy - mA * py
        a.w = a.w - iA * crA * impulse
        b.vx = b.vx + mB * px
        b.vy = b.vy + mB * py
        b.w = b.w + iB * crB * impulse
        finish(states, c, old, a, b, changes)
    }

    /// Writes both sides' velocities back to the lanes whose body can move, and adds what changed
    /// to `changes` where given.
    @inline(__always)
    static func finish(_ states: UnsafeMutablePointer<BodyState>, _ c: UnsafeMutablePointer<WideRodBlock>,
                       _ old: (a: WideBodies, b: WideBodies), _ a: WideBodies, _ b: WideBodies,
                       _ changes: UnsafeMutablePointer<SIMD4<Float>>?) {
        scatterVelocities(states, c, indexA: \.joint.indexA, massA: \.joint.massA, indexB: \.joint.indexB, massB: \.joint.massB, a, b)
        guard let changes else { return }
        for l in 0..<4 {
            if c.pointee.joint.massA[l] > 0 {
                changes[Int(c.pointee.joint.indexA[l])] += SIMD4(a.vx[l], a.vy[l], a.w[l], 0) - SIMD4(old.a.vx[l], old.a.vy[l], old.a.w[l], 0)
            }
            if c.pointee.joint.massB[l] > 0 {
                changes[Int(c.pointee.joint.indexB[l])] += SIMD4(b.vx[l], b.vy[l], b.w[l], 0) - SIMD4(old.b.vx[l], old.b.vy[l], old.b.w[l], 0)
            }
        }
    }
}

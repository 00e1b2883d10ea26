import CKernelSupport

/// Four plain pins of one colour (revolute joints without friction or limits), solved together
/// with SIMD lanes: no movable body appears twice in a colour, so the lanes never share a body
/// that is written. Every operation is `JointRecord`'s, in the same order, lane by lane, so a
/// pin solved here ends with the same bits as solved alone (`WidePinTests`).
///
/// A pin solved alone was about 220 instructions per pass, most of them moving its two bodies'
/// scalars in and out of vector registers; a grid of pins is almost nothing else.
struct WidePinBlock: WideJointBlock {
    /// The joints' bodies, masses, anchors and centres' offset.
    var joint = WideJointFrame()
    var impulseX = Lanes(), impulseY = Lanes()
    /// The anchors as the last solve pass turned them, kept while the warm start is carried
    /// (`VelocityCarry`): the relax pass carries the difference its turned anchors make.
    var solveAnchorAX = Lanes(), solveAnchorAY = Lanes(), solveAnchorBX = Lanes(), solveAnchorBY = Lanes()

    /// Whether a joint is solved in a wide block: a revolute joint with no friction and no limit.
    @inline(__always)
    static func takes(_ r: JointRecord) -> Bool {
        r.kind == .revolute && !(r.maxFrictionTorque > 0) && !r.options.contains(.limit)
    }

    /// The block of up to four prepared joints at `slots` (`count` of them, 1…4).
    @inline(__always)
    init(_ records: UnsafePointer<JointRecord>, _ slots: UnsafePointer<Int32>, count: Int, restingIndex: Int32) {
        let read = WideJointReader(records, slots, count: count)
        joint = WideJointFrame(read, restingIndex: restingIndex)
        impulseX = read.lanes { $0.pointee.linearImpulse.x }; impulseY = read.lanes { $0.pointee.linearImpulse.y }
    }

    /// Writes the accumulated impulses back to the joints' records.
    @inline(__always)
    static func storeImpulses(of block: UnsafePointer<WidePinBlock>, into records: UnsafeMutablePointer<JointRecord>) {
        for l in 0..<4 where block.pointee.joint.slot[l] >= 0 {
            records[Int(block.pointee.joint.slot[l])].linearImpulse = Vec2(block.pointee.impulseX[l], block.pointee.impulseY[l])
        }
    }

    /// The anchors turned by each body's rotation since the step start (`Rotation.apply`).
    @inline(__always)
    static func anchors(_ c: UnsafePointer<WidePinBlock>, _ a: WideMotion, _ b: WideMotion)
        -> (rAX: Lanes, rAY: Lanes, rBX: Lanes, rBY: Lanes) {
        let ax = c.pointee.joint.anchorAX, ay = c.pointee.joint.anchorAY, bx = c.pointee.joint.anchorBX, by = c.pointee.joint.anchorBY
        return (a.qc * ax - a.qs * ay, a.qs * ax + a.qc * ay, b.qc * bx - b.qs * by, b.qs * bx + b.qc * by)
    }

    /// `JointRecord.warmStart` for pins: the accumulated impulse, with no angular part.
    static func warmStart(_ c: UnsafeMutablePointer<WidePinBlock>, _ states: UnsafeMutablePointer<BodyState>) {
        var a = WideBodies(states, c.pointee.joint.indexA), b = WideBodies(states, c.pointee.joint.indexB)
        let r = anchors(c, WideMotion(states, c.pointee.joint.indexA), WideMotion(states, c.pointee.joint.indexB))
        let lx = c.pointee.impulseX, ly = c.pointee.impulseY
        let angular = Lanes()
        a.vx = a.vx - c.pointee.joint.massA * lx
        a.vy = a.vy - c.pointee.joint.massA * ly
        a.w = a.w - c.pointee.joint.inertiaA * ((r.rAX * ly - r.rAY * lx) + angular)
        b.vx = b.vx + c.pointee.joint.massB * lx
        b.vy = b.vy + c.pointee.joint.massB * ly
        b.w = b.w + c.pointee.joint.inertiaB * ((r.rBX * ly - r.rBY * lx) + angular)
        scatter(states, c, a, b)
    }

    /// `JointRecord.solvePoint` with `soft`: the anchors' relative velocity and (scaled by the
    /// bias rate) their separation, removed with the 2×2 effective mass.
    ///
    /// While the warm start is carried (`VelocityCarry`), the solve pass keeps its turned anchors
    /// (`keepsAnchors`), and the relax pass adds to each body's carried row (`carried`, its spin)
    /// what the next warm start would apply beyond what the sub-step applied: the accumulated
    /// impulse, as it stands when the relax starts, at the anchors turned since the solve minus at
    /// the solve's. The warm start at the new anchors then equals the carried velocity change.
    static func solve(_ c: UnsafeMutablePointer<WidePinBlock>, _ states: UnsafeMutablePointer<BodyState>, soft: Softness,
                      keepsAnchors: Bool = false, carried: UnsafeMutablePointer<SIMD4<Float>>? = nil) {
        var a = WideBodies(states, c.pointee.joint.indexA), b = WideBodies(states, c.pointee.joint.indexB)
        let motionA = WideMotion(states, c.pointee.joint.indexA), motionB = WideMotion(states, c.pointee.joint.indexB)
        let r = anchors(c, motionA, motionB)
        let mA = c.pointee.joint.massA, iA = c.pointee.joint.inertiaA, mB = c.pointee.joint.massB, iB = c.pointee.joint.inertiaB
        if keepsAnchors {
            c.pointee.solveAnchorAX = r.rAX; c.pointee.solveAnchorAY = r.rAY
            c.pointee.solveAnchorBX = r.rBX; c.pointee.solveAnchorBY = r.rBY
        }
        if let carried { carryTurnedAnchors(c, r, carried) }
        // separation = (dpB − dpA) + deltaCenter + rB − rA
        let sx = (((motionB.dpx - motionA.dpx) + c.pointee.joint.deltaCenterX) + r.rBX) - r.rAX
        let sy = (((motionB.dpy - motionA.dpy) + c.pointee.joint.deltaCenterY) + r.rBY) - r.rAY
        // cdot = (vB + wB × rB) − (vA + wA × rA), with w × r = (−w·r.y, w·r.x)
        let cx = (b.vx + -b.w * r.rBY) - (a.vx + -a.w * r.rAY)
        let cy = (b.vy + b.w * r.rBX) - (a.vy + a.w * r.rAX)
        let biasRate = Lanes(repeating: soft.biasRate)
        let rhsX = -(cx + biasRate * sx), rhsY = -(cy + biasRate * sy)
        // solvePointMatrix
        let k11 = mA + mB + r.rAY * r.rAY * iA + r.rBY * r.rBY * iB
        let k12 = -r.rAY * r.rAX * iA - r.rBY * r.rBX * iB
        let k22 = mA + mB + r.rAX * r.rAX * iA + r.rBX * r.rBX * iB
        var det = k11 * k22 - k12 * k12
        det.replace(with: 1 / det, where: det .!= 0)
        let xx = det * (k22 * rhsX - k12 * rhsY), xy = det * (k11 * rhsY - k12 * rhsX)
        let massScale = Lanes(repeating: soft.massScale), impulseScale = Lanes(repeating: soft.impulseScale)
        let px = massScale * xx - impulseScale * c.pointee.impulseX
        let py = massScale * xy - impulseScale * c.pointee.impulseY
        c.pointee.impulseX = c.pointee.impulseX + px
        c.pointee.impulseY = c.pointee.impulseY + py
        a.vx = a.vx - mA * px
        a.vy = a.vy - mA * py
        a.w = a.w - iA * (r.rAX * py - r.rAY * px)
        b.vx = b.vx + mB * px
        b.vy = b.vy + mB * py
        b.w = b.w + iB * (r.rBX * py - r.rBY * px)
        scatter(states, c, a, b)
    }

    /// Adds to the carried spin of each side whose body can move the accumulated impulse's moment
    /// about its anchor turned to `r` minus about its anchor at the solve (see `solve`).
    @inline(__always)
    static func carryTurnedAnchors(_ c: UnsafeMutablePointer<WidePinBlock>,
                                   _ r: (rAX: Lanes, rAY: Lanes, rBX: Lanes, rBY: Lanes),
                                   _ carried: UnsafeMutablePointer<SIMD4<Float>>) {
        let lx = c.pointee.impulseX, ly = c.pointee.impulseY
        let turnedA = r.rAX * ly - r.rAY * lx, solvedA = c.pointee.solveAnchorAX * ly - c.pointee.solveAnchorAY * lx
        let turnedB = r.rBX * ly - r.rBY * lx, solvedB = c.pointee.solveAnchorBX * ly - c.pointee.solveAnchorBY * lx
        let spinA = -(c.pointee.joint.inertiaA * (turnedA - solvedA)), spinB = c.pointee.joint.inertiaB * (turnedB - solvedB)
        for l in 0..<4 {
            if c.pointee.joint.massA[l] > 0 { carried[Int(c.pointee.joint.indexA[l])].w += spinA[l] }
            if c.pointee.joint.massB[l] > 0 { carried[Int(c.pointee.joint.indexB[l])].w += spinB[l] }
        }
    }

    /// Writes both sides' velocities back to the lanes whose body can move.
    @inline(__always)
    static func scatter(_ states: UnsafeMutablePointer<BodyState>, _ c: UnsafeMutablePointer<WidePinBlock>,
                        _ a: WideBodies, _ b: WideBodies) {
        scatterVelocities(states, c, indexA: \.joint.indexA, massA: \.joint.massA, indexB: \.joint.indexB, massB: \.joint.massB, a, b)
    }
}

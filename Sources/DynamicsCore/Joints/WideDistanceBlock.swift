/// Four distance joints without limits of one colour (rods, and springs such as a UIKit
/// attachment with a frequency), solved together with SIMD lanes, as `WidePinBlock` solves pins.
/// Every operation is `JointRecord`'s (`warmStart`, `solveDistance`), in the same order, lane by
/// lane, and a lane that the scalar code leaves alone keeps its bits, so a joint solved here ends
/// with the same bits as solved alone (`WideDistanceTests`).
///
/// A heap of 5 000 beads on 4 500 rods (the ropes profile) spent a third of its one-thread samples
/// in the rods' scalar warm start and solve; springy-list, 1 000 rows on springs, 43 %.
struct WideDistanceBlock: WideJointBlock {
    /// The joints' bodies, masses, anchors and centres' offset.
    var joint = WideJointFrame()
    var length = Lanes()
    var axialImpulse = Lanes(), springImpulse = Lanes()
    var hertz = Lanes(), dampingRatio = Lanes()
    /// 1 in the lanes of springs (`JointRecord.solveDistance`'s `springy`), 0 in those of rods
    /// and unused lanes.
    var springLanes = Lanes()
    /// The axis and the anchors' moment arms across it as the last solve pass found them, kept
    /// while the warm start is carried (`VelocityCarry`): the relax pass carries the difference
    /// the bodies' motion since then makes (`solve`).
    var solveAxisX = Lanes(), solveAxisY = Lanes(), solveCrossA = Lanes(), solveCrossB = Lanes()

    /// Whether a joint is solved in a wide block: a distance joint without limit. Its limit
    /// impulses then stay zero for good, and so does a spring's axial impulse and a rod's spring
    /// impulse.
    @inline(__always)
    static func takes(_ r: JointRecord) -> Bool {
        r.kind == .distance && !r.options.contains(.limit)
    }

    /// The block of up to four prepared distance joints at `slots` (`count` of them, 1…4).
    @inline(__always)
    init(_ records: UnsafePointer<JointRecord>, _ slots: UnsafePointer<Int32>, count: Int, restingIndex: Int32) {
        let read = WideJointReader(records, slots, count: count)
        joint = WideJointFrame(read, restingIndex: restingIndex)
        length = read.lanes { $0.pointee.length }
        axialImpulse = read.lanes { $0.pointee.axialImpulse }
        springImpulse = read.lanes { $0.pointee.springImpulse }
        hertz = read.lanes { $0.pointee.hertz }
        dampingRatio = read.lanes { $0.pointee.dampingRatio }
        springLanes = read.lanes { $0.pointee.options.contains(.spring) && $0.pointee.minLength < $0.pointee.maxLength ? 1 : 0 }
    }

    /// Writes the accumulated impulses back to the joints' records.
    @inline(__always)
    static func storeImpulses(of block: UnsafePointer<WideDistanceBlock>, into records: UnsafeMutablePointer<JointRecord>) {
        for l in 0..<4 where block.pointee.joint.slot[l] >= 0 {
            records[Int(block.pointee.joint.slot[l])].axialImpulse = block.pointee.axialImpulse[l]
            records[Int(block.pointee.joint.slot[l])].springImpulse = block.pointee.springImpulse[l]
        }
    }

    /// The anchors turned by each body's rotation since the step start, and the anchors'
    /// separation (B minus A): `JointRecord.currentFrame`.
    @inline(__always)
    static func frame(_ c: UnsafePointer<WideDistanceBlock>, _ a: WideMotion, _ b: WideMotion)
        -> (rAX: Lanes, rAY: Lanes, rBX: Lanes, rBY: Lanes, dx: Lanes, dy: Lanes) {
        let ax = c.pointee.joint.anchorAX, ay = c.pointee.joint.anchorAY, bx = c.pointee.joint.anchorBX, by = c.pointee.joint.anchorBY
        let rAX = a.qc * ax - a.qs * ay, rAY = a.qs * ax + a.qc * ay
        let rBX = b.qc * bx - b.qs * by, rBY = b.qs * bx + b.qc * by
        let dx = (((b.dpx - a.dpx) + c.pointee.joint.deltaCenterX) + rBX) - rAX
        let dy = (((b.dpy - a.dpy) + c.pointee.joint.deltaCenterY) + rBY) - rAY
        return (rAX, rAY, rBX, rBY, dx, dy)
    }

    /// `JointRecord.warmStart` for distance joints: the accumulated impulses along the anchors'
    /// separation (`Vec2.normalized`), with no angular part.
    static func warmStart(_ c: UnsafeMutablePointer<WideDistanceBlock>, _ states: UnsafeMutablePointer<BodyState>) {
        var a = WideBodies(states, c.pointee.joint.indexA), b = WideBodies(states, c.pointee.joint.indexB)
        let f = frame(c, WideMotion(states, c.pointee.joint.indexA), WideMotion(states, c.pointee.joint.indexB))
        let l = (f.dx * f.dx + f.dy * f.dy).squareRoot()
        let tiny = l .< 1e-20
        let axisX = (f.dx / l).replacing(with: 0, where: tiny), axisY = (f.dy / l).replacing(with: 0, where: tiny)
        // The limit impulses, zero without a limit, in the record's sum.
        let zero = Lanes()
        let total = ((c.pointee.springImpulse + c.pointee.axialImpulse) + zero) - zero
        let lx = total * axisX, ly = total * axisY
        let j = c.pointee.joint
        a.vx = a.vx - j.massA * lx
        a.vy = a.vy - j.massA * ly
        a.w = a.w - j.inertiaA * ((f.rAX * ly - f.rAY * lx) + zero)
        b.vx = b.vx + j.massB * lx
        b.vy = b.vy + j.massB * ly
        b.w = b.w + j.inertiaB * ((f.rBX * ly - f.rBY * lx) + zero)
        scatter(states, c, a, b)
    }

    /// `JointRecord.solveDistance` without limits, over a sub-step of length `h`: the speed along
    /// the anchors' axis and the length's error, removed with the axial mass; a rod with the
    /// joints' softness (`soft`, with `useBias`) or rigidly, a spring with its own softness and only
    /// with `useBias` (a spring lane is otherwise left as it is).
    ///
    /// While the warm start is carried (`VelocityCarry`), the solve pass keeps its axis and moment
    /// arms (`keepsFrame`), and the relax pass adds to each body's carried row (`carried`) what the
    /// next warm start would apply beyond what the sub-step applied: the accumulated impulse, as it
    /// stands when the relax starts, along the axis and at the arms the bodies' motion since the
    /// solve gives minus along and at the solve's. The warm start then equals the carried change.
    static func solve(_ c: UnsafeMutablePointer<WideDistanceBlock>, _ states: UnsafeMutablePointer<BodyState>, soft: Softness,
                      useBias: Bool, h: Float, keepsFrame: Bool = false, carried: UnsafeMutablePointer<SIMD4<Float>>? = nil) {
        let springs = c.pointee.springLanes .!= 0
        let springsAct = springs .& (c.pointee.hertz .> 0)
        // Springs act only in the solve pass: a block of springs has nothing to do in the relax
        // but carry.
        let springsOnly = !useBias && all(springs)
        if springsOnly && carried == nil { return }
        var a = WideBodies(states, c.pointee.joint.indexA), b = WideBodies(states, c.pointee.joint.indexB)
        let f = frame(c, WideMotion(states, c.pointee.joint.indexA), WideMotion(states, c.pointee.joint.indexB))
        let currentLength = (f.dx * f.dx + f.dy * f.dy).squareRoot()
        let apart = currentLength .> 1e-9
        let axisX = (f.dx / currentLength).replacing(with: 1, where: .!apart)
        let axisY = (f.dy / currentLength).replacing(with: 0, where: .!apart)
        let crA = f.rAX * axisY - f.rAY * axisX, crB = f.rBX * axisY - f.rBY * axisX
        if keepsFrame {
            c.pointee.solveAxisX = axisX; c.pointee.solveAxisY = axisY
            c.pointee.solveCrossA = crA; c.pointee.solveCrossB = crB
        }
        if let carried { carryMotion(c, axisX: axisX, axisY: axisY, crossA: crA, crossB: crB, carried) }
        if springsOnly { return }
        let j = c.pointee.joint
        let k = ((j.massA + j.massB) + j.inertiaA * crA * crA) + j.inertiaB * crB * crB
        let axialMass = (1 / k).replacing(with: 0, where: .!(k .> 0))
        let error = currentLength - c.pointee.length
        // relative speed = axis · ((vB + wB × rB) − (vA + wA × rA)), with w × r = (−w·r.y, w·r.x)
        let relX = (b.vx + -b.w * f.rBY) - (a.vx + -a.w * f.rAY)
        let relY = (b.vy + b.w * f.rBX) - (a.vy + a.w * f.rAX)
        let speed = axisX * relX + axisY * relY
        // Rods: `Softness.rigid` without the bias, the joints' softness with it.
        let biasRate = useBias ? Lanes(repeating: soft.biasRate) * error : Lanes()
        let massScale = Lanes(repeating: useBias ? soft.massScale : 1)
        let impulseScale = Lanes(repeating: useBias ? soft.impulseScale : 0)
        var impulse = -axialMass * massScale * (speed + biasRate) - impulseScale * c.pointee.axialImpulse
        var applied = .!springs
        if useBias && any(springsAct) {
            // Each spring's own softness (`Softness(hertz:dampingRatio:h:)`), lane by lane.
            let omega = Lanes(repeating: 2 * Float.pi) * c.pointee.hertz
            let a1 = 2 * c.pointee.dampingRatio + h * omega
            let a2 = h * omega * a1
            let a3 = 1 / (1 + a2)
            let springImpulse = -axialMass * (a2 * a3) * (speed + (omega / a1) * error) - a3 * c.pointee.springImpulse
            impulse.replace(with: springImpulse, where: springsAct)
            c.pointee.springImpulse.replace(with: c.pointee.springImpulse + impulse, where: springsAct)
            applied = applied .| springsAct
        }
        c.pointee.axialImpulse.replace(with: c.pointee.axialImpulse + impulse, where: .!springs)
        let px = impulse * axisX, py = impulse * axisY
        a.vx.replace(with: a.vx - j.massA * px, where: applied)
        a.vy.replace(with: a.vy - j.massA * py, where: applied)
        a.w.replace(with: a.w - j.inertiaA * crA * impulse, where: applied)
        b.vx.replace(with: b.vx + j.massB * px, where: applied)
        b.vy.replace(with: b.vy + j.massB * py, where: applied)
        b.w.replace(with: b.w + j.inertiaB * crB * impulse, where: applied)
        scatter(states, c, a, b)
    }

    /// Adds to the carried row of each side whose body can move what the accumulated impulse
    /// applies along the axis `axisX`, `axisY` and at the arms `crossA`, `crossB` minus along and
    /// at those the solve kept (see `solve`): the linear part taken off the row's velocity (the
    /// carry adds the velocity minus the row), the spin added to its last float.
    @inline(__always)
    static func carryMotion(_ c: UnsafeMutablePointer<WideDistanceBlock>, axisX: Lanes, axisY: Lanes,
                            crossA: Lanes, crossB: Lanes, _ carried: UnsafeMutablePointer<SIMD4<Float>>) {
        let j = c.pointee.joint
        let total = c.pointee.springImpulse + c.pointee.axialImpulse
        let lx = total * (axisX - c.pointee.solveAxisX), ly = total * (axisY - c.pointee.solveAxisY)
        let moveAX = j.massA * lx, moveAY = j.massA * ly, moveBX = j.massB * lx, moveBY = j.massB * ly
        let spinA = -(j.inertiaA * (total * (crossA - c.pointee.solveCrossA)))
        let spinB = j.inertiaB * (total * (crossB - c.pointee.solveCrossB))
        for l in 0..<4 {
            if j.massA[l] > 0 {
                let row = carried + Int(j.indexA[l])
                row.pointee.x += moveAX[l]; row.pointee.y += moveAY[l]; row.pointee.w += spinA[l]
            }
            if j.massB[l] > 0 {
                let row = carried + Int(j.indexB[l])
                row.pointee.x -= moveBX[l]; row.pointee.y -= moveBY[l]; row.pointee.w += spinB[l]
            }
        }
    }

    /// Writes both sides' velocities back to the lanes whose body can move.
    @inline(__always)
    static func scatter(_ states: UnsafeMutablePointer<BodyState>, _ c: UnsafeMutablePointer<WideDistanceBlock>,
                        _ a: WideBodies, _ b: WideBodies) {
        scatterVelocities(states, c, indexA: \.joint.indexA, massA: \.joint.massA, indexB: \.joint.indexB, massB: \.joint.massB, a, b)
    }
}

/// Finds which of the contacts with a segment (`World.segmentContacts`) have a dynamic body whose
/// centre crossed a static segment of the contact during this step, one flag per listed contact.
///
/// Read-only on the bodies, so it runs in parallel; the corrections are made afterwards, serially
/// (`World.keepCentresOffStaticSegments`).
struct SegmentCrossingView: ChunkKernel {
    var contacts: UnsafePointer<Contact>
    var listed: UnsafePointer<Int32>
    var geometry: UnsafePointer<ShapeGeometryRecord>
    var vertices: UnsafePointer<Vec2>
    var denseOfSlot: UnsafePointer<Int32>
    var sims: UnsafePointer<BodySim>
    var states: UnsafePointer<BodyState>
    var awakeCount: Int
    var movableCount: Int
    /// Per listed contact: 1 where `crossing` found a crossing.
    var crosses: UnsafeMutablePointer<UInt8>

    /// Where listed contact `k`'s dynamic body crossed its static segment: the body's dense index,
    /// the segment's ends, where the centre started and how it moved, and the fraction of the
    /// motion at the crossing. Nil if it did not cross.
    @inline(__always)
    func crossing(_ k: Int) -> (body: Int, a: Vec2, b: Vec2, start: Vec2, motion: Vec2, t: Float)? {
        let c = contacts + Int(listed[k])
        let kindA = geometry[Int(c.pointee.shapeA)].kind, kindB = geometry[Int(c.pointee.shapeB)].kind
        guard kindA == .segment || kindB == .segment else { return nil }
        let segmentOnA = kindA == .segment
        let segment = Int(segmentOnA ? c.pointee.shapeA : c.pointee.shapeB)
        let wall = Int(denseOfSlot[Int(segmentOnA ? c.pointee.bodyA : c.pointee.bodyB)])
        guard wall >= movableCount else { return nil }
        let d = Int(denseOfSlot[Int(segmentOnA ? c.pointee.bodyB : c.pointee.bodyA)])
        guard d < awakeCount, sims[d].type == .dynamic else { return nil }
        let xf = sims[wall].originTransform
        let g = geometry[segment]
        let a = xf.apply(vertices[Int(g.vertexStart)]), b = xf.apply(vertices[Int(g.vertexStart) + 1])
        let end = sims[d].center, motion = states[d].deltaPosition, start = end - motion
        let edge = b - a
        let sideStart = edge.cross(start - a), sideEnd = edge.cross(end - a)
        guard (sideStart > 0 && sideEnd < 0) || (sideStart < 0 && sideEnd > 0) else { return nil }
        let t = sideStart / (sideStart - sideEnd)
        let along = (start + t * motion - a).dot(edge)
        guard along >= 0 && along <= edge.lengthSquared else { return nil }
        return (d, a, b, start, motion, t)
    }

    func run(_ range: Range<Int>) {
        for k in range { crosses[k] = crossing(k) == nil ? 0 : 1 }
    }
}

extension World {
    /// Puts back any dynamic body whose centre crossed a static segment it has a contact with
    /// during this step, just short of the crossing, without its velocity into the segment.
    ///
    /// A segment has no inside. A small body pressed into one by a crowd (or rattling between a
    /// heavy body and a wall) can sink past its middle in a few steps without ever moving fast
    /// enough for the sweep; its contact normal then flips and pushes it out on the far side.
    /// Centres never cross a segment they touch, so such a body stays on its side. Runs after the
    /// transforms are updated and before the proxies move.
    ///
    /// The crossings are found in parallel (`SegmentCrossingView`) and corrected serially in
    /// contact order, each checked again first, as a body may have been put back by an earlier
    /// contact. A contact not found crossing cannot cross after such a correction: it only
    /// shortens the body's path, which crossed none of the segments that contact's check saw
    /// it not cross. So the result is that of a serial pass in contact order, for any worker count.
    func keepCentresOffStaticSegments(_ view: FinalizeView) {
        let count = segmentContacts.count
        segmentCrossings.resizeUninitialized(to: count)
        let crossings = SegmentCrossingView(contacts: contacts.base, listed: segmentContacts.base, geometry: shapes.geometry.base,
                                            vertices: shapes.vertices.base, denseOfSlot: bodies.denseOfSlot.base,
                                            sims: UnsafePointer(bodies.sim.base), states: UnsafePointer(bodies.state.base),
                                            awakeCount: bodies.awakeCount, movableCount: bodies.movableCount,
                                            crosses: segmentCrossings.base)
        parallel(tasks.segmentCrossings, crossings, count: count, minimumChunk: Self.segmentCrossingChunk)
        let flags = UnsafePointer(segmentCrossings.base)
        let sims = bodies.sim.base, states = bodies.state.base
        for k in 0..<count where flags[k] != 0 {
            guard let (d, a, b, start, motion, t) = crossings.crossing(k) else { continue }
            // Back to the starting side, a slop short of the line.
            let length = motion.length
            let back = length > 0 ? max(0, t - tolerances.linearSlop / length) : 0
            let corrected = start + back * motion
            sims[d].center = corrected
            states[d].deltaPosition = corrected - start
            var inward = (b - a).leftPerpendicular.normalized
            if inward.dot(start - a) < 0 { inward = -inward }
            let into = states[d].linearVelocity.dot(inward)
            if into < 0 { states[d].linearVelocity -= into * inward }
            if view.updateShapeBoxes(d) { view.enlarged[d] = 1 }
        }
    }

    /// The smallest chunk of the crossing checks. A check is a dozen operations, but its loads
    /// (the contact, both shapes, both bodies) are at random: done serially, rain-10k's took
    /// about 75 µs a step (perf, 2 threads).
    static let segmentCrossingChunk = 256
}

extension World {
    /// Puts back any dynamic body whose centre crossed a static segment it has a contact with
    /// during this step, just short of the crossing, without its velocity into the segment.
    ///
    /// A segment has no inside. A small body pressed into one by a crowd (or rattling between a
    /// heavy body and a wall) can sink past its middle in a few steps without ever moving fast
    /// enough for the sweep; its contact normal then flips and pushes it out on the far side.
    /// Centres never cross a segment they touch, so such a body stays on its side. Runs serially
    /// in contact order, after the transforms are updated and before the proxies move.
    func keepCentresOffStaticSegments(_ view: FinalizeView) {
        let contactBase = UnsafePointer(contacts.base)
        let geometry = UnsafePointer(shapes.geometry.base), vertices = UnsafePointer(shapes.vertices.base)
        let sims = bodies.sim.base, states = bodies.state.base
        let awake = bodies.awakeCount
        // The colouring pass listed the contacts with a segment: no second pass over every contact.
        let listed = UnsafePointer(segmentContacts.base)
        for k in 0..<segmentContacts.count {
            let i = Int(listed[k])
            let kindA = geometry[Int(contactBase[i].shapeA)].kind, kindB = geometry[Int(contactBase[i].shapeB)].kind
            guard kindA == .segment || kindB == .segment else { continue }
            let segmentOnA = kindA == .segment
            let segment = Int(segmentOnA ? contactBase[i].shapeA : contactBase[i].shapeB)
            let wallBody = segmentOnA ? contactBase[i].bodyA : contactBase[i].bodyB
            let mover = segmentOnA ? contactBase[i].bodyB : contactBase[i].bodyA
            guard bodies.isStatic(slot: wallBody) else { continue }
            let d = bodies.dense(mover)
            guard d < awake, sims[d].type == .dynamic else { continue }
            let xf = sims[bodies.dense(wallBody)].originTransform
            let g = geometry[segment]
            let a = xf.apply(vertices[Int(g.vertexStart)]), b = xf.apply(vertices[Int(g.vertexStart) + 1])
            let end = sims[d].center, motion = states[d].deltaPosition, start = end - motion
            let edge = b - a
            let sideStart = edge.cross(start - a), sideEnd = edge.cross(end - a)
            guard (sideStart > 0 && sideEnd < 0) || (sideStart < 0 && sideEnd > 0) else { continue }
            let t = sideStart / (sideStart - sideEnd)
            let crossing = start + t * motion
            let along = (crossing - a).dot(edge), length2 = edge.lengthSquared
            guard along >= 0 && along <= length2 else { continue }
            // Back to the starting side, a slop short of the line.
            let length = motion.length
            let back = length > 0 ? max(0, t - tolerances.linearSlop / length) : 0
            let corrected = start + back * motion
            sims[d].center = corrected
            states[d].deltaPosition = corrected - start
            var inward = edge.leftPerpendicular.normalized
            if inward.dot(start - a) < 0 { inward = -inward }
            let into = states[d].linearVelocity.dot(inward)
            if into < 0 { states[d].linearVelocity -= into * inward }
            if view.updateShapeBoxes(d) { view.enlarged[d] = 1 }
        }
    }
}

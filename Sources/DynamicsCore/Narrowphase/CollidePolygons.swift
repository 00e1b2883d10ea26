/// The edge of `a` along which `b` lies furthest outside, and that distance (both in one frame).
@inline(__always)
private func maxSeparation(_ a: UnsafePointer<Vec2>, _ an: UnsafePointer<Vec2>, _ countA: Int,
                           _ b: UnsafePointer<Vec2>, _ countB: Int) -> (edge: Int, separation: Float) {
    var bestEdge = 0
    var best = -Float.greatestFiniteMagnitude
    for i in 0..<countA {
        let n = an[i], v = a[i]
        var deepest = Float.greatestFiniteMagnitude
        for j in 0..<countB {
            let s = n.dot(b[j] - v)
            if s < deepest { deepest = s }
        }
        if deepest > best { best = deepest; bestEdge = i }
    }
    return (bestEdge, best)
}

/// Convex polygon (A) against convex polygon (B); segments are two-vertex polygons.
///
/// Finds the axis of least overlap among both polygons' edge normals, takes the edge of the other
/// polygon that faces it most directly, clips that edge to the side planes of the reference edge,
/// and keeps the clipped points closer than the speculative distance. Normal from A to B.
func collidePolygons(_ a: PolygonView, _ xfA: Transform, _ b: PolygonView, _ xfB: Transform,
                     speculative: Float, linearSlop: Float) -> Manifold {
    let relative = xfA.relative(xfB)
    return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * b.count) { scratch -> Manifold in
        let bv = scratch.baseAddress!
        let bn = bv + b.count
        for i in 0..<b.count {
            bv[i] = relative.apply(b.vertices[i])
            bn[i] = relative.rotation.apply(b.normals[i])
        }
        let totalRadius = a.radius + b.radius
        let (edgeA, separationA) = maxSeparation(a.vertices, a.normals, a.count, bv, b.count)
        guard separationA <= speculative + totalRadius else { return .empty }
        let (edgeB, separationB) = maxSeparation(bv, bn, b.count, a.vertices, a.count)
        guard separationB <= speculative + totalRadius else { return .empty }

        let flip = separationB > separationA + 0.1 * linearSlop
        let refVertices = flip ? UnsafePointer(bv) : a.vertices
        let refNormals = flip ? UnsafePointer(bn) : a.normals
        let refCount = flip ? b.count : a.count
        let incVertices = flip ? a.vertices : UnsafePointer(bv)
        let incNormals = flip ? a.normals : UnsafePointer(bn)
        let incCount = flip ? a.count : b.count
        let refRadius = flip ? b.radius : a.radius
        let incRadius = flip ? a.radius : b.radius
        let i1 = flip ? edgeB : edgeA
        let i2 = i1 + 1 == refCount ? 0 : i1 + 1
        let normal = refNormals[i1]

        // The incident edge: the one whose normal is most opposed to the reference normal.
        var incident = 0
        var minDot = Float.greatestFiniteMagnitude
        for j in 0..<incCount {
            let d = normal.dot(incNormals[j])
            if d < minDot { minDot = d; incident = j }
        }
        let j2 = incident + 1 == incCount ? 0 : incident + 1
        var w1 = incVertices[incident], w2 = incVertices[j2]
        var id1 = UInt32(incident), id2 = UInt32(j2)

        // Clip the incident edge to the reference edge's side planes.
        let v1 = refVertices[i1], v2 = refVertices[i2]
        let tangent = (v2 - v1).normalized
        let lower: Float = 0, upper = tangent.dot(v2 - v1)
        var d1 = tangent.dot(w1 - v1), d2 = tangent.dot(w2 - v1)
        if d1 > d2 {
            swap(&w1, &w2); swap(&d1, &d2); swap(&id1, &id2)
        }
        if d2 < lower || d1 > upper { return .empty }
        if d1 < lower && d2 > d1 {
            w1 = w1 + (lower - d1) / (d2 - d1) * (w2 - w1)
            d1 = lower
        }
        if d2 > upper && d2 > d1 {
            w2 = w1 + (upper - d1) / (d2 - d1) * (w2 - w1)
        }

        var m = Manifold.empty
        let flipBit: UInt32 = flip ? 1 << 24 : 0
        @inline(__always) func keep(_ w: Vec2, _ vertexID: UInt32) {
            let depth = normal.dot(w - v1)
            let separation = depth - totalRadius
            guard separation <= speculative else { return }
            let onReference = w - (depth - refRadius) * normal
            let onIncident = w - incRadius * normal
            let mid = 0.5 * (onReference + onIncident)
            m.add(point: xfA.apply(mid), separation: separation, id: UInt32(i1) | vertexID << 8 | flipBit)
        }
        keep(w1, id1)
        keep(w2, id2)
        m.normal = xfA.rotation.apply(flip ? -normal : normal)
        return m
    }
}

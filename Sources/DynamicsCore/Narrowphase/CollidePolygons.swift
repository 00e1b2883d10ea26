import CKernelSupport

/// The edge of `ref` along which `inc` lies furthest outside, and that distance.
///
/// `incToRef` maps `inc`'s local points into `ref`'s frame. Each reference normal is turned into
/// `inc`'s frame once, so `inc`'s vertices are read where they lie, in its edge lanes, and never
/// copied.
///
/// Several reference edges at a time, one per lane, read from `ref`'s edge lanes
/// (`dynamics_max_separation`): four, or eight with AVX for polygons of more than four edges.
/// For each vertex of `inc`, one lane-wise product and minimum; then the first lane with the
/// largest separation. The same products, minima and first-best choice as a loop over the edges
/// and vertices one by one, so the same result. Rejecting a pair here is most of the
/// narrowphase of a tumbling pile, where most boxes whose enlarged boxes overlap do not touch.
@inline(__always)
func maxSeparation(_ ref: PolygonView, _ inc: PolygonView, _ incToRef: Transform) -> (edge: Int, separation: Float) {
    let found = dynamics_max_separation(ref.lanes, Int32(ref.count), inc.lanes, Int32(inc.count),
                                        incToRef.rotation.cosine, incToRef.rotation.sine,
                                        incToRef.position.x, incToRef.position.y)
    return (Int(found.edge), found.separation)
}

/// Adds clipped point `w` (in the reference frame) to `m` if it is closer than `speculative`.
@inline(__always)
private func keepPoint(_ w: Vec2, id: UInt32, _ m: inout Manifold, normal: Vec2, v1: Vec2, refRadius: Float,
                       incRadius: Float, speculative: Float, refToWorld: Transform) {
    let depth = normal.dot(w - v1)
    let separation = depth - (refRadius + incRadius)
    guard separation <= speculative else { return }
    let onReference = w - (depth - refRadius) * normal
    let onIncident = w - incRadius * normal
    m.add(point: refToWorld.apply(0.5 * (onReference + onIncident)), separation: separation, id: id)
}

/// Clips the edge of `inc` that faces reference edge `i1` of `ref` to that edge's side planes,
/// working in `ref`'s frame, and returns the points closer than the speculative distance with
/// the normal pointing away from `ref` (negated when `flipped`, so that it runs from A to B).
@inline(__always)
private func clipIncidentEdge(ref: PolygonView, edge i1: Int, inc: PolygonView, incToRef: Transform,
                              refToWorld: Transform, flipped: Bool, speculative: Float) -> Manifold {
    let i2 = i1 + 1 == ref.count ? 0 : i1 + 1
    let normal = ref.normal(i1)

    // The incident edge: the one whose normal is most opposed to the reference normal.
    let normalInInc = incToRef.rotation.applyInverse(normal)
    var incident = 0
    var minDot = Float.greatestFiniteMagnitude
    for j in 0..<inc.count {
        let d = normalInInc.dot(inc.normal(j))
        if d < minDot { minDot = d; incident = j }
    }
    let j2 = incident + 1 == inc.count ? 0 : incident + 1
    var w1 = incToRef.apply(inc.vertex(incident)), w2 = incToRef.apply(inc.vertex(j2))
    var id1 = UInt32(incident), id2 = UInt32(j2)

    // Clip the incident edge to the reference edge's side planes.
    let v1 = ref.vertex(i1), v2 = ref.vertex(i2)
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

    // Each point is named by the vertex of A and the vertex of B at its end of the clipped edge,
    // whichever polygon is the reference, and the points come in the same order either way: the
    // reference edge of B runs against A's. A pile's nearly equal separations hand the reference
    // back and forth between the two boxes; with the reference in the name, every hand-over lost
    // the point's impulses and swapped the order in which its two points are solved, and the large
    // pyramid rocked by ±0.19 m.
    var m = Manifold.empty
    let ids = flipped ? (first: id2 << 8 | UInt32(i2), second: id1 << 8 | UInt32(i1))
                      : (first: UInt32(i1) << 8 | id1, second: UInt32(i2) << 8 | id2)
    let (first, second) = flipped ? (w2, w1) : (w1, w2)
    keepPoint(first, id: ids.first, &m, normal: normal, v1: v1, refRadius: ref.radius, incRadius: inc.radius,
              speculative: speculative, refToWorld: refToWorld)
    keepPoint(second, id: ids.second, &m, normal: normal, v1: v1, refRadius: ref.radius, incRadius: inc.radius,
              speculative: speculative, refToWorld: refToWorld)
    let worldNormal = refToWorld.rotation.apply(normal)
    m.normal = flipped ? -worldNormal : worldNormal
    return m
}

/// Convex polygon (A) against convex polygon (B); segments are two-vertex polygons.
///
/// Finds the axis of least overlap among both polygons' edge normals, takes the edge of the other
/// polygon that faces it most directly, clips that edge to the side planes of the reference edge,
/// and keeps the clipped points closer than the speculative distance. Normal from A to B. `gap`
/// notes the edge that found the polygons apart, when one did.
func collidePolygons(_ a: PolygonView, _ xfA: Transform, _ b: PolygonView, _ xfB: Transform,
                     speculative: Float, linearSlop: Float, gap: inout AxisGap) -> Manifold {
    let bToA = xfA.relative(xfB), aToB = xfB.relative(xfA)
    let reach = speculative + a.radius + b.radius
    let (edgeA, separationA) = maxSeparation(a, b, bToA)
    guard separationA <= reach else {
        gap.record(separationA, beyond: reach, edgeOfB: false)
        return .empty
    }
    let (edgeB, separationB) = maxSeparation(b, a, aToB)
    guard separationB <= reach else {
        gap.record(separationB, beyond: reach, edgeOfB: true)
        return .empty
    }
    if separationB > separationA + 0.1 * linearSlop {
        return clipIncidentEdge(ref: b, edge: edgeB, inc: a, incToRef: aToB, refToWorld: xfB, flipped: true,
                                speculative: speculative)
    }
    return clipIncidentEdge(ref: a, edge: edgeA, inc: b, incToRef: bToA, refToWorld: xfA, flipped: false,
                            speculative: speculative)
}

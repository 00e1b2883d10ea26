/// Circle against circle. Normal from A to B.
@inline(__always)
func collideCircles(_ centerA: Vec2, _ radiusA: Float, _ xfA: Transform,
                    _ centerB: Vec2, _ radiusB: Float, _ xfB: Transform, speculative: Float) -> Manifold {
    let a = xfA.apply(centerA), b = xfB.apply(centerB)
    let d = b - a
    let distance = d.length
    let separation = distance - radiusA - radiusB
    guard separation <= speculative else { return .empty }
    let normal = distance > 1e-12 ? d / distance : Vec2(0, 1)
    let onA = a + radiusA * normal, onB = b - radiusB * normal
    var m = Manifold.empty
    m.normal = normal
    m.add(point: 0.5 * (onA + onB), separation: separation, id: 0)
    return m
}

/// Polygon (A) against circle (B). Normal from A to B. `gap` notes the polygon edge that found the
/// circle apart, when one did.
@inline(__always)
func collidePolygonCircle(_ polygon: PolygonView, _ xfA: Transform, _ centerB: Vec2, _ radiusB: Float,
                          _ xfB: Transform, speculative: Float, gap: inout AxisGap) -> Manifold {
    let c = xfA.applyInverse(xfB.apply(centerB))
    let totalRadius = polygon.radius + radiusB
    var best = 0
    var bestSeparation = -Float.greatestFiniteMagnitude
    for i in 0..<polygon.count {
        let s = polygon.normal(i).dot(c - polygon.vertex(i))
        if s > bestSeparation { bestSeparation = s; best = i }
    }
    guard bestSeparation - totalRadius <= speculative else {
        gap.record(bestSeparation, beyond: totalRadius + speculative, edgeOfB: false)
        return .empty
    }
    let v1 = polygon.vertex(best)
    let v2 = polygon.vertex(best + 1 == polygon.count ? 0 : best + 1)
    var normal: Vec2
    var separation: Float
    var onPolygonCore: Vec2
    if bestSeparation > 1e-7 && (c - v1).dot(v2 - v1) < 0 {
        normal = (c - v1).normalized
        separation = (c - v1).length - totalRadius
        onPolygonCore = v1
    } else if bestSeparation > 1e-7 && (c - v2).dot(v1 - v2) < 0 {
        normal = (c - v2).normalized
        separation = (c - v2).length - totalRadius
        onPolygonCore = v2
    } else {
        normal = polygon.normal(best)
        separation = bestSeparation - totalRadius
        onPolygonCore = c - bestSeparation * normal
    }
    guard separation <= speculative else { return .empty }
    let onA = onPolygonCore + polygon.radius * normal
    let onB = c - radiusB * normal
    var m = Manifold.empty
    m.normal = xfA.rotation.apply(normal)
    m.add(point: xfA.apply(0.5 * (onA + onB)), separation: separation, id: 0)
    return m
}

/// The manifold of two shapes at `xfA` and `xfB`, normal from A to B, by their kinds. Polygons
/// are read from their edge lanes in the pool at `lanes` (see `PolygonView`).
/// `gap` notes an edge that found the shapes apart; circle pairs, cheaper to collide than to
/// bound, note none.
@inline(__always)
func collideShapes(_ a: ShapeGeometryRecord, _ xfA: Transform, _ b: ShapeGeometryRecord, _ xfB: Transform,
                   lanes: UnsafePointer<Float>, speculative: Float,
                   linearSlop: Float, gap: inout AxisGap) -> Manifold {
    @inline(__always) func polygon(_ g: ShapeGeometryRecord) -> PolygonView {
        PolygonView(lanes: lanes + Int(g.laneStart), count: Int(g.vertexCount), radius: g.radius)
    }
    switch (a.kind, b.kind) {
    case (.circle, .circle):
        return collideCircles(a.center, a.radius, xfA, b.center, b.radius, xfB, speculative: speculative)
    case (.circle, _):
        var m = collidePolygonCircle(polygon(b), xfB, a.center, a.radius, xfA, speculative: speculative, gap: &gap)
        m.normal = -m.normal
        // The polygon is B here: its edge separates.
        gap.edgeOfB = true
        return m
    case (_, .circle):
        return collidePolygonCircle(polygon(a), xfA, b.center, b.radius, xfB, speculative: speculative, gap: &gap)
    default:
        return collidePolygons(polygon(a), xfA, polygon(b), xfB, speculative: speculative, linearSlop: linearSlop,
                               gap: &gap)
    }
}

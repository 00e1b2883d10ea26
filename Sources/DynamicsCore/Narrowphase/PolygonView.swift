import CKernelSupport

/// A read-only view of a polygon in its shape's local frame, through its edge lanes alone.
///
/// The lanes (`EdgeLanes`) hold every edge's normal and first vertex, which are the polygon's
/// normals and vertices. Reading both from there, a collision touches a polygon's lanes and
/// nothing else: in the junkyard's pile, where the shapes' records no longer fit in the
/// second-level cache, the separate pools of vertices and normals had been a cache miss or two
/// more per polygon and collision.
struct PolygonView {
    /// The edges as the separating-edge search reads them (see `EdgeLanes`).
    var lanes: UnsafePointer<Float>
    var count: Int
    var radius: Float
    /// Lanes per block: 4 for four edges or fewer, else 8; the rows of a block are this far apart.
    var width: Int

    /// The polygon of `count` edges whose lanes start at `lanes`.
    @inline(__always)
    init(lanes: UnsafePointer<Float>, count: Int, radius: Float) {
        self.lanes = lanes
        self.count = count
        self.radius = radius
        width = Int(dynamics_edge_lane_width(Int32(truncatingIfNeeded: count)))
    }

    /// Where edge `i`'s normal x lies: lane `i mod width` of block `i / width`, so `i` plus 3
    /// widths per block before it (`dynamics_vertex_row_offset`; the width is a power of two, so
    /// no division).
    @inline(__always)
    private func lane(_ i: Int) -> UnsafePointer<Float> {
        lanes + (i + 3 * (i & -width))
    }

    /// The outward normal of edge `i` (from vertex `i` to vertex `i + 1`).
    @inline(__always)
    func normal(_ i: Int) -> Vec2 {
        let p = lane(i)
        return Vec2(p[0], p[width])
    }

    /// Vertex `i`.
    @inline(__always)
    func vertex(_ i: Int) -> Vec2 {
        let p = lane(i)
        return Vec2(p[2 * width], p[3 * width])
    }
}

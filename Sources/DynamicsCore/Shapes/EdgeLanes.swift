import CKernelSupport

/// A polygon's edges laid out for the separating-edge search (`dynamics_max_separation`): in
/// blocks of 4 lanes (4 edges or fewer) or 8 (more), each block four rows of one float per lane
/// (normals' x, normals' y, first vertices' x and y). A lane past the last edge repeats the
/// first edge of its group of four, or edge 0 if that group has none, so that it never wins a tie.
enum EdgeLanes {
    /// The lanes of a polygon with these vertices and outward normals (edge i from vertex i).
    static func of(vertices: UnsafeBufferPointer<Vec2>, normals: UnsafeBufferPointer<Vec2>) -> [Float] {
        let count = vertices.count
        let width = count <= 4 ? 4 : 8
        var lanes = [Float](repeating: 0, count: Int(dynamics_edge_lane_floats(Int32(count))))
        for lane in 0..<lanes.count / 4 {
            let groupStart = lane / 4 * 4
            let edge = lane < count ? lane : (groupStart < count ? groupStart : 0)
            let row = lane / width * width * 4 + lane % width
            lanes[row] = normals[edge].x
            lanes[row + width] = normals[edge].y
            lanes[row + 2 * width] = vertices[edge].x
            lanes[row + 3 * width] = vertices[edge].y
        }
        return lanes
    }
}

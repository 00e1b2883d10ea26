/// The body and shape columns a sweep against static shapes reads (see `World.sweepView`).
/// Valid for one finalisation: it moves bodies and proxies, but adds no bodies or shapes.
struct SweepView {
    let sims: UnsafeMutablePointer<BodySim>
    let states: UnsafeMutablePointer<BodyState>
    let denseOfSlot: UnsafePointer<Int32>
    let slotOfDense: UnsafePointer<Int32>
    let firstShape: UnsafePointer<Int32>
    let movableCount: Int
    let geometry: UnsafePointer<ShapeGeometryRecord>
    let vertices: UnsafePointer<Vec2>
    let normals: UnsafePointer<Vec2>
    let nextInBody: UnsafePointer<Int32>
    let shapeBody: UnsafePointer<Int32>
    let fatAABB: UnsafePointer<AABB>
    let cells: UnsafePointer<CellRange>
    let linearSlop: Float

    /// The first time in [0, 1] at which a point moving from `start` by `motion`, thickened by
    /// `radius`, reaches the static shape `target` placed at `xf`; 1 if it does not.
    ///
    /// A point already within the slop of the surface is a contact's business, not a sweep's. A
    /// polygon's edge is hit only from outside: a point that starts behind an edge (inside the
    /// polygon, or level with a wall it rests on) does not hit that edge on its way.
    func sweepPoint(from start: Vec2, by motion: Vec2, radius: Float, against target: ShapeGeometryRecord,
                    at xf: Transform) -> Float {
        let skin = linearSlop
        if target.kind == .circle {
            return sweepPointAgainstCircle(start: start, motion: motion, center: xf.apply(target.center),
                                           radius: target.radius + radius, skin: skin) ?? 1
        }
        var earliest: Float = 1
        let n = Int(target.vertexCount), first = Int(target.vertexStart)
        let isPolygon = target.kind == .polygon
        for e in 0..<(isPolygon ? n : 1) {
            let a = xf.apply(vertices[first + e])
            if isPolygon && xf.rotation.apply(normals[first + e]).dot(start - a) <= 0 { continue }
            let b = xf.apply(vertices[first + (e + 1) % n])
            if let t = sweepPointAgainstSegment(start: start, motion: motion, a: a, b: b, radius: target.radius + radius, skin: skin) {
                earliest = min(earliest, t)
            }
        }
        return earliest
    }
}

import CKernelSupport

/// A manifold as it lay in its two bodies' frames when it was last computed.
///
/// While the bodies keep almost the same pose relative to each other (a resting stack), the
/// narrowphase moves the cached points with the bodies and re-measures their separations along
/// the cached normal instead of colliding the shapes again. The points are the same features
/// (same ids), so impulses carry over as they do after a full collision.
struct ManifoldCache: BitwiseCopyable {
    /// B's origin frame in A's origin frame when the manifold was computed.
    var bToA: Transform
    /// The normal in A's frame.
    var normal: Vec2
    /// Each point's separation then, both right after the normal. Placed after its own point's
    /// 8-byte-aligned vectors, each left 4 bytes of padding, and the cache took 72 bytes
    /// instead of one 64-byte line.
    var separation0: Float, separation1: Float
    /// Each point in A's frame and in B's frame.
    var pointA0: Vec2, pointB0: Vec2
    var pointA1: Vec2, pointB1: Vec2

    /// An empty cache (the contact's flags say whether it is valid).
    static var empty: ManifoldCache {
        ManifoldCache(bToA: .identity, normal: .zero, pointA0: .zero, pointB0: .zero, separation0: 0,
                      pointA1: .zero, pointB1: .zero, separation1: 0)
    }

    /// Records `m`, just computed for bodies at `xfA` and `xfB` (`bToA` = `xfA.relative(xfB)`).
    /// Points the manifold does not have are left zero (`move` reads only those it has): most
    /// manifolds computed in a tumbling pile are empty.
    init(_ m: Manifold, _ xfA: Transform, _ xfB: Transform, bToA: Transform) {
        self.init(m, FramePair(xfA, xfB), bToA: bToA)
    }

    /// The same from both frames side by side: each point goes into both frames at once
    /// (`dynamics_local_point_pair`).
    @inline(__always)
    init(_ m: Manifold, _ frames: FramePair, bToA: Transform) {
        self = .empty
        self.bToA = bToA
        normal = frames.a.rotation.applyInverse(m.normal)
        if m.pointCount > 0 {
            let local = dynamics_local_point_pair(frames, SIMD4(lowHalf: m.point0.point, highHalf: m.point0.point))
            pointA0 = local.lowHalf; pointB0 = local.highHalf
            separation0 = m.point0.separation
        }
        if m.pointCount > 1 {
            let local = dynamics_local_point_pair(frames, SIMD4(lowHalf: m.point1.point, highHalf: m.point1.point))
            pointA1 = local.lowHalf; pointB1 = local.highHalf
            separation1 = m.point1.separation
        }
    }

    private init(bToA: Transform, normal: Vec2, pointA0: Vec2, pointB0: Vec2, separation0: Float,
                 pointA1: Vec2, pointB1: Vec2, separation1: Float) {
        self.bToA = bToA; self.normal = normal
        self.pointA0 = pointA0; self.pointB0 = pointB0; self.separation0 = separation0
        self.pointA1 = pointA1; self.pointB1 = pointB1; self.separation1 = separation1
    }

    /// Whether B still lies within `distance` and `sine` (of the angle) of the cached relative pose.
    @inline(__always)
    func holds(_ bToA: Transform, distance: Float, sine: Float) -> Bool {
        let d = bToA.position - self.bToA.position
        let r = bToA.rotation, r0 = self.bToA.rotation
        let s = r.sine * r0.cosine - r.cosine * r0.sine
        let c = r.cosine * r0.cosine + r.sine * r0.sine
        return d.dot(d) <= distance * distance && abs(s) <= sine && c > 0
    }

    /// Moves the solver manifold at `solver` (its contact's ids and impulses kept) to the bodies'
    /// poses `frames`, in place: each point is midway between where A and B carry it, its
    /// separation changes by how far they carried it apart along the normal, and its anchors are
    /// taken from the centres of mass `centers` (A's, then B's). Both bodies are carried at once
    /// (`dynamics_move_cached_point`).
    @inline(__always)
    func move(_ solver: UnsafeMutablePointer<SolverManifold>, _ frames: FramePair, centers: SIMD4<Float>) {
        let n = frames.a.rotation.apply(normal)
        solver.pointee.normal = n
        let normalLanes = SIMD4(lowHalf: n, highHalf: n)
        let raw = UnsafeMutableRawPointer(solver)
        /// Moves one point, cached at `a` (in A's frame) and `b` (in B's), into the anchors and
        /// separation at those byte offsets. A point's two anchors are adjacent
        /// (`SolverManifold`), so they go as one store.
        @inline(__always) func move(_ a: Vec2, _ b: Vec2, _ separation: Float, anchorsAt anchors: Int, separationAt at: Int) {
            let moved = dynamics_move_cached_point(frames, centers, normalLanes, SIMD4(lowHalf: a, highHalf: b), separation)
            raw.storeBytes(of: moved.anchors, toByteOffset: anchors, as: SIMD4<Float>.self)
            raw.storeBytes(of: moved.separation, toByteOffset: at, as: Float.self)
        }
        typealias S = SolverManifold
        let count = solver.pointee.pointCount
        if count > 0 {
            move(pointA0, pointB0, separation0, anchorsAt: MemoryLayout<S>.offset(of: \.anchorA0)!,
                 separationAt: MemoryLayout<S>.offset(of: \.separation0)!)
        }
        if count > 1 {
            move(pointA1, pointB1, separation1, anchorsAt: MemoryLayout<S>.offset(of: \.anchorA1)!,
                 separationAt: MemoryLayout<S>.offset(of: \.separation1)!)
        }
    }
}

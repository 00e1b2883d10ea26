/// How a collision function found two shapes apart: the separating edge's distance beyond the
/// reach (speculative distance plus radii), and whose edge it was. `excess` stays 0 unless the
/// function returned an empty manifold because of that edge alone.
///
/// Most pairs of a tumbling pile are apart: their enlarged boxes overlap, their shapes do not come
/// within the speculative distance. Such a pair stays apart, and its manifold empty, until one
/// shape has moved the excess towards the other's edge; the narrowphase skips it until then (see
/// `ManifoldCache.staysApart`).
struct AxisGap {
    var excess: Float = 0
    /// The separating edge belongs to shape B (else to A).
    var edgeOfB = false

    /// Records an edge of A (`edgeOfB` false) or of B at `separation` beyond `reach`.
    @inline(__always)
    mutating func record(_ separation: Float, beyond reach: Float, edgeOfB: Bool) {
        excess = separation - reach
        self.edgeOfB = edgeOfB
    }
}

/// A pair found apart keeps its empty manifold's unused cache fields for the bound.
extension ManifoldCache {
    /// For a pair found apart (`ContactFlags.apart`): how far the other shape may move towards the
    /// separating edge before the pair must be collided again. Shares `separation0`, unused by
    /// an empty manifold.
    var clearance: Float {
        @inline(__always) get { separation0 }
        @inline(__always) set { separation0 = newValue }
    }

    /// For a pair found apart: how far a point of the moving shape moves, per unit of the chord
    /// of the relative turn, at most. Shares `separation1`.
    var lever: Float {
        @inline(__always) get { separation1 }
        @inline(__always) set { separation1 = newValue }
    }

    /// Notes that the manifold just computed at `bToA` (this cache's pose) was empty because of
    /// `gap`, for shapes `a` and `b`; false when the gap is within the rounding slack below.
    ///
    /// With an edge of A, B's core points move in A's frame by at most |Δt| + |R − R0|·extentB.
    /// With an edge of B, A's points x move in B's frame by at most |Δt| + |R − R0|·|x − t0|, and
    /// |x − t0| ≤ extentA + |t0|. The distance from a point to a fixed edge's line changes by no
    /// more than the point moves, so the edge keeps separating the shapes while that total is
    /// below the excess. A slack of 2·10⁻⁵ of the sizes and coordinates involved covers the
    /// rounding of the two transforms and of the search.
    @inline(__always)
    mutating func noteApart(_ gap: AxisGap, _ a: ShapeGeometryRecord, _ b: ShapeGeometryRecord,
                            worldScale: Float) -> Bool {
        let offset = bToA.position.length
        let lever = gap.edgeOfB ? a.extent + offset : b.extent
        let slack = 2e-5 * (offset + lever + worldScale)
        guard gap.excess > slack else { return false }
        clearance = gap.excess - slack
        self.lever = lever
        return true
    }

    /// Whether a pair found apart at this cache's pose surely still is at `bToA`: whether its
    /// moving points cannot have come the clearance closer (see `noteApart`).
    @inline(__always)
    func staysApart(_ bToA: Transform) -> Bool {
        let d = bToA.position - self.bToA.position
        let r = bToA.rotation, r0 = self.bToA.rotation
        // |R − R0| = 2 |sin(Δθ / 2)| = √(2 − 2 cos Δθ).
        let cosine = r.cosine * r0.cosine + r.sine * r0.sine
        let chord = max(0, 2 - 2 * cosine).squareRoot()
        return d.length + chord * lever < clearance
    }
}

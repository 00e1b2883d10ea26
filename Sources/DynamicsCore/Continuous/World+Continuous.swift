extension World {
    /// Sweeps a fast body's centre, as a circle of its smallest extent, against static shapes, and
    /// moves it back to the first time of impact (less the slop) if it would have passed one.
    /// The velocity is kept; the next step's contact stops the body at the surface.
    func sweepAgainstStatics(dense d: Int) {
        let sim = bodies.sim[d]
        let motion = bodies.state[d].deltaPosition
        let start = sim.center - motion
        let radius = sim.minExtent
        let swept = AABB(lower: pointwiseMin(start, sim.center), upper: pointwiseMax(start, sim.center)).expanded(by: radius)
        queryScratch.removeAll()
        let range = staticGrid.cellRange(swept)
        if range.cellCount <= 1 << 16 {
            staticGrid.query(range, proxyCells: UnsafePointer(shapes.cells.base), into: &queryScratch)
        }
        for i in 0..<largeProxies.count { queryScratch.append(largeProxies[i]) }
        let self_ = bodies.slotOfDense[d]
        var earliest: Float = 1
        for i in 0..<queryScratch.count {
            let s = Int(queryScratch[i])
            let owner = shapes.body[s]
            guard owner != self_, bodies.isStatic(slot: owner), shapes.fatAABB[s].overlaps(swept) else { continue }
            guard shapes.shouldCollide(s, Int(bodies.firstShape[Int(self_)])) else { continue }
            let xf = bodies.sim[bodies.dense(owner)].originTransform
            let g = shapes.geometry[s]
            if g.kind == .circle {
                if let t = sweepPointAgainstCircle(start: start, motion: motion, center: xf.apply(g.center), radius: g.radius + radius) {
                    earliest = min(earliest, t)
                }
                continue
            }
            let n = Int(g.vertexCount), first = Int(g.vertexStart)
            let edges = g.kind == .segment ? 1 : n
            for e in 0..<edges {
                let a = xf.apply(shapes.vertices[first + e]), b = xf.apply(shapes.vertices[first + (e + 1) % n])
                if let t = sweepPointAgainstSegment(start: start, motion: motion, a: a, b: b, radius: g.radius + radius) {
                    earliest = min(earliest, t)
                }
            }
        }
        guard earliest < 1 else { return }
        let distance = motion.length
        let backOff = distance > 0 ? tolerances.linearSlop / distance : 0
        let t = max(0, earliest - backOff)
        bodies.sim.base[d].center = start + t * motion
        bodies.state.base[d].deltaPosition = t * motion
    }
}

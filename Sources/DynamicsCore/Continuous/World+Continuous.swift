extension World {
    /// Sweeps a fast body against static shapes and moves it back to the first time of impact
    /// (less the slop) if it would have passed into one. The velocity is kept; the next step's
    /// contact stops the body at the surface.
    ///
    /// The centre is swept as a circle of the body's smallest extent (which catches a static
    /// corner meeting a face). So is every vertex of its polygons and the centre of each of its
    /// circles, each along the chord from where the step's start pose put it to where the end
    /// pose puts it: a long thin body that hits a wall end first, or spins into it, stops with
    /// its end at the wall rather than its centre a half-width away and its end deep inside.
    /// At the time of impact the body takes the pose between the two (position and angle).
    func sweepAgainstStatics(dense d: Int) {
        // Pointers taken once: each read through `self` is a dynamic exclusivity check, and
        // this runs serially for every fast body (a few hundred per step while rain falls).
        let sims = bodies.sim.base, states = bodies.state.base
        let denseOfSlot = UnsafePointer(bodies.denseOfSlot.base), movableCount = bodies.movableCount
        let geometry = UnsafePointer(shapes.geometry.base), vertices = UnsafePointer(shapes.vertices.base)
        let nextInBody = UnsafePointer(shapes.nextInBody.base), shapeBody = UnsafePointer(shapes.body.base)
        let fatAABB = UnsafePointer(shapes.fatAABB.base)
        let center = sims[d].center, minExtent = sims[d].minExtent
        let motion = states[d].deltaPosition, turn = states[d].deltaRotation
        let start = center - motion
        let end = sims[d].originTransform
        let startRotation = end.rotation.then(turn.inverse)
        let begin = Transform(position: start - startRotation.apply(sims[d].localCenter), rotation: startRotation)
        let slot = bodies.slotOfDense[d]
        let firstShape = bodies.firstShape[Int(slot)]
        // Every pose on the way lies within the body's reach of the centre's path.
        let swept = AABB(lower: componentMin(start, center), upper: componentMax(start, center))
            .expanded(by: max(sims[d].maxExtent, minExtent))
        queryScratch.removeAll()
        let range = staticGrid.cellRange(swept)
        if range.cellCount <= 1 << 16 {
            staticGrid.query(range, proxyCells: UnsafePointer(shapes.cells.base), into: &queryScratch)
        }
        for i in 0..<largeProxies.count { queryScratch.append(largeProxies[i]) }
        let candidates = UnsafePointer(queryScratch.base)
        var earliest: Float = 1
        for i in 0..<queryScratch.count {
            let s = Int(candidates[i])
            let owner = shapeBody[s]
            let ownerDense = Int(denseOfSlot[Int(owner)])
            guard owner != slot, ownerDense >= movableCount, fatAABB[s].overlaps(swept) else { continue }
            let xf = sims[ownerDense].originTransform
            let target = geometry[s]
            if shapes.shouldCollide(s, Int(firstShape)) {
                earliest = min(earliest, sweepPoint(from: start, by: motion, radius: minExtent, against: target, at: xf))
            }
            var m = firstShape
            while m >= 0 {
                let shape = Int(m)
                m = nextInBody[shape]
                guard shapes.shouldCollide(s, shape) else { continue }
                let g = geometry[shape]
                if g.kind == .circle {
                    let from = begin.apply(g.center)
                    earliest = min(earliest, sweepPoint(from: from, by: end.apply(g.center) - from, radius: g.radius,
                                                        against: target, at: xf))
                    continue
                }
                for v in Int(g.vertexStart)..<Int(g.vertexStart + g.vertexCount) {
                    let from = begin.apply(vertices[v])
                    earliest = min(earliest, sweepPoint(from: from, by: end.apply(vertices[v]) - from, radius: g.radius,
                                                        against: target, at: xf))
                }
            }
        }
        guard earliest < 1 else { return }
        let distance = motion.length
        let backOff = distance > 0 ? tolerances.linearSlop / distance : 0
        let t = max(0, earliest - backOff)
        sims[d].center = start + t * motion
        states[d].deltaPosition = t * motion
        if turn.sine != 0 {
            let partialTurn = Rotation(angle: t * turn.angle)
            sims[d].rotation = startRotation.then(partialTurn)
            states[d].deltaRotation = partialTurn
        }
    }

    /// The first time in [0, 1] at which a point moving from `start` by `motion`, thickened by
    /// `radius`, reaches the static shape `target` placed at `xf`; 1 if it does not.
    ///
    /// A point already within the slop of the surface is a contact's business, not a sweep's. A
    /// polygon's edge is hit only from outside: a point that starts behind an edge (inside the
    /// polygon, or level with a wall it rests on) does not hit that edge on its way.
    private func sweepPoint(from start: Vec2, by motion: Vec2, radius: Float, against target: ShapeGeometryRecord,
                            at xf: Transform) -> Float {
        let skin = tolerances.linearSlop
        if target.kind == .circle {
            return sweepPointAgainstCircle(start: start, motion: motion, center: xf.apply(target.center),
                                           radius: target.radius + radius, skin: skin) ?? 1
        }
        var earliest: Float = 1
        let vertices = UnsafePointer(shapes.vertices.base), normals = UnsafePointer(shapes.normals.base)
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

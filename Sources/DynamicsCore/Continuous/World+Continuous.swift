extension World {
    /// Sweeps a fast body against static shapes and moves it back to the first time of impact
    /// (less the slop) if it would have passed into one. The velocity is kept; the next step's
    /// contact stops the body at the surface.
    ///
    /// The centre is swept as a circle of the body's smallest extent (which catches a static
    /// corner meeting a face), or, where that circle starts touching the surface, as a circle a
    /// quarter as wide (`sweptCoreFraction`). Every vertex of its polygons and the centre of each
    /// of its circles is swept too, along the chord from where the step's start pose put it to
    /// where the end pose puts it: a long thin body that hits a wall end first, or spins into it,
    /// stops with its end at the wall rather than its centre a half-width away and its end deep
    /// inside.
    /// At the time of impact the body takes the pose between the two (position and angle).
    ///
    /// Returns whether it moved the body (its shapes' boxes are then out of date).
    func sweepAgainstStatics(dense d: Int, _ view: SweepView, scratch: inout Column<Int32>) -> Bool {
        let sims = view.sims
        let center = sims[d].center, minExtent = sims[d].minExtent
        let motion = view.states[d].deltaPosition, turn = view.states[d].deltaRotation
        let start = center - motion
        let end = sims[d].originTransform
        let startRotation = end.rotation.then(turn.inverse)
        let begin = Transform(position: start - startRotation.apply(sims[d].localCenter), rotation: startRotation)
        let slot = view.slotOfDense[d]
        let firstShape = view.firstShape[Int(slot)]
        // Every pose on the way lies within the body's reach of the centre's path.
        let swept = AABB(lower: componentMin(start, center), upper: componentMax(start, center))
            .expanded(by: max(sims[d].maxExtent, minExtent))
        scratch.removeAll()
        let range = staticGrid.cellRange(swept)
        if range.cellCount <= 1 << 16 { staticGrid.query(range, proxyCells: view.cells, into: &scratch) }
        var earliest: Float = 1
        @inline(__always) func consider(_ s: Int) {
            let owner = view.shapeBody[s]
            let ownerDense = Int(view.denseOfSlot[Int(owner)])
            guard owner != slot, ownerDense >= view.movableCount, view.fatAABB[s].overlaps(swept) else { return }
            let xf = sims[ownerDense].originTransform
            let target = view.geometry[s]
            if shapes.shouldCollide(s, Int(firstShape)) {
                var t = view.sweepPoint(from: start, by: motion, radius: minExtent, against: target, at: xf)
                // A centre circle that starts touching the surface does not sweep; a body pressed
                // against a wall (a small item crushed there by a heavy one) would then sink into
                // it by the whole step's motion. A core circle a quarter as wide still sweeps.
                if t >= 1 {
                    t = view.sweepPoint(from: start, by: motion, radius: Self.sweptCoreFraction * minExtent, against: target, at: xf)
                }
                earliest = min(earliest, t)
            }
            var m = firstShape
            while m >= 0 {
                let shape = Int(m)
                m = view.nextInBody[shape]
                guard shapes.shouldCollide(s, shape) else { continue }
                let g = view.geometry[shape]
                if g.kind == .circle {
                    let from = begin.apply(g.center)
                    earliest = min(earliest, view.sweepPoint(from: from, by: end.apply(g.center) - from, radius: g.radius,
                                                             against: target, at: xf))
                    continue
                }
                for v in Int(g.vertexStart)..<Int(g.vertexStart + g.vertexCount) {
                    let from = begin.apply(view.vertices[v])
                    earliest = min(earliest, view.sweepPoint(from: from, by: end.apply(view.vertices[v]) - from,
                                                             radius: g.radius, against: target, at: xf))
                }
            }
        }
        let candidates = UnsafePointer(scratch.base)
        for i in 0..<scratch.count { consider(Int(candidates[i])) }
        // Large proxies of static bodies: those of awake bodies, which the finalisation may add,
        // are passed over (`consider` takes static shapes only).
        let large = UnsafePointer(largeProxies.base)
        for i in 0..<largeProxies.count { consider(Int(large[i])) }
        guard earliest < 1 else { return false }
        let distance = motion.length
        let backOff = distance > 0 ? view.linearSlop / distance : 0
        let t = max(0, earliest - backOff)
        sims[d].center = start + t * motion
        view.states[d].deltaPosition = t * motion
        if turn.sine != 0 {
            let partialTurn = Rotation(angle: t * turn.angle)
            sims[d].rotation = startRotation.then(partialTurn)
            view.states[d].deltaRotation = partialTurn
        }
        return true
    }

    /// The radius of the core circle swept when the centre circle starts touching a static
    /// surface, as a fraction of the body's smallest extent.
    static let sweptCoreFraction: Float = 0.25

    /// What a sweep reads, as pointers taken once per finalisation: read through `self`, each read
    /// is a dynamic exclusivity check, and a few hundred bodies are swept per step while rain falls.
    func sweepView() -> SweepView {
        SweepView(sims: bodies.sim.base, states: bodies.state.base, denseOfSlot: UnsafePointer(bodies.denseOfSlot.base),
                  slotOfDense: UnsafePointer(bodies.slotOfDense.base), firstShape: UnsafePointer(bodies.firstShape.base),
                  movableCount: bodies.movableCount, geometry: UnsafePointer(shapes.geometry.base),
                  vertices: UnsafePointer(shapes.vertices.base), normals: UnsafePointer(shapes.normals.base),
                  nextInBody: UnsafePointer(shapes.nextInBody.base), shapeBody: UnsafePointer(shapes.body.base),
                  fatAABB: UnsafePointer(shapes.fatAABB.base), cells: UnsafePointer(shapes.cells.base),
                  linearSlop: tolerances.linearSlop)
    }
}

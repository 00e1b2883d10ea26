extension World {
    /// Adds a shape to a body. Geometry and material are checked; the body's mass is recomputed.
    @discardableResult
    public func createShape(on body: BodyID, _ definition: ShapeDefinition) throws(DynamicsError) -> ShapeID {
        let b = try checked(body)
        try definition.validateMaterial()
        try definition.filter.validate()
        let polygon = try definition.geometry.validated()
        let (slot, index, generation) = shapes.allocateSlot()
        let s = Int(slot)
        var record = ShapeGeometryRecord(kind: .circle, center: .zero, radius: 0, vertexStart: 0, vertexCount: 0)
        switch definition.geometry {
        case let .circle(center, radius):
            record.center = center
            record.radius = radius
            record.extent = center.length
        case .segment:
            record.kind = .segment
        case .polygon, .box:
            record.kind = .polygon
        }
        if let polygon {
            (record.vertexStart, record.laneStart) = shapes.appendPolygon(polygon)
            record.vertexCount = Int32(polygon.vertices.count)
            record.radius = polygon.radius
            record.center = record.kind == .segment ? 0.5 * (polygon.vertices[0] + polygon.vertices[1]) : polygon.centroid
            record.extent = polygon.vertices.reduce(0) { max($0, $1.length) }
        }
        shapes.geometry[s] = record
        shapes.body[s] = b
        shapes.friction[s] = definition.friction
        shapes.restitution[s] = definition.restitution
        shapes.density[s] = definition.density
        shapes.category[s] = definition.filter.categoryBits
        shapes.mask[s] = definition.filter.maskBits
        let pooled = definition.filter.pooledGroups
        let groupStart = shapes.appendGroups(pooled)
        shapes.groupStart[s] = groupStart
        shapes.groupCount[s] = Int32(pooled.count)
        shapes.enableEvents[s] = definition.enableContactEvents
        shapes.userData[s] = definition.userData
        shapes.nextInBody[s] = bodies.firstShape[Int(b)]
        bodies.firstShape[Int(b)] = slot
        if s >= movedFlag.count { movedFlag.resize(to: s + 1, filling: false) }

        updateMass(bodySlot: b)
        let xf = bodies.sim[bodies.dense(b)].originTransform
        let box = shapes.computeAABB(s, xf)
        shapes.aabb[s] = box
        shapes.fatAABB[s] = bodies.isStatic(slot: b) ? box : box.expanded(by: tolerances.fatMargin)
        insertProxy(slot)
        if record.kind == .segment { segmentShapeCount += 1 }
        return ShapeID(index: index, generation: generation)
    }

    /// Adds a chain of segments through `points` (closed back to the first point when `closed`).
    @discardableResult
    public func createChain(on body: BodyID, points: [Vec2], closed: Bool, friction: Float = 0.6, restitution: Float = 0,
                            filter: CollisionFilter = .default) throws(DynamicsError) -> [ShapeID] {
        _ = try checked(body)
        try require(points.count >= (closed ? 3 : 2), "points", "a \(closed ? "closed" : "open") chain needs at least \(closed ? 3 : 2) points, got \(points.count)")
        for (i, p) in points.enumerated() { try requireFinite(p, "points[\(i)]") }
        let segmentCount = closed ? points.count : points.count - 1
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % points.count]
            try require(a != b, "points[\(i)]", "consecutive chain points must differ")
        }
        var result: [ShapeID] = []
        for i in 0..<segmentCount {
            var d = ShapeDefinition(.segment(points[i], points[(i + 1) % points.count]), density: 0, friction: friction, restitution: restitution, filter: filter)
            d.enableContactEvents = true
            result.append(try createShape(on: body, d))
        }
        return result
    }

    /// Removes a shape; its contacts end, and its body's mass is recomputed.
    /// A removed handle is refused (see `lastRefusal`) and nothing changes.
    public func destroyShape(_ id: ShapeID) {
        guard let s = liveSlot(id, "destroyShape(_:)") else { return }
        destroyShapeInternal(Int32(s), updateMass: true)
    }

    /// The body a shape belongs to.
    /// A removed handle is refused (see `lastRefusal`) and the answer is an invalid handle.
    public func body(of id: ShapeID) -> BodyID {
        guard let s = liveSlot(id, "body(of:)") else { return BodyID(index: -1, generation: 0) }
        return bodyID(slot: shapes.body[s])
    }

    /// The caller's value given at creation.
    public func userData(of id: ShapeID) -> UInt64 {
        guard let s = liveSlot(id, "userData(of:)") else { return 0 }
        return shapes.userData[s]
    }

    /// The shape's current bounding box.
    /// A removed handle is refused (see `lastRefusal`) and the answer is an empty box at the origin.
    public func aabb(of id: ShapeID) -> AABB {
        guard let s = liveSlot(id, "aabb(of:)") else { return AABB(lower: .zero, upper: .zero) }
        return currentAABB(slot: s)
    }

    /// The bounding box of the shape in slot `s` at its body's pose now: the stored box, kept
    /// up to date by every step, or, for a shape that collides with nothing (whose box no step
    /// updates, see `FinalizeView.updateShapeBoxes`), the box worked out here.
    func currentAABB(slot s: Int) -> AABB {
        guard shapes.placement[s] == .inert else { return shapes.aabb[s] }
        return shapes.computeAABB(s, bodies.sim[bodies.dense(shapes.body[s])].originTransform)
    }

    /// Sets the friction coefficient; applies from the next step, to the shape's existing
    /// contacts too.
    public func setFriction(_ friction: Float, of id: ShapeID) throws(DynamicsError) {
        try require(isValid(id), "shape", "\(id) is not a live shape of this world")
        try require(friction.isFinite && friction >= 0, "friction", "must be finite and >= 0, got \(friction)")
        let s = shapeSlot(id)
        shapes.friction[s] = friction
        refreshContactMaterials(of: Int32(s))
    }

    /// Sets the restitution; applies from the next step, to the shape's existing contacts too.
    public func setRestitution(_ restitution: Float, of id: ShapeID) throws(DynamicsError) {
        try require(isValid(id), "shape", "\(id) is not a live shape of this world")
        try require(restitution.isFinite && restitution >= 0, "restitution", "must be finite and >= 0, got \(restitution)")
        let s = shapeSlot(id)
        shapes.restitution[s] = restitution
        refreshContactMaterials(of: Int32(s))
    }

    /// Recomputes the combined friction and restitution of every contact of `shape` (a contact
    /// keeps the values of its creation otherwise).
    func refreshContactMaterials(of shape: Int32) {
        let base = contacts.base, solver = solverManifolds.base
        for i in 0..<contacts.count where base[i].shapeA == shape || base[i].shapeB == shape {
            let (friction, restitution) = combinedMaterial(base[i].shapeA, base[i].shapeB)
            if (solver[i].restitution > 0) != (restitution > 0) { bouncyContactCount += restitution > 0 ? 1 : -1 }
            solver[i].friction = friction
            solver[i].restitution = restitution
        }
    }

    // MARK: - Internals

    func destroyShapeInternal(_ shape: Int32, updateMass recompute: Bool) {
        let s = Int(shape)
        let b = shapes.body[s]
        wake(bodySlot: b)
        var i = contacts.count - 1
        while i >= 0 {
            let c = contacts[i]
            if c.shapeA == shape || c.shapeB == shape {
                if c.bodyA != b { wake(bodySlot: c.bodyA) }
                if c.bodyB != b { wake(bodySlot: c.bodyB) }
                destroyContact(i)
            }
            i -= 1
        }
        removeProxy(shape)
        // Unlink from the body's list.
        var previous: Int32 = -1
        var cursor = bodies.firstShape[Int(b)]
        while cursor >= 0 && cursor != shape { previous = cursor; cursor = shapes.nextInBody[Int(cursor)] }
        if previous >= 0 { shapes.nextInBody[Int(previous)] = shapes.nextInBody[s] } else { bodies.firstShape[Int(b)] = shapes.nextInBody[s] }
        shapes.releasePools(of: s)
        if shapes.geometry[s].kind == .segment { segmentShapeCount -= 1 }
        shapes.releaseSlot(shape)
        movedFlag[s] = false
        if recompute { updateMass(bodySlot: b) }
        shapes.compactPoolsIfNeeded()
    }

    /// Recomputes mass, centre of mass, inertia and the sweep extent from the body's shapes,
    /// keeping the body origin where it is.
    func updateMass(bodySlot b: Int32) {
        let d = bodies.dense(b)
        var sim = bodies.sim[d]
        let origin = sim.originTransform
        var mass: Float = 0, inertiaAboutOrigin: Float = 0
        var weightedCenter = Vec2.zero
        var minExtent = Float.greatestFiniteMagnitude
        var collides = false
        var s = bodies.firstShape[Int(b)]
        while s >= 0 {
            let g = shapes.geometry[Int(s)]
            let density = shapes.density[Int(s)]
            collides = collides || (shapes.category[Int(s)] != 0 && shapes.mask[Int(s)] != 0)
            switch g.kind {
            case .circle:
                let m = circleMass(center: g.center, radius: g.radius, density: density)
                mass += m.mass; weightedCenter += m.mass * m.center; inertiaAboutOrigin += m.inertia + m.mass * m.center.lengthSquared
                minExtent = min(minExtent, g.radius)
            case .polygon:
                let start = Int(g.vertexStart), n = Int(g.vertexCount)
                let vertices = Array(UnsafeBufferPointer(start: shapes.vertices.base + start, count: n))
                let m = polygonMass(vertices, density: density)
                mass += m.mass; weightedCenter += m.mass * m.center; inertiaAboutOrigin += m.inertia + m.mass * m.center.lengthSquared
                var inner = Float.greatestFiniteMagnitude
                for i in 0..<n { inner = min(inner, shapes.normals[start + i].dot(vertices[i] - g.center).magnitude) }
                minExtent = min(minExtent, inner + g.radius)
            case .segment:
                break
            }
            s = shapes.nextInBody[Int(s)]
        }
        sim.minExtent = minExtent
        sim.hasCollidingShapes = collides
        if sim.type == .dynamic {
            if mass > 0 {
                let localCenter = weightedCenter / mass
                sim.mass = mass
                sim.invMass = 1 / mass
                sim.localCenter = localCenter
                sim.inertia = max(0, inertiaAboutOrigin - mass * localCenter.lengthSquared)
            } else {
                sim.mass = 1; sim.invMass = 1; sim.localCenter = .zero; sim.inertia = 0
            }
            sim.invInertia = (sim.inertia > 0 && !sim.fixedRotation) ? 1 / sim.inertia : 0
        } else {
            sim.mass = 0; sim.invMass = 0; sim.inertia = 0; sim.invInertia = 0
            if mass > 0 { sim.localCenter = weightedCenter / mass }
        }
        sim.center = origin.apply(sim.localCenter)
        sim.maxExtent = maxExtent(bodySlot: b, about: sim.localCenter)
        bodies.sim[d] = sim
        bodies.noteMassChange()
    }

    /// How far the body's shapes reach from `center` (in the body frame).
    private func maxExtent(bodySlot b: Int32, about center: Vec2) -> Float {
        var reach: Float = 0
        var s = bodies.firstShape[Int(b)]
        while s >= 0 {
            let g = shapes.geometry[Int(s)]
            if g.kind == .circle {
                reach = max(reach, (g.center - center).length + g.radius)
            } else {
                for v in Int(g.vertexStart)..<Int(g.vertexStart + g.vertexCount) {
                    reach = max(reach, (shapes.vertices[v] - center).length + g.radius)
                }
            }
            s = shapes.nextInBody[Int(s)]
        }
        return reach
    }
}

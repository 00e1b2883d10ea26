/// A shape's outline in its body's frame, for drawing.
public struct ShapeOutline: Sendable, Equatable {
    /// The kind of outline.
    public enum Kind: Sendable, Equatable {
        /// A disc of `radius` around `center`.
        case circle
        /// A convex polygon through `vertices`, rounded by `radius`.
        case polygon
        /// A segment between the two `vertices`.
        case segment
    }
    /// The kind.
    public var kind: Kind
    /// A circle's center (body frame).
    public var center: Vec2
    /// A circle's radius, or a polygon's rounding.
    public var radius: Float
    /// Polygon or segment vertices (body frame).
    public var vertices: [Vec2]
}

extension World {
    /// Every live body, in slot order (allocates: for inspection and drawing, not per step).
    public var bodyIDs: [BodyID] {
        (0..<bodies.slots.slotCount).compactMap { bodies.slots.alive[$0] ? bodyID(slot: Int32($0)) : nil }
    }

    /// A shape's outline in its body's frame.
    /// A removed handle is refused (see `lastRefusal`) and the outline is an empty polygon.
    public func outline(of id: ShapeID) -> ShapeOutline {
        guard let s = liveSlot(id, "outline(of:)") else { return ShapeOutline(kind: .polygon, center: .zero, radius: 0, vertices: []) }
        let g = shapes.geometry[s]
        let vertices = (0..<Int(g.vertexCount)).map { shapes.vertices[Int(g.vertexStart) + $0] }
        switch g.kind {
        case .circle: return ShapeOutline(kind: .circle, center: g.center, radius: g.radius, vertices: [])
        case .polygon: return ShapeOutline(kind: .polygon, center: g.center, radius: g.radius, vertices: vertices)
        case .segment: return ShapeOutline(kind: .segment, center: g.center, radius: 0, vertices: vertices)
        }
    }

    /// Each joint as the world points of its two anchors (a world-anchored joint ends at its world point).
    public var jointAnchors: [(Vec2, Vec2)] {
        (0..<joints.slots.slotCount).compactMap { j -> (Vec2, Vec2)? in
            guard joints.slots.alive[j] else { return nil }
            let r = joints.records[j]
            func point(_ slot: Int32, _ local: Vec2) -> Vec2 {
                slot < 0 ? local : bodies.sim[bodies.dense(slot)].originTransform.apply(local)
            }
            let b = r.kind == .target ? r.target : point(r.bodyB, r.localAnchorB)
            return (point(r.bodyA, r.localAnchorA), b)
        }
    }

    /// Each joint's bodies (nil for the world) and anchors in their frames (a world point for the world).
    public var jointEnds: [(bodyA: BodyID?, localA: Vec2, bodyB: BodyID?, localB: Vec2)] {
        (0..<joints.slots.slotCount).compactMap { j in
            guard joints.slots.alive[j] else { return nil }
            let r = joints.records[j]
            let a: BodyID? = r.bodyA < 0 ? nil : bodyID(slot: r.bodyA)
            let b: BodyID? = r.bodyB < 0 ? nil : bodyID(slot: r.bodyB)
            return (a, r.localAnchorA, r.kind == .target ? nil : b, r.kind == .target ? r.target : r.localAnchorB)
        }
    }

    /// The manifold points of every touching contact (world coordinates), each from its body A's
    /// centre of mass now and its anchor from the last collision (see `contactPoint`).
    public var touchingContactPoints: [Vec2] {
        var points: [Vec2] = []
        for i in 0..<contacts.count where contacts[i].flags.contains(.touching) {
            let count = solverManifolds[i].pointCount
            if count > 0 { points.append(contactPoint(i, 0)) }
            if count > 1 { points.append(contactPoint(i, 1)) }
        }
        return points
    }

    /// Point `k` (0 or 1) of contact `i`'s manifold in world coordinates: body A's centre of mass
    /// plus the point's anchor. Right after the narrowphase this is the point it found (to within
    /// a rounding); after the step, the anchor is carried with the centre but not turned.
    func contactPoint(_ i: Int, _ k: Int) -> Vec2 {
        let solver = solverManifolds[i]
        return bodies.sim[bodies.dense(contacts[i].bodyA)].center + (k == 0 ? solver.anchorA0 : solver.anchorA1)
    }

    /// The acceleration (world units per second squared) the fields would give a body of mass 1
    /// and charge 1 at rest at `point`: the sum over every field whose region holds the point
    /// (custom and velocity fields are left out).
    public func fieldAcceleration(at point: Vec2) -> Vec2 {
        var total = Vec2.zero
        let units = tolerances.unitsPerMeter
        for index in fieldOrder {
            let record = fieldRecords[Int(index)]
            let d = record.definition
            guard d.kind != .custom && d.kind != .velocity else { continue }
            let inside = record.program.withUnsafeBufferPointer { RegionOp.evaluate($0, point - d.position) }
            guard inside else { continue }
            let time = Float(fieldTime * Double(d.animationSpeed))
            let field = FieldForce(d, time: time, unitsPerMeter: units)
            total += field.force(p: (point - d.position) / units, v: .zero, mass: 1, charge: 1) * units
        }
        return total
    }
}

extension World {
    /// Whether every body's position, rotation and velocities are finite numbers (one pass over
    /// the bodies; a check for long runs and stress tests).
    public var isStateFinite: Bool {
        for d in 0..<bodies.count {
            if !isFinite(bodies.sim[d], bodies.state[d]) { return false }
        }
        return true
    }

    private func isFinite(_ sim: BodySim, _ state: BodyState) -> Bool {
        sim.center.x.isFinite && sim.center.y.isFinite && sim.rotation.cosine.isFinite && sim.rotation.sine.isFinite
            && state.linearVelocity.x.isFinite && state.linearVelocity.y.isFinite && state.angularVelocity.isFinite
    }
}

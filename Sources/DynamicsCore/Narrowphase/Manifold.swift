/// One point of a contact manifold.
struct ManifoldPoint: BitwiseCopyable {
    /// The contact point in world coordinates (midway between the surfaces).
    var point: Vec2
    /// The point relative to body A's centre of mass, in world orientation.
    var anchorA: Vec2
    /// The point relative to body B's centre of mass, in world orientation.
    var anchorB: Vec2
    /// Signed distance between the surfaces along the normal (negative when overlapping).
    var separation: Float
    /// Feature id: the same id in two steps means the same pair of features, so impulses carry
    /// over (see `ContactImpulses`).
    var id: UInt32

    static var zero: ManifoldPoint {
        @inline(__always) get { ManifoldPoint(point: .zero, anchorA: .zero, anchorB: .zero, separation: 0, id: 0) }
    }
}

/// Up to two contact points sharing one normal, pointing from shape A to shape B.
struct Manifold: BitwiseCopyable {
    var normal: Vec2
    var pointCount: Int32
    var point0: ManifoldPoint
    var point1: ManifoldPoint

    static var empty: Manifold {
        @inline(__always) get { Manifold(normal: .zero, pointCount: 0, point0: .zero, point1: .zero) }
    }

    @inline(__always)
    mutating func add(point: Vec2, separation: Float, id: UInt32) {
        let p = ManifoldPoint(point: point, anchorA: .zero, anchorB: .zero, separation: separation, id: id)
        if pointCount == 0 { point0 = p } else { point1 = p }
        pointCount += 1
    }
}

/// Flags of a contact.
struct ContactFlags: OptionSet, BitwiseCopyable {
    let rawValue: UInt32
    static let touching = ContactFlags(rawValue: 1 << 0)
    // Bits 1 and 2 are free: whether a contact started or stopped touching is in `ContactChange`.
    static let disjoint = ContactFlags(rawValue: 1 << 3)
    static let enableEvents = ContactFlags(rawValue: 1 << 4)
    static let simulated = ContactFlags(rawValue: 1 << 5)
    /// `Contact.cache` holds the manifold last computed for this contact.
    static let cached = ContactFlags(rawValue: 1 << 6)
    /// One of the two shapes is a segment (set when the contact is created; shapes never change kind).
    static let hasSegment = ContactFlags(rawValue: 1 << 7)
    /// The last collision found the shapes apart by an edge, and `Contact.cache` holds by how
    /// much (see `AxisGap`).
    static let apart = ContactFlags(rawValue: 1 << 8)
}

/// A persistent contact between two shapes whose enlarged boxes overlap.
///
/// Its manifold lives in two records at the same index: the points' feature ids here, beside
/// what the narrowphase keeps between steps, and the normal, anchors and separations the solver
/// prepares from in `World.solverManifolds` (see `SolverManifold`). The points themselves are not
/// kept: a point is its body A's centre of mass plus its anchor (`World.contactPoint`). Moving a
/// cached manifold then writes the solver manifold alone, and a resting contact's record stays
/// clean.
struct Contact: BitwiseCopyable {
    var shapeA: Int32
    var shapeB: Int32
    var bodyA: Int32
    var bodyB: Int32
    var flags: ContactFlags
    /// The feature ids of the manifold's points (`ManifoldPoint.id`).
    var id0: UInt32
    var id1: UInt32
    /// The last computed manifold in the bodies' frames (valid when `flags` has `.cached`).
    var cache: ManifoldCache
}

extension Manifold {
    /// Writes this manifold into a contact's two records: the ids into `contact`, the rest but
    /// the points into `solver` (its friction and restitution stay as they are).
    @inline(__always)
    func store(into contact: UnsafeMutablePointer<Contact>, _ solver: UnsafeMutablePointer<SolverManifold>) {
        contact.pointee.id0 = point0.id
        contact.pointee.id1 = point1.id
        solver.pointee.normal = normal
        solver.pointee.pointCount = pointCount
        solver.pointee.separation0 = point0.separation
        solver.pointee.separation1 = point1.separation
        solver.pointee.anchorA0 = point0.anchorA
        solver.pointee.anchorB0 = point0.anchorB
        solver.pointee.anchorA1 = point1.anchorA
        solver.pointee.anchorB1 = point1.anchorB
    }
}

import DynamicsCore

/// A shape as a profile describes it: one geometry and its material.
enum ShapeSpec: Sendable {
    case shape(ShapeDefinition)
    case chain(points: [Vec2], closed: Bool, friction: Float, restitution: Float, filter: CollisionFilter)

    static let geometryKeys: Set<String> = ["circle", "box", "polygon", "segment", "chain"]
    static let allowedKeys: Set<String> = geometryKeys.union(["density", "friction", "restitution", "groups"])

    static func parse(_ node: JSONNode, allowChain: Bool = true) throws(ProfileError) -> ShapeSpec {
        let o = try node.object(allowed: allowedKeys)
        let present = geometryKeys.filter { o.has($0) }
        guard present.count == 1, let kind = present.first else {
            throw node.fail("needs exactly one geometry of: \(geometryKeys.sorted().joined(separator: ", "))")
        }
        let density = try o.float("density", default: 1)
        let friction = try o.float("friction", default: 0.6)
        let restitution = try o.float("restitution", default: 0)
        var filter = CollisionFilter.default
        if let groups = o.optional("groups") {
            filter.groups = try groups.array(maxCount: 4096).map { (g) throws(ProfileError) in UInt32(try g.integer(in: 0...Int(CollisionFilter.groupLimit - 1))) }
        }
        let g = try o.required(kind)
        let geometry: ShapeGeometry
        switch kind {
        case "circle":
            let c = try g.object(allowed: ["radius", "center"])
            geometry = .circle(center: try c.optional("center")?.vector() ?? .zero, radius: try c.required("radius").float())
        case "box":
            let b = try g.object(allowed: ["halfWidth", "halfHeight", "center", "angle"])
            geometry = .box(halfWidth: try b.required("halfWidth").float(), halfHeight: try b.required("halfHeight").float(),
                            center: try b.optional("center")?.vector() ?? .zero, angle: try b.float("angle", default: 0))
        case "polygon":
            let p = try g.object(allowed: ["vertices", "radius"])
            let vertices = try p.required("vertices").array(maxCount: maxPolygonVertices).map { (v) throws(ProfileError) in try v.vector() }
            geometry = .polygon(vertices: vertices, radius: try p.float("radius", default: 0))
        case "segment":
            let s = try g.object(allowed: ["point1", "point2"])
            geometry = .segment(try s.required("point1").vector(), try s.required("point2").vector())
        default:
            guard allowChain else { throw g.fail("a chain is only allowed among a body's shapes") }
            let c = try g.object(allowed: ["points", "closed"])
            let points = try c.required("points").array(maxCount: 100_000).map { (v) throws(ProfileError) in try v.vector() }
            return .chain(points: points, closed: try c.optional("closed")?.bool() ?? false, friction: friction,
                          restitution: restitution, filter: filter)
        }
        var definition = ShapeDefinition(geometry, density: density, friction: friction, restitution: restitution, filter: filter)
        definition.enableContactEvents = true
        return .shape(definition)
    }

    /// Adds the shape to a body; a rejected geometry is reported at `path`.
    func add(to body: BodyID, in world: World, path: String, file: String) throws(ProfileError) {
        do {
            switch self {
            case let .shape(definition):
                try world.createShape(on: body, definition)
            case let .chain(points, closed, friction, restitution, filter):
                try world.createChain(on: body, points: points, closed: closed, friction: friction, restitution: restitution, filter: filter)
            }
        } catch {
            throw ProfileError(file: file, field: path, problem: error.description)
        }
    }
}

/// The geometry of a shape, in its body's local frame.
public enum ShapeGeometry: Sendable, Equatable {
    /// A circle.
    case circle(center: Vec2, radius: Float)
    /// A box with the given half extents, centred at `center` (body frame) and turned by `angle` radians.
    case box(halfWidth: Float, halfHeight: Float, center: Vec2 = .zero, angle: Float = 0)
    /// A convex polygon, in either winding, optionally rounded by `radius`.
    case polygon(vertices: [Vec2], radius: Float)
    /// A line segment (boundaries; it has no mass).
    case segment(Vec2, Vec2)

    /// A circle centred on the body origin.
    public static func circle(radius: Float) -> ShapeGeometry { .circle(center: .zero, radius: radius) }

    /// A convex polygon without rounding.
    public static func polygon(_ vertices: [Vec2]) -> ShapeGeometry { .polygon(vertices: vertices, radius: 0) }
}

/// The largest vertex count a polygon may have.
public let maxPolygonVertices = 1024

/// The kind tag stored per shape.
enum ShapeKind: UInt8, BitwiseCopyable {
    case circle, polygon, segment
}

/// A polygon that passed validation: counter-clockwise vertices and outward edge normals.
struct ValidatedPolygon {
    var vertices: [Vec2]
    var normals: [Vec2]
    var radius: Float
}

extension ShapeGeometry {
    /// Checks the geometry and returns the polygon form (segments as two-vertex polygons) or nil for circles.
    func validated() throws(DynamicsError) -> ValidatedPolygon? {
        switch self {
        case let .circle(center, radius):
            try requireFinite(center, "circle.center")
            try require(radius.isFinite && radius > 0, "circle.radius", "must be finite and > 0, got \(radius)")
            return nil
        case let .box(halfWidth, halfHeight, center, angle):
            try require(halfWidth.isFinite && halfWidth > 0, "box.halfWidth", "must be finite and > 0, got \(halfWidth)")
            try require(halfHeight.isFinite && halfHeight > 0, "box.halfHeight", "must be finite and > 0, got \(halfHeight)")
            try requireFinite(center, "box.center")
            try requireFinite(angle, "box.angle")
            let r = Rotation(angle: angle)
            let corners = [Vec2(-halfWidth, -halfHeight), Vec2(halfWidth, -halfHeight), Vec2(halfWidth, halfHeight), Vec2(-halfWidth, halfHeight)]
            return try validatePolygon(corners.map { r.apply($0) + center }, radius: 0)
        case let .segment(a, b):
            try requireFinite(a, "segment.point1")
            try requireFinite(b, "segment.point2")
            try require((b - a).length > 1e-6 * max(1, a.length, b.length), "segment", "its two points must differ")
            let n = (b - a).normalized.rightPerpendicular
            return ValidatedPolygon(vertices: [a, b], normals: [n, -n], radius: 0)
        case let .polygon(vertices, radius):
            try require(radius.isFinite && radius >= 0, "polygon.radius", "must be finite and >= 0, got \(radius)")
            return try validatePolygon(vertices, radius: radius)
        }
    }
}

/// Checks that a polygon is convex, not self-intersecting and not degenerate, and orders it counter-clockwise.
func validatePolygon(_ input: [Vec2], radius: Float) throws(DynamicsError) -> ValidatedPolygon {
    let n = input.count
    try require(n >= 3, "polygon.vertices", "needs at least 3 vertices, got \(n)")
    try require(n <= maxPolygonVertices, "polygon.vertices", "has \(n) vertices; at most \(maxPolygonVertices) are allowed")
    for (i, v) in input.enumerated() { try requireFinite(v, "polygon.vertices[\(i)]") }
    var lower = input[0], upper = input[0]
    for v in input { lower = pointwiseMin(lower, v); upper = pointwiseMax(upper, v) }
    let extent = max((upper - lower).x, (upper - lower).y, 1e-30)
    let tolerance = 1e-5 * extent

    var twiceArea: Float = 0
    for i in 0..<n { twiceArea += input[i].cross(input[(i + 1) % n]) }
    try require(abs(twiceArea) > tolerance * extent, "polygon.vertices", "are degenerate: the polygon has no area")
    let vertices = twiceArea > 0 ? input : input.reversed()

    var normals: [Vec2] = []
    normals.reserveCapacity(n)
    for i in 0..<n {
        let a = vertices[i], b = vertices[(i + 1) % n]
        let edge = b - a
        let length = edge.length
        try require(length > tolerance, "polygon.vertices", "are degenerate: vertices \(i) and \((i + 1) % n) coincide")
        let normal = Vec2(edge.y, -edge.x) / length
        for (j, v) in vertices.enumerated() where j != i && j != (i + 1) % n {
            try require(normal.dot(v - a) <= tolerance, "polygon.vertices",
                        "must form a convex polygon without self-intersection (vertex \(j) lies outside edge \(i))")
        }
        normals.append(normal)
    }
    return ValidatedPolygon(vertices: vertices, normals: normals, radius: radius)
}

extension ShapeGeometry {
    /// Checks the geometry as `World.createShape` would, without creating anything.
    public func validate() throws(DynamicsError) {
        _ = try validated()
    }
}

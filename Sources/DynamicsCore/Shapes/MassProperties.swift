/// Mass, centre of mass and rotational inertia of a shape or a body.
public struct MassProperties: Sendable, Equatable {
    /// Mass in the world's mass units (density × area).
    public var mass: Float
    /// The centre of mass in the body's local frame.
    public var center: Vec2
    /// Rotational inertia about the centre of mass.
    public var inertia: Float

    /// Creates mass properties.
    public init(mass: Float, center: Vec2, inertia: Float) {
        self.mass = mass
        self.center = center
        self.inertia = inertia
    }
}

/// The mass properties of a circle of uniform density (area density, mass per length unit squared).
func circleMass(center: Vec2, radius: Float, density: Float) -> MassProperties {
    let mass = density * .pi * radius * radius
    return MassProperties(mass: mass, center: center, inertia: mass * 0.5 * radius * radius)
}

/// The mass properties of a convex polygon (counter-clockwise), by a fan of triangles from its first vertex.
/// The rounding radius is not counted: it is a collision skin.
func polygonMass(_ vertices: [Vec2], density: Float) -> MassProperties {
    let origin = vertices[0]
    var area: Float = 0
    var centroid = Vec2.zero
    var secondMoment: Float = 0
    for i in 1..<(vertices.count - 1) {
        let e1 = vertices[i] - origin, e2 = vertices[i + 1] - origin
        let triangleArea = 0.5 * e1.cross(e2)
        area += triangleArea
        centroid += triangleArea * (e1 + e2) / 3
        let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
        let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
        secondMoment += (0.25 / 3 * e1.cross(e2)) * (intx2 + inty2)
    }
    centroid /= area
    let mass = density * area
    // Inertia about the fan origin, moved to the centroid.
    let inertia = density * secondMoment - mass * centroid.lengthSquared
    return MassProperties(mass: mass, center: centroid + origin, inertia: inertia)
}

extension ValidatedPolygon {
    /// The centroid (area-weighted) of the polygon.
    var centroid: Vec2 { polygonMass(vertices, density: 1).center }
}

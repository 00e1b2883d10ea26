/// How to create a shape on a body.
public struct ShapeDefinition: Sendable {
    /// The geometry in the body's local frame.
    public var geometry: ShapeGeometry
    /// Mass per unit area (kilograms per square metre when lengths are metres).
    public var density: Float = 1
    /// Coulomb friction coefficient; mixed with the other shape's as √(fa·fb).
    public var friction: Float = 0.6
    /// Restitution (bounciness); mixed with the other shape's as max(ea, eb).
    public var restitution: Float = 0
    /// Which shapes this one may touch.
    public var filter: CollisionFilter = .default
    /// Whether this shape reports contact begin and end events.
    public var enableContactEvents: Bool = true
    /// A value of the caller's own, returned with events.
    public var userData: UInt64 = 0

    /// Creates a shape definition.
    public init(_ geometry: ShapeGeometry, density: Float = 1, friction: Float = 0.6, restitution: Float = 0,
                filter: CollisionFilter = .default) {
        self.geometry = geometry
        self.density = density
        self.friction = friction
        self.restitution = restitution
        self.filter = filter
    }

    func validateMaterial() throws(DynamicsError) {
        try require(density.isFinite && density >= 0, "density", "must be finite and >= 0, got \(density)")
        try require(friction.isFinite && friction >= 0, "friction", "must be finite and >= 0, got \(friction)")
        try require(restitution.isFinite && restitution >= 0, "restitution", "must be finite and >= 0, got \(restitution)")
    }
}

/// How a body moves.
public enum BodyType: UInt8, Sendable, BitwiseCopyable, CaseIterable {
    /// Never moves; infinite mass.
    case `static`
    /// Moves by its velocity only; infinite mass; pushes dynamic bodies.
    case kinematic
    /// Moves under forces, gravity and contacts.
    case dynamic
}

/// How to create a body.
public struct BodyDefinition: Sendable {
    /// Static, kinematic or dynamic.
    public var type: BodyType = .dynamic
    /// The body origin in world coordinates.
    public var position: Vec2 = .zero
    /// The body angle in radians.
    public var angle: Float = 0
    /// Initial linear velocity of the centre of mass.
    public var linearVelocity: Vec2 = .zero
    /// Initial angular velocity in radians per second.
    public var angularVelocity: Float = 0
    /// Linear damping coefficient c (per second): each sub-step `v *= 1 / (1 + h·c)`.
    public var linearDamping: Float = 0
    /// Angular damping coefficient (per second), in the same form.
    public var angularDamping: Float = 0
    /// How much of the world's gravity acts on this body (0 for none).
    public var gravityScale: Float = 1
    /// Whether the body never rotates.
    public var fixedRotation: Bool = false
    /// Whether the body may fall asleep.
    public var allowSleep: Bool = true
    /// Whether the body starts awake. A body created asleep costs nothing until something awake
    /// touches it, or it is pushed, moved or joined (ignored for static bodies).
    public var isAwake: Bool = true
    /// A value of the caller's own.
    public var userData: UInt64 = 0

    /// Creates a body definition.
    public init(type: BodyType = .dynamic, position: Vec2 = .zero, angle: Float = 0) {
        self.type = type
        self.position = position
        self.angle = angle
    }

    func validate() throws(DynamicsError) {
        try requireFinite(position, "position")
        try requireFinite(angle, "angle")
        try requireFinite(linearVelocity, "linearVelocity")
        try requireFinite(angularVelocity, "angularVelocity")
        try require(linearDamping.isFinite && linearDamping >= 0, "linearDamping", "must be finite and >= 0, got \(linearDamping)")
        try require(angularDamping.isFinite && angularDamping >= 0, "angularDamping", "must be finite and >= 0, got \(angularDamping)")
        try requireFinite(gravityScale, "gravityScale")
    }
}

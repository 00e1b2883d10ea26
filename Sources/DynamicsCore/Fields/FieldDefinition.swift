/// The kinds of force field (UIKit's `UIFieldBehavior` factories).
public enum FieldKind: UInt8, Sendable, CaseIterable {
    /// A constant acceleration along `direction` (m/s²), for every mass.
    case linearGravity
    /// An acceleration towards the position (inverse-square with falloff 2).
    case radialGravity
    /// A force on charge along the direction away from the position.
    case electric
    /// A force on moving charge, perpendicular to its velocity.
    case magnetic
    /// A pull towards the position proportional to the distance (Hooke's law with falloff −1).
    case spring
    /// A tangential acceleration around the position.
    case vortex
    /// A force against the velocity relative to the medium's (`direction`), quadratic in speed.
    case drag
    /// Sets the velocity to `direction` (m/s), overriding every other acceleration.
    case velocity
    /// Smooth, animated simplex noise.
    case noise
    /// Noise scaled by the square of the speed.
    case turbulence
    /// A force computed by a caller's function for each body.
    case custom
}

/// What a custom field's function receives for one body.
public struct FieldSample: Sendable {
    /// The body's position, in world length units.
    public var position: Vec2
    /// The body's velocity, in world length units per second.
    public var velocity: Vec2
    /// The body's mass.
    public var mass: Float
    /// The body's charge.
    public var charge: Float
    /// The sub-step's length in seconds.
    public var deltaTime: Float
}

/// A force field: what kind, where, how strong, and which region it acts in.
///
/// Formulas follow UIKit's engine in SI units: positions and distances in metres (world length
/// units divided by `lengthUnitsPerMeter`), forces in newtons; `fall(r) = max(r, minimumRadius)^−falloff`
/// (1 when the falloff is 0). Where UIKit's engine and its documentation disagree, these fields follow
/// the documentation: the magnetic force scales with charge, and vortex and noise accelerations are
/// the same for every mass (the engine divides them by the mass once more).
/// A custom field's function runs on the thread that steps the world, once per member and sub-step.
public struct FieldDefinition {
    /// The kind.
    public var kind: FieldKind
    /// The field's origin, in world length units.
    public var position: Vec2 = .zero
    /// Scales the force.
    public var strength: Float = 1
    /// The exponent of the distance falloff.
    public var falloff: Float = 0
    /// Distances below this (metres) count as this.
    public var minimumRadius: Float = 1.0 / 32768
    /// Linear gravity (m/s²), velocity (m/s) and drag's medium velocity (m/s).
    public var direction: Vec2 = .zero
    /// Noise and turbulence: 0 roughest … 1 smoothest.
    public var smoothness: Float = 0
    /// Noise and turbulence: how fast the noise changes (Hz).
    public var animationSpeed: Float = 0
    /// Where the field acts, around its position (world length units).
    public var region: FieldRegion = .infinite
    /// The force of a `.custom` field, in newtons, for one body.
    public var evaluate: ((FieldSample) -> Vec2)?

    /// Creates a field of `kind` with UIKit's default falloff for that kind.
    public init(kind: FieldKind) {
        self.kind = kind
        falloff = FieldDefinition.defaultFalloff(kind)
    }

    /// UIKit's measured default falloff: radial gravity 2, spring −1, electric and magnetic 1, others 0.
    public static func defaultFalloff(_ kind: FieldKind) -> Float {
        switch kind {
        case .radialGravity: return 2
        case .spring: return -1
        case .electric, .magnetic: return 1
        default: return 0
        }
    }

    func validate() throws(DynamicsError) {
        try requireFinite(position, "position")
        try requireFinite(direction, "direction")
        try require(strength.isFinite, "strength", "must be finite, got \(strength)")
        try require(falloff.isFinite, "falloff", "must be finite, got \(falloff)")
        try require(minimumRadius.isFinite && minimumRadius > 0, "minimumRadius", "must be finite and > 0, got \(minimumRadius)")
        try require(smoothness.isFinite, "smoothness", "must be finite, got \(smoothness)")
        try require(animationSpeed.isFinite, "animationSpeed", "must be finite, got \(animationSpeed)")
        try require(kind != .custom || evaluate != nil, "evaluate", "a custom field needs a function")
        try require(region.stackDepth <= RegionOp.maximumDepth, "region", "is nested more than \(RegionOp.maximumDepth) deep")
    }
}

/// A handle to a field.
public struct FieldID: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The slot index.
    public let index: Int32
    /// The slot's generation when the field was created.
    public let generation: UInt32
    /// A readable form, `field#index.generation`.
    public var description: String { "field#\(index).\(generation)" }
}

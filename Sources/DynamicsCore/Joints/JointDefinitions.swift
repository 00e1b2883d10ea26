/// A distance joint: a rigid rod, or a spring, optionally with length limits. With `enableSpring`
/// and a `hertz` of 0 and a limit of `0...maxLength` it is a rope.
public struct DistanceJointDefinition: Sendable {
    /// The first body.
    public var bodyA: BodyID
    /// The second body, or nil for the world (then `localAnchorB` is a world point).
    public var bodyB: BodyID?
    /// Anchor on body A, in A's frame (relative to its origin).
    public var localAnchorA: Vec2 = .zero
    /// Anchor on body B in B's frame, or a world point when `bodyB` is nil.
    public var localAnchorB: Vec2 = .zero
    /// Rest length of the rod or spring.
    public var length: Float = 1
    /// Whether the joint is a spring (soft) rather than a rigid rod.
    public var enableSpring = false
    /// Spring frequency in hertz (0: no spring force, only the limits).
    public var hertz: Float = 0
    /// Spring damping ratio (1 is critical).
    public var dampingRatio: Float = 0
    /// Whether `minLength...maxLength` is enforced.
    public var enableLimit = false
    /// Shortest allowed length when limited.
    public var minLength: Float = 0
    /// Longest allowed length when limited.
    public var maxLength: Float = .infinity
    /// Whether the two bodies still collide with each other.
    public var collideConnected = false

    /// Creates a rigid distance joint of the given length.
    public init(bodyA: BodyID, bodyB: BodyID?, localAnchorA: Vec2 = .zero, localAnchorB: Vec2 = .zero, length: Float) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.length = length
    }

    /// A rope: no spring force, only a maximum length.
    public static func rope(bodyA: BodyID, bodyB: BodyID?, localAnchorA: Vec2 = .zero, localAnchorB: Vec2 = .zero,
                            maxLength: Float) -> DistanceJointDefinition {
        var d = DistanceJointDefinition(bodyA: bodyA, bodyB: bodyB, localAnchorA: localAnchorA, localAnchorB: localAnchorB, length: maxLength)
        d.enableSpring = true
        d.hertz = 0
        d.enableLimit = true
        d.minLength = 0
        d.maxLength = maxLength
        return d
    }
}

/// A revolute (pin) joint: the anchors coincide; optional angle limits and friction torque.
public struct RevoluteJointDefinition: Sendable {
    /// The first body.
    public var bodyA: BodyID
    /// The second body, or nil for the world.
    public var bodyB: BodyID?
    /// Anchor on body A in A's frame.
    public var localAnchorA: Vec2 = .zero
    /// Anchor on body B in B's frame, or a world point.
    public var localAnchorB: Vec2 = .zero
    /// Angle of B relative to A that counts as zero.
    public var referenceAngle: Float = 0
    /// Whether the relative angle is limited to `lowerAngle...upperAngle`.
    public var enableLimit = false
    /// Lowest relative angle in radians.
    public var lowerAngle: Float = 0
    /// Highest relative angle in radians.
    public var upperAngle: Float = 0
    /// Largest torque friction can apply against relative rotation.
    public var maxFrictionTorque: Float = 0
    /// Whether the two bodies still collide with each other.
    public var collideConnected = false

    /// Creates a revolute joint.
    public init(bodyA: BodyID, bodyB: BodyID?, localAnchorA: Vec2 = .zero, localAnchorB: Vec2 = .zero) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
    }
}

/// A prismatic (slider) joint: B moves along an axis fixed in A, without relative rotation.
public struct PrismaticJointDefinition: Sendable {
    /// The first body.
    public var bodyA: BodyID
    /// The second body, or nil for the world.
    public var bodyB: BodyID?
    /// Anchor on body A in A's frame.
    public var localAnchorA: Vec2 = .zero
    /// Anchor on body B in B's frame, or a world point.
    public var localAnchorB: Vec2 = .zero
    /// The sliding axis in A's frame (normalised on creation).
    public var localAxisA: Vec2 = Vec2(1, 0)
    /// Angle of B relative to A that is held.
    public var referenceAngle: Float = 0
    /// Whether the translation is limited.
    public var enableLimit = false
    /// Lowest translation along the axis.
    public var lowerTranslation: Float = 0
    /// Highest translation along the axis.
    public var upperTranslation: Float = 0
    /// Whether the two bodies still collide with each other.
    public var collideConnected = false

    /// Creates a prismatic joint.
    public init(bodyA: BodyID, bodyB: BodyID?, localAnchorA: Vec2 = .zero, localAnchorB: Vec2 = .zero, localAxisA: Vec2 = Vec2(1, 0)) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.localAxisA = localAxisA
    }
}

/// A weld joint: holds B's anchor and angle fixed relative to A, rigidly or as springs.
public struct WeldJointDefinition: Sendable {
    /// The first body.
    public var bodyA: BodyID
    /// The second body, or nil for the world.
    public var bodyB: BodyID?
    /// Anchor on body A in A's frame.
    public var localAnchorA: Vec2 = .zero
    /// Anchor on body B in B's frame, or a world point.
    public var localAnchorB: Vec2 = .zero
    /// Angle of B relative to A that is held.
    public var referenceAngle: Float = 0
    /// Linear spring frequency in hertz (0: rigid).
    public var linearHertz: Float = 0
    /// Angular spring frequency in hertz (0: rigid).
    public var angularHertz: Float = 0
    /// Linear spring damping ratio.
    public var linearDampingRatio: Float = 1
    /// Angular spring damping ratio.
    public var angularDampingRatio: Float = 1
    /// Whether the two bodies still collide with each other.
    public var collideConnected = false

    /// Creates a rigid weld joint.
    public init(bodyA: BodyID, bodyB: BodyID?, localAnchorA: Vec2 = .zero, localAnchorB: Vec2 = .zero) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
    }
}

/// A spring pulling a point of a body towards a point in the world.
public struct TargetJointDefinition: Sendable {
    /// The body pulled.
    public var body: BodyID
    /// The point pulled, in the body's frame.
    public var localAnchor: Vec2 = .zero
    /// The world point it is pulled towards.
    public var target: Vec2
    /// Spring frequency in hertz.
    public var hertz: Float = 5
    /// Spring damping ratio.
    public var dampingRatio: Float = 0.7
    /// Largest force the spring applies.
    public var maxForce: Float = .infinity

    /// Creates a target joint.
    public init(body: BodyID, localAnchor: Vec2 = .zero, target: Vec2, hertz: Float = 5, dampingRatio: Float = 0.7) {
        self.body = body
        self.localAnchor = localAnchor
        self.target = target
        self.hertz = hertz
        self.dampingRatio = dampingRatio
    }
}

/// The solver's per-body record: what the sub-steps read and write, packed in 32 bytes.
/// Positions enter as the change since the start of the step, so that the record stays small.
struct BodyState: BitwiseCopyable {
    var linearVelocity: Vec2
    var angularVelocity: Float
    /// The body's inverse mass, copied from its `BodySim` at the start of each step's solve
    /// (`ResetDeltasKernel`): the wide contact passes read it with the velocities instead of
    /// streaming it in every block. 0 for kinematic bodies and in the resting state. Every writer
    /// of the velocity row keeps it (the scatters write it back as they found it).
    var inverseMass: Float
    /// Translation of the centre of mass since the start of the step.
    var deltaPosition: Vec2
    /// Rotation since the start of the step.
    var deltaRotation: Rotation

    static var resting: BodyState {
        @inline(__always) get { BodyState(linearVelocity: .zero, angularVelocity: 0, inverseMass: 0, deltaPosition: .zero, deltaRotation: .identity) }
    }
}

/// Per-body data read once or twice per step (integration, finalisation), kept apart from the
/// solver's record. The pose fields are usable from inlinable code, so that `AwakeBodyPoses`'s
/// readers inline into the facade's loops.
@usableFromInline
struct BodySim: BitwiseCopyable {
    /// World position of the centre of mass.
    @usableFromInline var center: Vec2
    @usableFromInline var rotation: Rotation
    /// The centre of mass in the body frame.
    @usableFromInline var localCenter: Vec2
    var mass: Float
    var invMass: Float
    var inertia: Float
    var invInertia: Float
    var linearDamping: Float
    var angularDamping: Float
    var gravityScale: Float
    var force: Vec2
    var torque: Float
    var sleepTime: Float
    /// Half the smallest extent of the body's shapes: how far it may move before a sweep is needed.
    var minExtent: Float
    /// How far the body's shapes reach from its centre of mass: the radius of a circle about the
    /// centre that holds them in any rotation (bounds a sweep's box).
    var maxExtent: Float
    var type: BodyType
    var fixedRotation: Bool
    var allowSleep: Bool
    /// Whether any of the body's shapes collides with something (its filter's category and mask
    /// are both non-zero), set with its mass (`World.updateMass`). The finalisation skips the
    /// shapes of a body that has none: nothing reads their boxes (`FinalizeView`).
    var hasCollidingShapes: Bool

    /// The transform of the body origin.
    @inlinable @inline(__always)
    var originTransform: Transform {
        Transform(position: center - rotation.apply(localCenter), rotation: rotation)
    }
}

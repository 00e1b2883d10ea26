/// What one sub-step's velocity integration adds to an awake body, worked out once per step from
/// its 88-byte record (`BodySim`): the sub-steps then read these 24 bytes per body instead. The
/// record is read once a step rather than once a sub-step, and in a large pile it no longer
/// shares the caches with the contact blocks four times a step.
///
/// The numbers are the ones `Integrator` computed from the record every sub-step, with the same
/// operations in the same order, so a step's results keep their bits.
struct VelocityStep: BitwiseCopyable {
    /// h·(gravityScale·g + F/m): the linear velocity a sub-step adds.
    var linear: Vec2
    /// (h/I)·τ: the angular velocity a sub-step adds.
    var angular: Float
    /// 1/(1 + h·c) for the linear damping c, or 1 without damping.
    var linearFactor: Float
    /// The same for the angular damping.
    var angularFactor: Float
    /// `dynamic` and `fixedRotation`.
    var flags: UInt32

    /// The body moves under forces (kinematic bodies keep their velocity).
    static let dynamic: UInt32 = 1 << 0
    /// The body does not turn: its angular velocity is set to zero.
    static let fixedRotation: UInt32 = 1 << 1

    /// The sub-step velocity change of the body whose record is `sim`, under `gravity` over a
    /// sub-step of length `h`.
    @inline(__always)
    init(_ sim: BodySim, gravity: Vec2, h: Float) {
        linear = h * (sim.gravityScale * gravity + sim.invMass * (sim.force + Vec2.zero))
        angular = h * sim.invInertia * sim.torque
        linearFactor = sim.linearDamping != 0 ? 1 / (1 + h * sim.linearDamping) : 1
        angularFactor = sim.angularDamping != 0 ? 1 / (1 + h * sim.angularDamping) : 1
        flags = (sim.type == .dynamic ? Self.dynamic : 0) | (sim.fixedRotation ? Self.fixedRotation : 0)
    }
}

import CKernelSupport

/// How a sub-step's velocity integration carries the constraints' impulses from one sub-step to
/// the next, in place of the warm start's passes over every colour.
///
/// A contact's warm start applies its accumulated impulse at anchors and a normal that stay fixed
/// through the step; the solve and relax passes then apply each change of that impulse at the same
/// anchors. So what the constraints added to a body's velocity over a sub-step (its velocity after
/// the relax pass minus its velocity right after the integration) is what the next
/// sub-step's warm start would add, up to rounding. Recording each body's integrated velocity and
/// adding that difference back after the next integration does the warm start per body, in the
/// integration's one stage, instead of in a stage per colour.
///
/// This holds only where nothing else changes the velocities between the integration and the end
/// of the relax pass, and where every impulse is applied at anchors the carry can follow. The
/// joints solved four wide move their anchors (and a distance joint its axis) with the bodies;
/// their relax pass carries what that motion changes in their warm start: the spin in the carried
/// row's last float, which `apply` adds too, and the linear part taken off the row's velocity
/// (`WidePinBlock.solve`, `WideDistanceBlock.solve`). Other joints keep their warm start passes
/// and note what they change in each body's velocities (`World.jointVelocityChanges`), which
/// `apply` leaves out. Fields (whose velocity fields act after the integration) keep every pass
/// (see `World.warmStartIsCarried`).
struct VelocityCarry: OptionSet, BitwiseCopyable {
    let rawValue: Int32

    /// Write each body's integrated velocity, before any impulse, to its carried row.
    static let record = VelocityCarry(rawValue: Int32(dynamics_carry_record))
    /// Add back to each dynamic body what the constraints added since the last record: its
    /// velocity before the integration minus its carried row, plus the joints' spin in the row,
    /// minus what the joints outside the carry changed.
    static let apply = VelocityCarry(rawValue: Int32(dynamics_carry_apply))

    /// The carry of sub-step `subStep` of `count`: the first records (its warm start is a pass),
    /// the last applies, the ones between do both.
    static func of(subStep: Int, count: Int) -> VelocityCarry {
        var carry: VelocityCarry = []
        if subStep > 0 { carry.insert(.apply) }
        if subStep + 1 < count { carry.insert(.record) }
        return carry
    }
}

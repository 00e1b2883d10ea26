/// Told when an animator pauses and resumes (UIKit's `UIDynamicAnimatorDelegate`). Both methods
/// have empty defaults.
public protocol DynamicAnimatorDelegate: AnyObject {
    /// The animator stopped: every item is at rest, or nothing is left to animate.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
    /// The animator is about to run again after something changed.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    /// Does nothing.
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
    /// Does nothing.
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
}

import Foundation

/// What kind of timing a provider gives (UIKit's `UITimingCurveType`).
public enum TimingCurveType: Int, Sendable {
    /// One of the standard curves.
    case builtin = 0
    /// A cubic Bézier curve.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// A cubic curve shaped by a spring (here: the spring's timing).
    case composed = 3
}

/// Timing for a property animator (UIKit's `UITimingCurveProvider`). Conform your own types to
/// animate along any curve: `progress(atFraction:duration:initialVelocity:)` maps the fraction of
/// the run's time to the fraction of the change (which may overshoot 0 … 1).
public protocol TimingCurveProvider: Sendable {
    /// The kind of timing.
    var timingCurveType: TimingCurveType { get }
    /// The cubic parameters, for cubic and composed timing.
    var cubicTimingParameters: CubicTimingParameters? { get }
    /// The spring parameters, for spring and composed timing.
    var springTimingParameters: SpringTimingParameters? { get }
    /// The fraction of the change done at `fraction` of `duration`, for a value that starts moving
    /// with `initialVelocity` (in changes per second: 1 covers the whole change in a second).
    func progress(atFraction fraction: Double, duration: TimeInterval, initialVelocity: Double) -> Double
    /// How long a run with these parameters takes, given the duration the animator was made with
    /// (springs made from mass, stiffness and damping take their settling time instead).
    func effectiveDuration(forRequested duration: TimeInterval) -> TimeInterval
}

extension TimingCurveProvider {
    /// The requested duration.
    public func effectiveDuration(forRequested duration: TimeInterval) -> TimeInterval { duration }
    /// nil.
    public var cubicTimingParameters: CubicTimingParameters? { nil }
    /// nil.
    public var springTimingParameters: SpringTimingParameters? { nil }
}

import Foundation

/// Where an animator is in its life (UIKit's `UIViewAnimatingState`).
public enum ViewAnimatingState: Int, Sendable {
    /// Not started, or finished: animations can be added and configured.
    case inactive = 0
    /// Running or paused.
    case active = 1
    /// Stopped part-way; `finishAnimation(at:)` ends it.
    case stopped = 2
}

/// Where the animated values end when an animator finishes (UIKit's `UIViewAnimatingPosition`).
public enum ViewAnimatingPosition: Int, Sendable {
    /// At their new values.
    case end = 0
    /// Back at their old values.
    case start = 1
    /// Wherever they are now.
    case current = 2
}

/// An interruptible, scrubbable, reversible animation (UIKit's `UIViewAnimating`).
public protocol ViewAnimating: AnyObject {
    /// Inactive, active or stopped.
    var state: ViewAnimatingState { get }
    /// Whether the animation is moving (active and not paused).
    var isRunning: Bool { get }
    /// Whether it runs from the end back to the start.
    var isReversed: Bool { get set }
    /// How far the animation has come, 0 … 1; setting it while paused scrubs.
    var fractionComplete: CGFloat { get set }
    /// Starts or resumes.
    func startAnimation()
    /// Starts or resumes after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses where it is.
    func pauseAnimation()
    /// Stops: to `.stopped` (then call `finishAnimation(at:)`), or straight to `.inactive` without completions.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Ends a stopped animation with the values at `finalPosition`, running the completions.
    func finishAnimation(at finalPosition: ViewAnimatingPosition)
}

/// Options of `PropertyAnimator.runningPropertyAnimator(...)` (UIKit's `UIView.AnimationOptions`);
/// only the curve counts, the rest are accepted and ignored as UIKit ignores them there.
public struct AnimationOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Ease in and out (the default).
    public static let curveEaseInOut = AnimationOptions([])
    /// Ease in.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    /// Accepted and ignored.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Accepted and ignored.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)

    /// The curve these options name.
    var curve: AnimationCurve {
        switch (rawValue >> 16) & 3 {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInOut
        }
    }
}

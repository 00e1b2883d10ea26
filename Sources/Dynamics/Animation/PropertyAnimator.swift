import Foundation

/// Animates property changes over time, interruptibly (UIKit's `UIViewPropertyAnimator`).
///
/// Changes made inside an animation block to a `View`'s `center`, `bounds`, `transform` or
/// `alpha`, or to an `AnimatableValue`, are captured and played back frame by frame on the same
/// clock as `DynamicAnimator`: `step(by:)` by hand, or a `RealTimeDriver`. Calls that UIKit calls a
/// programmer error are refused: nothing changes, `lastUsageError` names the call and the state,
/// and the animator stays usable.
public final class PropertyAnimator: ViewAnimating, FrameDriven {
    /// Inactive, active or stopped.
    public internal(set) var state: ViewAnimatingState = .inactive
    /// Whether the animation is moving.
    public internal(set) var isRunning = false
    /// The run's length: the requested duration, or a physical spring's settling time.
    public let duration: TimeInterval
    /// The delay given to `startAnimation(afterDelay:)` (0 otherwise).
    public internal(set) var delay: TimeInterval = 0
    /// The timing of the current run.
    public internal(set) var timingParameters: any TimingCurveProvider
    /// Whether pausing, stopping, scrubbing and reversing are allowed once started (true by default;
    /// settable only while inactive).
    public var isInterruptible: Bool {
        get { interruptible }
        set { guard refuseUnlessInactive("isInterruptible") else { return }; interruptible = newValue }
    }
    /// Whether the animated views take touches while animating (true by default; settable only while inactive).
    public var isUserInteractionEnabled: Bool {
        get { userInteraction }
        set { guard refuseUnlessInactive("isUserInteractionEnabled") else { return }; userInteraction = newValue }
    }
    /// Whether hit testing is left to you (false by default).
    public var isManualHitTestingEnabled = false
    /// Whether scrubbing `fractionComplete` moves values linearly (true, the default) or along the curve.
    public var scrubsLinearly = true
    /// Whether the animator stays active and paused at the end instead of finishing (false by default).
    public var pausesOnCompletion = false
    /// The last call refused, and why.
    public internal(set) var lastUsageError: DynamicsUsageError?
    /// Drives the animator in real time while it runs, if set.
    public var realTimeDriver: RealTimeDriver? {
        didSet {
            oldValue?.stop()
            if isRunning { realTimeDriver?.start(self) }
        }
    }

    var interruptible = true
    var userInteraction = true
    let requestedDuration: TimeInterval
    let originalTiming: any TimingCurveProvider
    var groups: [AnimationGroup] = []
    var completions: [(ViewAnimatingPosition) -> Void] = []
    var reversed = false
    /// Seconds along the run (the timeline), 0 … duration.
    var time: TimeInterval = 0
    var delayRemaining: TimeInterval = 0
    /// A continuation from where the values were (after `continueAnimation` or a linear scrub).
    var segment: Segment?
    var resolved: ResolvedTiming
    /// Progress per second when the animator last ran, for handing velocity to a new spring.
    var lastProgressVelocity = 0.0
    /// Whether the values were last placed by a linear scrub (resuming then continues from them).
    var scrubbed = false

    /// An animator of `duration` seconds with the given timing (not running).
    public init(duration: TimeInterval, timingParameters parameters: any TimingCurveProvider) {
        precondition(duration.isFinite && duration >= 0, "duration: must be finite and >= 0, got \(duration)")
        requestedDuration = duration
        timingParameters = parameters
        originalTiming = parameters
        resolved = ResolvedTiming(parameters, duration: duration)
        self.duration = resolved.duration
    }

    /// An animator with a standard curve, and optionally its first animations (not running).
    public convenience init(duration: TimeInterval, curve: AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: CubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a custom cubic curve (not running).
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: CubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring that settles in `duration` (not running).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: SpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator that starts at once (after `delay`), with the curve of `options`.
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                                               animations: @escaping () -> Void,
                                               completion: ((ViewAnimatingPosition) -> Void)? = nil) -> PropertyAnimator {
        let animator = PropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        if delay > 0 { animator.startAnimation(afterDelay: delay) } else { animator.startAnimation() }
        return animator
    }

    // MARK: - Adding

    /// Adds animations: runs `animation` now, capturing the changes it makes, and plays them over
    /// the rest of the run. Refused while stopped.
    public func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that start `delayFactor` (0 … 1) of the remaining time later and end with
    /// the others. (Apple's text says "of the remaining duration" and its example implies "of the
    /// duration"; this follows the text.)
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        guard state != .stopped else { return refuse("addAnimations(_:)", "not allowed in state .stopped") }
        guard delayFactor.isFinite && delayFactor >= 0 && delayFactor <= 1 else {
            return refuse("delayFactor", "must be in 0...1, got \(delayFactor)")
        }
        let recorder = AnimationRecorder()
        recorder.record(animation)
        let now = state == .inactive ? 0 : Double(fractionComplete)
        let remaining = 1 - now
        let start = now + Double(delayFactor) * remaining
        var group = AnimationGroup(tracks: recorder.tracks, start: start, length: max(1 - start, 1e-9))
        group.apply(0, 0)
        groups.append(group)
    }

    /// Adds a block to run once when the animator finishes, with where the values ended.
    public func addCompletion(_ completion: @escaping (ViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: - Errors

    func refuse(_ call: String, _ rule: String) {
        let error = DynamicsUsageError(argument: call, rule: rule)
        lastUsageError = error
        error.log()
    }

    func refuseUnlessInactive(_ property: String) -> Bool {
        guard state == .inactive else {
            refuse(property, "can only be changed while the animator is .inactive, it is .\(state)")
            return false
        }
        return true
    }
}

/// The tracks of one animation block and when in the run they play (fractions of the run).
struct AnimationGroup {
    var tracks: [AnimationTrack]
    var start: Double
    var length: Double
    /// The progress last applied, per axis.
    var applied: (x: Double, y: Double) = (0, 0)

    mutating func apply(_ x: Double, _ y: Double) {
        applied = (x, y)
        for track in tracks { track.apply(x, y) }
    }

    /// The block's own fraction at the run's fraction `f`.
    func local(_ f: Double) -> Double {
        f <= start ? 0 : min((f - start) / length, 1)
    }
}

/// A continuation: every group moves from where it was to the target along a new curve.
struct Segment {
    var timing: ResolvedTiming
    var elapsed: TimeInterval = 0
    /// Each group's progress when the segment began.
    var starts: [(x: Double, y: Double)]
    /// The run's fraction when the segment began.
    var startFraction: Double
    /// 1 forwards, 0 reversed.
    var target: Double
}

import Foundation

/// Timing by a damped spring (UIKit's `UISpringTimingParameters`). Progress may overshoot 1.
///
/// Made from a damping ratio, the spring is tuned so that it settles (within 0.1 % of the change)
/// in the animator's duration. Made from mass, stiffness and damping (or duration and bounce), it
/// keeps its own settling time and the animator's duration is replaced by it, as in UIKit.
public struct SpringTimingParameters: TimingCurveProvider, Equatable {
    /// The damping ratio ζ: below 1 oscillates, 1 is critical, above 1 creeps.
    public let dampingRatio: Double
    /// The initial velocity, per axis, in changes per second (1 covers the whole change in a second).
    public let initialVelocity: CGVector
    /// Mass, stiffness and damping when the spring was made from them (or from duration and bounce).
    public let mass: Double?
    /// Stiffness (see `mass`).
    public let stiffness: Double?
    /// Damping coefficient (see `mass`).
    public let damping: Double?

    /// UIKit's default: damping ratio 4.56.
    public init() {
        self.init(dampingRatio: 4.56, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring that settles in the animator's duration with this damping ratio.
    public init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// As `init(dampingRatio:)`, starting with a velocity.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        precondition(ratio.isFinite && ratio > 0, "dampingRatio: must be finite and > 0, got \(ratio)")
        precondition(velocity.dx.isFinite && velocity.dy.isFinite, "initialVelocity: must be finite, got \(velocity)")
        dampingRatio = Double(ratio)
        initialVelocity = velocity
        mass = nil
        stiffness = nil
        damping = nil
    }

    /// A physical spring: ζ = damping / (2√(stiffness·mass)); the run takes its settling time.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        precondition(mass.isFinite && mass > 0, "mass: must be finite and > 0, got \(mass)")
        precondition(stiffness.isFinite && stiffness > 0, "stiffness: must be finite and > 0, got \(stiffness)")
        precondition(damping.isFinite && damping > 0, "damping: must be finite and > 0, got \(damping)")
        precondition(velocity.dx.isFinite && velocity.dy.isFinite, "initialVelocity: must be finite, got \(velocity)")
        self.mass = Double(mass)
        self.stiffness = Double(stiffness)
        self.damping = Double(damping)
        dampingRatio = Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot())
        initialVelocity = velocity
    }

    /// SwiftUI's perceptual spring: mass 1, stiffness (2π/duration)², damping ratio 1 − bounce
    /// (or 1/(1 + bounce) for negative bounce); bounce in −1 … 1.
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        precondition(duration.isFinite && duration > 0, "duration: must be finite and > 0, got \(duration)")
        precondition(bounce.isFinite && bounce > -1 && bounce < 1, "bounce: must be in (-1, 1), got \(bounce)")
        let k = 4 * Double.pi * Double.pi / (duration * duration)
        let zeta = bounce >= 0 ? 1 - Double(bounce) : 1 / (1 + Double(bounce))
        self.init(mass: 1, stiffness: CGFloat(k), damping: CGFloat(2 * zeta * k.squareRoot()), initialVelocity: velocity)
    }

    /// `.spring`.
    public var timingCurveType: TimingCurveType { .spring }
    /// Itself.
    public var springTimingParameters: SpringTimingParameters? { self }

    /// The spring's natural angular frequency for a run of `duration`.
    func omega(forDuration duration: TimeInterval) -> Double {
        if let mass, let stiffness { return (stiffness / mass).squareRoot() }
        // Tune ω₀ so that a spring at rest settles in `duration` (the velocity then only starts it).
        let unit = SpringSolver(omega: 1, zeta: dampingRatio).settlingTime()
        return unit / max(duration, 1e-9)
    }

    /// The physical spring's settling time, or the requested duration.
    public func effectiveDuration(forRequested duration: TimeInterval) -> TimeInterval {
        guard mass != nil else { return duration }
        return SpringSolver(omega: omega(forDuration: duration), zeta: dampingRatio)
            .settlingTime(initialVelocity: Double(initialVelocity.dx))
    }

    /// The spring's settling time (within 0.1 %) for a run of `duration` (ignored by physical springs).
    public func settlingDuration(forDuration duration: TimeInterval = 1) -> TimeInterval {
        SpringSolver(omega: omega(forDuration: duration), zeta: dampingRatio).settlingTime(initialVelocity: Double(initialVelocity.dx))
    }

    /// Unit progress at `fraction` of the run: 1 + x(t).
    public func progress(atFraction fraction: Double, duration: TimeInterval, initialVelocity v0: Double) -> Double {
        let run = effectiveDuration(forRequested: duration)
        let solver = SpringSolver(omega: omega(forDuration: duration), zeta: dampingRatio)
        return 1 + solver.state(at: fraction * run, initialVelocity: v0).x
    }

    /// The velocity (changes per second) at `fraction` of the run.
    func progressVelocity(atFraction fraction: Double, duration: TimeInterval, initialVelocity v0: Double) -> Double {
        let run = effectiveDuration(forRequested: duration)
        return SpringSolver(omega: omega(forDuration: duration), zeta: dampingRatio).state(at: fraction * run, initialVelocity: v0).v
    }

    /// The normalised initial velocity for a move from `current` to `target` by something already
    /// moving at `velocity` (points per second): each axis divided by its distance (0 where that is 0).
    public static func initialVelocity(forGestureVelocity velocity: CGPoint, from current: CGPoint, to target: CGPoint) -> CGVector {
        let dx = target.x - current.x, dy = target.y - current.y
        return CGVector(dx: dx == 0 ? 0 : velocity.x / dx, dy: dy == 0 ? 0 : velocity.y / dy)
    }
}

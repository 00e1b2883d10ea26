import Foundation

/// A fling slowing down like a scroll view (UIKit's `UIScrollView.DecelerationRate`): the velocity
/// is multiplied by `rate` every millisecond, so `v(t) = v₀ · rate^(1000 t)`.
public struct Deceleration: Equatable, Sendable {
    /// UIKit's normal rate, 0.998 per millisecond.
    public static let normalRate: Double = 0.998
    /// UIKit's fast rate, 0.99 per millisecond.
    public static let fastRate: Double = 0.99

    /// The starting velocity (points per second, per axis).
    public let initialVelocity: CGPoint
    /// The velocity multiplier per millisecond, in (0, 1).
    public let rate: Double

    /// A fling starting at `velocity` with `rate` (`normalRate` by default).
    public init(initialVelocity velocity: CGPoint, rate: Double = Deceleration.normalRate) {
        precondition(velocity.x.isFinite && velocity.y.isFinite, "initialVelocity: must be finite, got \(velocity)")
        precondition(rate > 0 && rate < 1, "rate: must be in (0, 1), got \(rate)")
        initialVelocity = velocity
        self.rate = rate
    }

    /// How far the fling goes before it stops: `v₀/1000 · rate/(1 − rate)` per axis (1000 pt/s at
    /// 0.998 comes to rest 499 pt away, at 0.99 99 pt away). Add it to the position to find where a
    /// fling would land, and snap there.
    public var projectedDistance: CGPoint {
        let k = rate / (1 - rate) / 1000
        return CGPoint(x: initialVelocity.x * k, y: initialVelocity.y * k)
    }

    /// The distance travelled after `t` seconds, per axis: `v₀/1000 · rate · (1 − rate^(1000 t)) / (1 − rate)`.
    public func distance(at t: TimeInterval) -> CGPoint {
        let f = rate * (1 - pow(rate, 1000 * max(t, 0))) / (1 - rate) / 1000
        return CGPoint(x: initialVelocity.x * f, y: initialVelocity.y * f)
    }

    /// The velocity after `t` seconds.
    public func velocity(at t: TimeInterval) -> CGPoint {
        let f = pow(rate, 1000 * max(t, 0))
        return CGPoint(x: initialVelocity.x * f, y: initialVelocity.y * f)
    }

    /// How long until the speed falls below `threshold` points per second (0 if it already is).
    public func duration(untilSpeedBelow threshold: Double = 5) -> TimeInterval {
        let speed = Double(hypot(initialVelocity.x, initialVelocity.y))
        guard speed > threshold, threshold > 0 else { return 0 }
        return log(threshold / speed) / (1000 * log(rate))
    }

    /// The initial velocity that makes a fling come to rest `distance` points away.
    public static func initialVelocity(toTravel distance: CGPoint, rate: Double = Deceleration.normalRate) -> CGPoint {
        let k = 1000 * (1 - rate) / rate
        return CGPoint(x: distance.x * k, y: distance.y * k)
    }
}

import Dynamics
import Foundation

/// A plain dynamic item: a class with a center, bounds and transform.
final class Box: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity
    var collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle
    var collisionBoundingPath: BezierPath?

    init(center: CGPoint, size: CGSize = CGSize(width: 100, height: 100)) {
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
    }
}

/// Steps an animator for `seconds` in 1/60 s frames.
func run(_ animator: DynamicAnimator, seconds: Double) {
    for _ in 0..<Int((seconds * 60).rounded()) { animator.step(by: 1.0 / 60) }
}

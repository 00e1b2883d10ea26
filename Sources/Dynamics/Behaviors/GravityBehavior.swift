import Foundation

/// Gravity for its items (UIKit's `UIGravityBehavior`): the same acceleration for every mass;
/// magnitude 1.0 is 1000 points per second squared.
///
/// Like UIKit, gravity is one vector per animator: with several gravity behaviors, the last one
/// in the hierarchy (depth first) sets it for the items of all of them. (UIKit also zeroes gravity
/// when any of them is removed; here the remaining ones keep working.)
open class GravityBehavior: ItemListBehavior {
    /// 1000 points per second squared per unit of direction.
    public static let accelerationPerUnit: CGFloat = 1000

    /// The acceleration as a vector in units of 1000 pt/s²; (0, 1) (down) by default.
    open var gravityDirection = CGVector(dx: 0, dy: 1) {
        didSet {
            if !(gravityDirection.dx.isFinite && gravityDirection.dy.isFinite) {
                let rejected = gravityDirection
                gravityDirection = oldValue
                return refuse(DynamicsUsageError(argument: "gravityDirection", rule: "components must be finite, got \(rejected)"))
            }
            storedAngle = gravityDirection == .zero ? 0 : atan2(gravityDirection.dy, gravityDirection.dx)
            setNeedsParameterUpdate()
        }
    }
    private var storedAngle: CGFloat = .pi / 2

    /// Creates gravity for `items`.
    public override init(items: [any DynamicItem]) { super.init(items: items) }

    /// The direction in radians (0 points right, π/2 down). A zero vector keeps (0, 0).
    open var angle: CGFloat {
        get { storedAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The length of the vector; 1.0 is 1000 pt/s². Setting 0 gives (0, 0) and angle 0.
    open var magnitude: CGFloat {
        get { hypot(gravityDirection.dx, gravityDirection.dy) }
        set { setAngle(storedAngle, magnitude: newValue) }
    }

    /// Sets direction and magnitude at once (computed in single precision, as UIKit does).
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite && magnitude.isFinite else {
            return refuse(DynamicsUsageError(argument: angle.isFinite ? "magnitude" : "angle", rule: "must be finite"))
        }
        let a = Float(angle), m = Float(magnitude)
        gravityDirection = CGVector(dx: CGFloat(m * cos(a)), dy: CGFloat(m * sin(a)))
        if magnitude != 0 { storedAngle = angle }
    }
}

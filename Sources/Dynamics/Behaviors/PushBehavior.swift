import Foundation

/// A force or an impulse on its items (UIKit's `UIPushBehavior`), in UIKit newtons: magnitude 1.0
/// accelerates a 100 × 100 point item of density 1 at 100 points per second squared.
open class PushBehavior: ItemListBehavior {
    /// Whether the push acts all the time or once.
    public enum Mode: Int, Sendable {
        /// A force in every step while `active`.
        case continuous = 0
        /// One impulse at the next step after becoming `active`; then `active` turns false.
        case instantaneous = 1
    }

    /// The mode, fixed at creation.
    public let mode: Mode
    /// Whether the push acts (true by default). An instantaneous push sets it back to false after firing.
    open var active = true { didSet { if active != oldValue { setNeedsParameterUpdate() } } }
    /// The force (or impulse) vector in UIKit newtons (newton-seconds); (0, 0) by default.
    open var pushDirection = CGVector.zero {
        didSet {
            if !(pushDirection.dx.isFinite && pushDirection.dy.isFinite) {
                let rejected = pushDirection
                pushDirection = oldValue
                return refuse(DynamicsUsageError(argument: "pushDirection", rule: "components must be finite, got \(rejected)"))
            }
            if pushDirection != .zero { storedAngle = atan2(pushDirection.dy, pushDirection.dx) }
            setNeedsParameterUpdate()
        }
    }
    private var storedAngle: CGFloat = 0
    private var offsets: [ObjectIdentifier: Offset] = [:]

    /// Creates a push on `items`.
    public init(items: [any DynamicItem], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    /// The direction in radians (0 by default). Unlike gravity, magnitude 0 keeps the angle.
    open var angle: CGFloat {
        get { storedAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The length of `pushDirection`.
    open var magnitude: CGFloat {
        get { hypot(pushDirection.dx, pushDirection.dy) }
        set { setAngle(storedAngle, magnitude: newValue) }
    }

    /// Sets direction and magnitude at once (in single precision, as UIKit does).
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite && magnitude.isFinite else {
            return refuse(DynamicsUsageError(argument: angle.isFinite ? "magnitude" : "angle", rule: "must be finite"))
        }
        let a = Float(angle), m = Float(magnitude)
        pushDirection = CGVector(dx: CGFloat(m * cos(a)), dy: CGFloat(m * sin(a)))
        storedAngle = angle
    }

    /// Applies the push at `center + offset` (in the animator's axes, not turning with the item)
    /// instead of at the center. A zero offset removes the entry.
    open func setTargetOffsetFromCenter(_ offset: Offset, for item: any DynamicItem) {
        guard offset.horizontal.isFinite && offset.vertical.isFinite else {
            return refuse(DynamicsUsageError(argument: "offset", rule: "must be finite, got \(offset)"))
        }
        offsets[ObjectIdentifier(item)] = offset == .zero ? nil : offset
        setNeedsParameterUpdate()
    }

    /// The offset set for `item`, or `.zero` (UIKit's documentation says "the center"; its engine
    /// and this package answer `.zero`).
    open func targetOffsetFromCenter(for item: any DynamicItem) -> Offset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    /// Whether the offset table has an entry for `item`.
    func hasOffset(_ item: any DynamicItem) -> Bool { offsets[ObjectIdentifier(item)] != nil }
}

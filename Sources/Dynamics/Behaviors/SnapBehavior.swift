import Foundation

/// Pulls an item to a point with a damped spring and turns it upright (UIKit's `UISnapBehavior`).
///
/// Built as UIKit builds it: four 4 Hz springs of 50 pt rest length from two opposite corners of
/// the item to points around the snap point, so that they hold both position and angle 0.
/// Unlike UIKit, changing `damping` on a live snap takes effect (the springs are rebuilt).
open class SnapBehavior: DynamicBehavior {
    /// The spring frequency of the four springs, in hertz.
    static let springHertz: CGFloat = 4
    /// The rest length of the four springs, in points.
    static let springLength: CGFloat = 50

    /// The item.
    public let item: any DynamicItem
    /// `[item]`, kept so that the animator's per-frame checks do not build an array.
    private let itemList: [any DynamicItem]
    /// Where the item's center goes, in the animator's coordinates.
    open var snapPoint: CGPoint {
        didSet {
            guard snapPoint.x.isFinite && snapPoint.y.isFinite else {
                let rejected = snapPoint
                snapPoint = oldValue
                return refuse(DynamicsUsageError(argument: "snapPoint", rule: "must be finite, got \(rejected)"))
            }
            anchorVersion += 1
            setNeedsParameterUpdate()
        }
    }
    /// Damping ratio of the springs: 0 oscillates most, 1 least (0.5 by default).
    open var damping: CGFloat = 0.5 {
        didSet {
            guard damping.isFinite && damping >= 0 else {
                let rejected = damping
                damping = oldValue
                return refuse(DynamicsUsageError(argument: "damping", rule: "must be finite and >= 0, got \(rejected)"))
            }
            version += 1
            setNeedsParameterUpdate()
        }
    }
    /// Bumped on every change but the snap point's, so the animator can rebuild the springs.
    private(set) var version = 0
    /// Bumped when only the snap point moved: the springs' world anchors follow without a rebuild.
    private(set) var anchorVersion = 0

    /// Creates a snap of `item` to `point`.
    public init(item: any DynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.itemList = [item]
        self.snapPoint = point
        super.init()
        if !(point.x.isFinite && point.y.isFinite) {
            snapPoint = item.center
            lastUsageError = DynamicsUsageError(argument: "point", rule: "must be finite, got \(point); the item's center is used")
            lastUsageError?.log()
        }
    }

    override var isPrimitive: Bool { true }
    override var memberItems: [any DynamicItem] { itemList }
}

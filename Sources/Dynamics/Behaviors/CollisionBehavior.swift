import Foundation

/// Collisions among its items and with boundaries (UIKit's `UICollisionBehavior`). Items of
/// different collision behaviors pass through each other; an item may be in several.
///
/// Boundary identifiers are `AnyHashable` (UIKit takes `NSCopying`): drop `as NSCopying` when
/// porting. Unlike UIKit, adding a boundary under an identifier in use replaces the old boundary
/// completely, and every collision behavior has its own group, however many there are.
open class CollisionBehavior: ItemListBehavior {
    /// What the items collide with.
    public struct Mode: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates a mode from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The behavior's items collide with each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// The behavior's items collide with its boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both (the default).
        public static let everything = Mode(rawValue: .max)
    }

    /// What the items collide with (`.everything` by default).
    open var collisionMode: Mode = .everything { didSet { if collisionMode != oldValue { setNeedsUpdate() } } }
    /// Receives began and ended contacts.
    open weak var collisionDelegate: (any CollisionBehaviorDelegate)?

    /// Whether the animator's reference bounds (view or layout bounds) are a boundary.
    open var translatesReferenceBoundsIntoBoundary = false {
        didSet {
            if translatesReferenceBoundsIntoBoundary { referenceBoundsInsets = .zero }
            boundariesDidChange()
        }
    }
    /// Insets of the reference-bounds boundary.
    private(set) var referenceBoundsInsets = EdgeInsets.zero

    /// A boundary: an open polyline (from a segment) or a closed loop (from a path).
    struct Boundary {
        var identifier: AnyHashable
        var points: [CGPoint]
        var closed: Bool
        var path: BezierPath
    }
    private(set) var boundaries: [Boundary] = []
    /// Bumped whenever the boundaries change, so the animator can rebuild them.
    private(set) var boundaryVersion = 0

    /// Creates a collision behavior for `items`.
    public override init(items: [any DynamicItem]) { super.init(items: items) }

    /// Makes the reference bounds, shrunk by `insets`, a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        guard insets.top.isFinite && insets.left.isFinite && insets.bottom.isFinite && insets.right.isFinite else {
            return refuse(DynamicsUsageError(argument: "insets", rule: "must be finite, got \(insets)"))
        }
        translatesReferenceBoundsIntoBoundary = true
        referenceBoundsInsets = insets
        boundariesDidChange()
    }

    /// Adds a boundary from a path: its first subpath, flattened and always closed into a loop.
    /// A path with fewer than two distinct points is refused.
    open func addBoundary(withIdentifier identifier: AnyHashable, for bezierPath: BezierPath) {
        let (points, _) = bezierPath.flattenedFirstSubpath()
        guard points.count >= 2, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            return refuse(DynamicsUsageError(argument: "bezierPath",
                                             rule: "invalid path for collision boundary: needs at least two distinct finite points"))
        }
        store(Boundary(identifier: identifier, points: points, closed: points.count >= 3, path: BezierPath(bezierPath)))
    }

    /// Adds a boundary segment from `p1` to `p2`.
    open func addBoundary(withIdentifier identifier: AnyHashable, from p1: CGPoint, to p2: CGPoint) {
        guard p1.x.isFinite && p1.y.isFinite && p2.x.isFinite && p2.y.isFinite && p1 != p2 else {
            return refuse(DynamicsUsageError(argument: "from/to", rule: "invalid path for collision boundary: the points must be finite and differ"))
        }
        let path = BezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        store(Boundary(identifier: identifier, points: [p1, p2], closed: false, path: path))
    }

    private func store(_ boundary: Boundary) {
        if let i = boundaries.firstIndex(where: { $0.identifier == boundary.identifier }) {
            boundaries[i] = boundary
        } else {
            boundaries.append(boundary)
        }
        boundariesDidChange()
    }

    /// A copy of the path of the boundary with `identifier`, or nil.
    open func boundary(withIdentifier identifier: AnyHashable) -> BezierPath? {
        boundaries.first { $0.identifier == identifier }.map { BezierPath($0.path) }
    }

    /// Removes the boundary with `identifier` (ignored if absent).
    open func removeBoundary(withIdentifier identifier: AnyHashable) {
        guard let i = boundaries.firstIndex(where: { $0.identifier == identifier }) else { return }
        boundaries.remove(at: i)
        boundariesDidChange()
    }

    /// The identifiers of the explicit boundaries, or nil when there are none.
    open var boundaryIdentifiers: [AnyHashable]? {
        boundaries.isEmpty ? nil : boundaries.map(\.identifier)
    }

    /// Removes every explicit boundary (the reference-bounds boundary stays).
    open func removeAllBoundaries() {
        guard !boundaries.isEmpty else { return }
        boundaries.removeAll()
        boundariesDidChange()
    }

    private func boundariesDidChange() {
        boundaryVersion += 1
        setNeedsParameterUpdate()
    }
}

/// Receives a collision behavior's contacts (UIKit's `UICollisionBehaviorDelegate`). Every method
/// has an empty default. Calls come after the frame's write-back: all began, then all ended.
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items of the behavior started touching at `p` (animator coordinates).
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at p: CGPoint)
    /// Two items of the behavior stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem)
    /// An item started touching a boundary (identifier nil for the reference bounds) at `p`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?)
}

extension CollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                                  with item2: any DynamicItem, at p: CGPoint) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?) {}
}

import Foundation

/// How an item's collision shape is made (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum DynamicItemCollisionBoundsType: UInt, Sendable {
    /// The rectangle of `bounds`, centred on `center` (the default).
    case rectangle = 0
    /// The ellipse inscribed in `bounds`: a circle when width equals height, else a convex polygon.
    case ellipse = 1
    /// `collisionBoundingPath`: a convex polygon around the item's center (the path's (0, 0)).
    case path = 2
}

/// Something an animator can move (UIKit's `UIDynamicItem`): a view, layout attributes, a group,
/// or any class of yours.
///
/// The animator reads `center`, `bounds.size`, the rotation of `transform` and the collision bounds
/// when it creates the item's body, and writes `center` and `transform` (a pure rotation) after
/// every frame in which the item moved.
public protocol DynamicItem: AnyObject {
    /// The item's center, in the animator's coordinate system (a view's superview's for views).
    var center: CGPoint { get set }
    /// Only the size is used, and only when the body is created.
    var bounds: CGRect { get }
    /// Only the rotation is used; it is written back as a pure rotation.
    var transform: CGAffineTransform { get set }
    /// The kind of collision shape; `.rectangle` unless the item says otherwise.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// The collision path for `.path` bounds, in item coordinates around the center.
    var collisionBoundingPath: BezierPath? { get }
}

extension DynamicItem {
    /// `.rectangle`.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// No path.
    public var collisionBoundingPath: BezierPath? { nil }
}

/// Items whose written-back center and angle are rounded like UIKit rounds views and layout
/// attributes: the center to the pixel grid, the angle to multiples of 1/5000 rad.
protocol PixelAlignedItem: DynamicItem {}

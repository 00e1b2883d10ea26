// UIKit's names for the facade's types, so that a file written for iOS compiles after
// `import UIKit` becomes `import UIKitCompatibility`.
@_exported import Dynamics

/// `DynamicAnimator`.
public typealias UIDynamicAnimator = DynamicAnimator
/// `DynamicAnimatorDelegate`.
public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
/// `DynamicItem`.
public typealias UIDynamicItem = DynamicItem
/// `DynamicItemCollisionBoundsType`.
public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType
/// `DynamicItemGroup`.
public typealias UIDynamicItemGroup = DynamicItemGroup
/// `DynamicBehavior`.
public typealias UIDynamicBehavior = DynamicBehavior
/// `DynamicItemBehavior`.
public typealias UIDynamicItemBehavior = DynamicItemBehavior
/// `GravityBehavior`.
public typealias UIGravityBehavior = GravityBehavior
/// `CollisionBehavior`.
public typealias UICollisionBehavior = CollisionBehavior
/// `CollisionBehaviorDelegate`.
public typealias UICollisionBehaviorDelegate = CollisionBehaviorDelegate
/// `AttachmentBehavior`.
public typealias UIAttachmentBehavior = AttachmentBehavior
/// `SnapBehavior`.
public typealias UISnapBehavior = SnapBehavior
/// `PushBehavior`.
public typealias UIPushBehavior = PushBehavior
/// `View`.
public typealias UIView = View
/// `CollectionViewLayout`.
public typealias UICollectionViewLayout = CollectionViewLayout
/// `CollectionViewLayoutAttributes`.
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
/// `EdgeInsets`.
public typealias UIEdgeInsets = EdgeInsets
/// `Offset`.
public typealias UIOffset = Offset
/// `FloatRange`.
public typealias UIFloatRange = FloatRange
/// `BezierPath`.
public typealias UIBezierPath = BezierPath
/// `FieldBehavior`.
public typealias UIFieldBehavior = FieldBehavior
/// `Region`.
public typealias UIRegion = Region
/// `ViewAnimating`.
public typealias UIViewAnimating = ViewAnimating
/// `ViewAnimatingState`.
public typealias UIViewAnimatingState = ViewAnimatingState
/// `ViewAnimatingPosition`.
public typealias UIViewAnimatingPosition = ViewAnimatingPosition
/// `PropertyAnimator`.
public typealias UIViewPropertyAnimator = PropertyAnimator
/// `TimingCurveProvider`.
public typealias UITimingCurveProvider = TimingCurveProvider
/// `TimingCurveType`.
public typealias UITimingCurveType = TimingCurveType
/// `CubicTimingParameters`.
public typealias UICubicTimingParameters = CubicTimingParameters
/// `SpringTimingParameters`.
public typealias UISpringTimingParameters = SpringTimingParameters

import Foundation

/// A collection-view layout, as far as Dynamics needs one: a content size, and
/// `invalidateLayout()`, which `DynamicAnimator(collectionViewLayout:)` calls after every frame.
/// Subclass it and override `invalidateLayout()` to react.
open class CollectionViewLayout {
    /// The size of the scrollable content; the animator's reference bounds are (0, 0, this size).
    open var collectionViewContentSize: CGSize = .zero
    /// How many times `invalidateLayout()` ran.
    public private(set) var invalidationCount = 0

    /// Creates a layout.
    public init() {}

    /// Marks the layout as needing to be recomputed.
    open func invalidateLayout() { invalidationCount += 1 }
}

/// What kind of element layout attributes describe.
public enum CollectionElementCategory: UInt, Sendable {
    /// A cell.
    case cell = 0
    /// A supplementary view (header, footer).
    case supplementaryView = 1
    /// A decoration view.
    case decorationView = 2
}

/// The position and size of one element of a collection view (UIKit's
/// `UICollectionViewLayoutAttributes`): the items of a collection-view animator.
open class CollectionViewLayoutAttributes: DynamicItem, PixelAlignedItem {
    /// The element's index path.
    public let indexPath: IndexPath
    /// Cell, supplementary view or decoration view.
    public let representedElementCategory: CollectionElementCategory
    /// The kind of a supplementary or decoration view; nil for cells.
    public let representedElementKind: String?
    /// The element's center, in the layout's content coordinates.
    open var center: CGPoint {
        get { storedCenter }
        set { storedCenter = newValue }
    }
    /// The element's size.
    open var size: CGSize = .zero
    /// The element's transform about its center.
    open var transform: CGAffineTransform {
        get { storedTransform }
        set { storedTransform = newValue }
    }
    /// `center`'s and `transform`'s storage, private so that the optimizer drops the run-time
    /// exclusivity checks on them (see `View.center`): the animator's write-back sets both on
    /// every moving element in every frame.
    private var storedCenter: CGPoint = .zero
    private var storedTransform: CGAffineTransform = .identity
    /// The element's opacity.
    open var alpha: CGFloat = 1
    /// The element's stacking order.
    open var zIndex: Int = 0
    /// `.rectangle`; override in a subclass for `.ellipse` or `.path`.
    open var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// nil; override in a subclass with `.path` bounds.
    open var collisionBoundingPath: BezierPath? { nil }
    /// Whether the element is hidden.
    open var isHidden = false

    /// Attributes for the cell at `indexPath`.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// Attributes for a supplementary view.
    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = kind
    }

    /// Attributes for a decoration view.
    public init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = kind
    }

    /// (0, 0, size).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The untransformed rectangle in content coordinates.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
}

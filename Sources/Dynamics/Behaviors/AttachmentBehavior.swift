import Foundation

/// A connection between two items, or an item and an anchor point (UIKit's `UIAttachmentBehavior`):
/// a rod or spring, a sliding joint, a rope (limit), a weld (fixed) or a pin.
open class AttachmentBehavior: DynamicBehavior {
    /// Whether the attachment joins two items or an item and an anchor.
    public enum AttachedBehaviorType: Int, Sendable {
        /// Two items.
        case items = 0
        /// An item and an anchor point.
        case anchor = 1
    }

    /// What the engine builds.
    enum Kind: Equatable {
        /// A rod, or a spring when `frequency` > 0.
        case distance
        /// Slides along `axis`, no relative rotation.
        case sliding(axis: CGVector)
        /// A rope: at most `length` apart.
        case limit
        /// A weld at the anchor.
        case fixed
        /// A pin (revolute) at the anchor.
        case pin
    }

    let kind: Kind
    /// The attached items: one for anchor attachments, two otherwise.
    public let items: [any DynamicItem]
    /// `.anchor` for the anchor initializers (as Apple documents; its engine answers `.items`
    /// everywhere, spec §17 D2), `.items` otherwise.
    public let attachedBehaviorType: AttachedBehaviorType
    let offsetA: Offset
    let offsetB: Offset
    /// Bumped on every change but the anchor's, so the animator can rebuild the joint.
    private(set) var version = 0
    /// Bumped when only the anchor point moved: the joint can follow without a rebuild.
    private(set) var anchorVersion = 0

    /// The anchor point in the animator's coordinates (`.zero` when items are attached to each other
    /// without one). Moving it keeps the length.
    open var anchorPoint: CGPoint {
        didSet {
            guard anchorPoint.x.isFinite && anchorPoint.y.isFinite else {
                let rejected = anchorPoint
                anchorPoint = oldValue
                return refuse(DynamicsUsageError(argument: "anchorPoint", rule: "must be finite, got \(rejected)"))
            }
            anchorVersion += 1
            setNeedsParameterUpdate()
        }
    }
    /// The distance kept between the attachment points (points); computed from the items'
    /// positions at creation (spec §17 D13).
    open var length: CGFloat {
        didSet { if !accepts(length, "length", allowZero: true) { length = oldValue } }
    }
    /// Damping ratio of a spring (1 is critical); 0 by default.
    open var damping: CGFloat = 0 {
        didSet { if !accepts(damping, "damping", allowZero: true) { damping = oldValue } }
    }
    /// Spring frequency in hertz; 0 (the default) is a rigid rod.
    open var frequency: CGFloat = 0 {
        didSet { if !accepts(frequency, "frequency", allowZero: true) { frequency = oldValue } }
    }
    /// Resistance to turning about a pin, in UIKit newton-metres (0 by default).
    open var frictionTorque: CGFloat = 0 {
        didSet { if !accepts(frictionTorque, "frictionTorque", allowZero: true) { frictionTorque = oldValue } }
    }
    /// How far a sliding attachment may move (points) or a pin turn (radians): infinite by
    /// default; must contain 0.
    open var attachmentRange: FloatRange = .infinite {
        didSet {
            guard !attachmentRange.minimum.isNaN, !attachmentRange.maximum.isNaN,
                  attachmentRange.minimum <= 0, attachmentRange.maximum >= 0 else {
                let rejected = attachmentRange
                attachmentRange = oldValue
                return refuse(DynamicsUsageError(argument: "attachmentRange", rule: "must contain 0 (minimum <= 0 <= maximum), got \(rejected)"))
            }
            changed()
        }
    }

    private init(kind: Kind, items: [any DynamicItem], type: AttachedBehaviorType, offsetA: Offset, offsetB: Offset,
                 anchor: CGPoint) {
        self.kind = kind
        self.items = items
        self.attachedBehaviorType = type
        self.offsetA = offsetA
        self.offsetB = offsetB
        self.anchorPoint = anchor
        let a = AttachmentBehavior.point(of: items[0], offset: offsetA)
        let b = items.count > 1 ? AttachmentBehavior.point(of: items[1], offset: offsetB) : anchor
        self.length = kind == .limit && items.count > 1
            ? hypot(items[1].center.x - items[0].center.x, items[1].center.y - items[0].center.y)
            : hypot(b.x - a.x, b.y - a.y)
        super.init()
    }

    /// Attaches the item's center to an anchor point with a rod.
    public convenience init(item: any DynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches a point of the item (center + offset, turning with the item) to an anchor with a rod.
    public init(item: any DynamicItem, offsetFromCenter offset: Offset, attachedToAnchor point: CGPoint) {
        self.kind = .distance
        self.items = [item]
        self.attachedBehaviorType = .anchor
        self.offsetA = offset
        self.offsetB = .zero
        self.anchorPoint = point
        let a = AttachmentBehavior.point(of: item, offset: offset)
        self.length = hypot(point.x - a.x, point.y - a.y)
        super.init()
    }

    /// Attaches two items' centers with a rod.
    public convenience init(item item1: any DynamicItem, attachedTo item2: any DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches a point of each item with a rod.
    public init(item item1: any DynamicItem, offsetFromCenter offset1: Offset, attachedTo item2: any DynamicItem,
                offsetFromCenter offset2: Offset) {
        self.kind = .distance
        self.items = [item1, item2]
        self.attachedBehaviorType = .items
        self.offsetA = offset1
        self.offsetB = offset2
        self.anchorPoint = .zero
        let a = AttachmentBehavior.point(of: item1, offset: offset1), b = AttachmentBehavior.point(of: item2, offset: offset2)
        self.length = hypot(b.x - a.x, b.y - a.y)
        super.init()
    }

    /// Two items that slide along `axis` through `point` relative to each other, without turning.
    open class func slidingAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                      attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding(axis: axis), items: [item1, item2], type: .items, offsetA: .zero, offsetB: .zero, anchor: point)
    }

    /// An item that slides along `axis` through `point` without turning (the axis's length is ignored).
    open class func slidingAttachment(with item: any DynamicItem, attachmentAnchor point: CGPoint,
                                      axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding(axis: axis), items: [item], type: .anchor, offsetA: .zero, offsetB: .zero, anchor: point)
    }

    /// A rope between a point of each item: they may come closer but not farther apart than now.
    open class func limitAttachment(with item1: any DynamicItem, offsetFromCenter offset1: Offset, attachedTo item2: any DynamicItem,
                                    offsetFromCenter offset2: Offset) -> AttachmentBehavior {
        let behavior = AttachmentBehavior(kind: .limit, items: [item1, item2], type: .items, offsetA: offset1, offsetB: offset2, anchor: .zero)
        let a = point(of: item1, offset: offset1), b = point(of: item2, offset: offset2)
        behavior.length = hypot(b.x - a.x, b.y - a.y)
        return behavior
    }

    /// Two items welded at `point`: they keep their relative position and angle.
    open class func fixedAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                    attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .fixed, items: [item1, item2], type: .items, offsetA: .zero, offsetB: .zero, anchor: point)
    }

    /// Two items pinned at `point`: each turns about it.
    open class func pinAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                  attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, items: [item1, item2], type: .items, offsetA: .zero, offsetB: .zero, anchor: point)
    }

    override var isPrimitive: Bool { true }
    override var memberItems: [any DynamicItem] { items }

    /// An item's center plus an offset rotated with the item.
    static func point(of item: any DynamicItem, offset: Offset) -> CGPoint {
        let t = item.transform
        let angle = t == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) ? 0 : t.rotationAngle
        let c = cos(angle), s = sin(angle)
        return CGPoint(x: item.center.x + c * offset.horizontal - s * offset.vertical,
                       y: item.center.y + s * offset.horizontal + c * offset.vertical)
    }

    private func changed() {
        version += 1
        setNeedsParameterUpdate()
    }

    private func accepts(_ value: CGFloat, _ name: String, allowZero: Bool) -> Bool {
        guard value.isFinite && (allowZero ? value >= 0 : value > 0) else {
            refuse(DynamicsUsageError(argument: name, rule: "must be finite and >= 0, got \(value)"))
            return false
        }
        changed()
        return true
    }
}

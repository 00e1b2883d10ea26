import Foundation

/// Several items moving as one rigid body (UIKit's `UIDynamicItemGroup`): each member keeps its
/// own collision shape, so groups make concave shapes. Add the group to behaviors, not its members.
public final class DynamicItemGroup: DynamicItem {
    /// The members, fixed at creation.
    public let items: [any DynamicItem]
    private var storedCenter: CGPoint
    private var storedTransform = CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    /// Each member's center relative to the group's center at creation.
    let memberOffsets: [CGPoint]

    /// Creates a group. Its center is the middle of the rectangle enclosing the members (their
    /// transforms ignored). A group may not contain a group: that stops with a message, as UIKit raises.
    public init(items: [any DynamicItem]) {
        for (i, item) in items.enumerated() {
            precondition(!(item is DynamicItemGroup),
                         "items[\(i)]: a DynamicItemGroup cannot contain another DynamicItemGroup")
        }
        self.items = items
        let union = DynamicItemGroup.union(of: items)
        storedCenter = union.isNull ? .zero : CGPoint(x: union.midX, y: union.midY)
        let c = storedCenter
        memberOffsets = items.map { CGPoint(x: $0.center.x - c.x, y: $0.center.y - c.y) }
    }

    private static func union(of items: [any DynamicItem]) -> CGRect {
        var result = CGRect.null
        for item in items {
            let s = item.bounds.size
            result = result.union(CGRect(x: item.center.x - s.width / 2, y: item.center.y - s.height / 2, width: s.width, height: s.height))
        }
        return result
    }

    /// The group's center; setting it moves every member by the same amount.
    public var center: CGPoint {
        get { storedCenter }
        set {
            let dx = newValue.x - storedCenter.x, dy = newValue.y - storedCenter.y
            storedCenter = newValue
            for item in items { item.center = CGPoint(x: item.center.x + dx, y: item.center.y + dy) }
        }
    }

    /// (0, 0, size of the rectangle enclosing the members now); `.zero` for an empty group.
    public var bounds: CGRect {
        let union = DynamicItemGroup.union(of: items)
        return union.isNull ? .zero : CGRect(origin: .zero, size: union.size)
    }

    /// The group's transform (all zero until first set, as UIKit's is). Setting it places each
    /// member at the center plus its transformed offset and gives it the same transform.
    public var transform: CGAffineTransform {
        get { storedTransform }
        set {
            guard newValue != storedTransform else { return }
            storedTransform = newValue
            for (item, offset) in zip(items, memberOffsets) {
                let moved = offset.applying(newValue)
                item.center = CGPoint(x: storedCenter.x + moved.x, y: storedCenter.y + moved.y)
                item.transform = newValue
            }
        }
    }
}

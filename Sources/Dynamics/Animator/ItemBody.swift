import DynamicsCore
import Foundation

/// What kind of item a body belongs to: it decides coordinate conversion and rounding.
enum ItemKind {
    case plain, view, attributes, group
}

/// Everything the behaviors ask of one item, resolved in depth-first order.
struct ItemConfiguration: Equatable {
    var gravity = false
    var groups: [UInt32] = []
    var facingGroups: [UInt32] = []
    var collides = false
    var elasticity = DynamicItemBehavior.Defaults.elasticity
    var friction = DynamicItemBehavior.Defaults.friction
    var density = DynamicItemBehavior.Defaults.density
    var resistance = DynamicItemBehavior.Defaults.resistance
    var angularResistance = DynamicItemBehavior.Defaults.angularResistance
    var allowsRotation = true
    var anchored = false
    var charge: CGFloat = 0

    /// Whether going from `self` to `other` needs new shapes (material or filter changed).
    func needsNewShapes(for other: ItemConfiguration) -> Bool {
        groups != other.groups || facingGroups != other.facingGroups || collides != other.collides
            || elasticity != other.elasticity || friction != other.friction || density != other.density
    }
}

/// One item's body in an animator's world: the facade's only per-item record.
final class ItemBody {
    /// Where the item object lies in memory, for the write-back to start loading it ahead (the
    /// record keeps the item alive). First, so that it shares a cache line with the object's header.
    let itemAddress: UnsafeRawPointer
    let item: any DynamicItem
    let kind: ItemKind
    /// The item as a view, when it is one (`kind` is `.view`): the write-back reads its superview
    /// in every frame, without a cast.
    let view: View?
    /// This record's index in the animator's item table (the body's and shapes' user data).
    let index: Int
    var body: BodyID
    var shapes: [ShapeID] = []
    var configuration: ItemConfiguration
    /// The collision shapes, around the center, in points.
    let geometries: [ShapeGeometry]
    /// The collision behaviors holding the item, set at every sync.
    var collisions: [CollisionBehavior] = []

    init(item: any DynamicItem, kind: ItemKind, index: Int, body: BodyID, configuration: ItemConfiguration, geometries: [ShapeGeometry]) {
        self.item = item
        self.kind = kind
        view = kind == .view ? item as? View : nil
        itemAddress = UnsafeRawPointer(Unmanaged.passUnretained(item as AnyObject).toOpaque())
        self.index = index
        self.body = body
        self.configuration = configuration
        self.geometries = geometries
    }
}

/// Encodes what a shape belongs to in its user data.
enum ShapeOwner {
    case item(Int)
    case boundary(Int)

    var userData: UInt64 {
        switch self {
        case let .item(i): return 1 << 32 | UInt64(i)
        case let .boundary(i): return 2 << 32 | UInt64(i)
        }
    }

    init?(userData: UInt64) {
        let index = Int(userData & 0xFFFF_FFFF)
        switch userData >> 32 {
        case 1: self = .item(index)
        case 2: self = .boundary(index)
        default: return nil
        }
    }
}

/// Which shapes may touch which.
///
/// Two shapes can collide when each one's category is in the other's mask, and their collision
/// groups are compatible: either both have no groups, or they share at least one group. Groups are
/// plain numbers with no limit on how many exist, so any number of independent "collision
/// behaviors" (UIKit's rule: items of different behaviors ignore each other) can be expressed.
public struct CollisionFilter: Sendable, Equatable {
    /// The categories this shape belongs to.
    public var categoryBits: UInt64
    /// The categories this shape collides with.
    public var maskBits: UInt64
    /// The collision groups this shape belongs to (kept sorted and unique).
    public var groups: [UInt32] {
        didSet { groups = Array(Set(groups)).sorted() }
    }

    /// Everything collides with everything.
    public static let `default` = CollisionFilter()

    /// Creates a filter.
    public init(categoryBits: UInt64 = 1, maskBits: UInt64 = .max, groups: [UInt32] = []) {
        self.categoryBits = categoryBits
        self.maskBits = maskBits
        self.groups = Array(Set(groups)).sorted()
    }
}

/// Whether two sorted group lists share an element, or both are empty.
@inline(__always)
func groupsCompatible(_ a: UnsafePointer<UInt32>, _ countA: Int, _ b: UnsafePointer<UInt32>, _ countB: Int) -> Bool {
    if countA == 0 && countB == 0 { return true }
    var i = 0, j = 0
    while i < countA && j < countB {
        let x = a[i], y = b[j]
        if x == y { return true }
        if x < y { i += 1 } else { j += 1 }
    }
    return false
}

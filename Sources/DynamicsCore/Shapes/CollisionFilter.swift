/// Which shapes may touch which.
///
/// Two shapes can collide when each one's category is in the other's mask, and their collision
/// groups are compatible: both have no groups at all; or they share a group; or one of them
/// *faces* a group the other belongs to. Groups are plain numbers below 2³¹ with no limit on how
/// many exist, so any number of independent "collision behaviors" can be expressed: UIKit's items
/// of one behavior share its group, and items that should meet only the behavior's boundaries face
/// the boundaries' group without joining it (so they pass through each other).
public struct CollisionFilter: Sendable, Equatable {
    /// The categories this shape belongs to.
    public var categoryBits: UInt64
    /// The categories this shape collides with.
    public var maskBits: UInt64
    /// The collision groups this shape belongs to (kept sorted and unique).
    public var groups: [UInt32] {
        didSet { groups = Array(Set(groups)).sorted() }
    }
    /// Groups whose members this shape collides with although it does not belong to them
    /// (kept sorted and unique). Two shapes that only face the same group do not collide.
    public var facingGroups: [UInt32] {
        didSet { facingGroups = Array(Set(facingGroups)).sorted() }
    }

    /// The largest group number plus one.
    public static let groupLimit: UInt32 = 1 << 31

    /// Everything collides with everything.
    public static let `default` = CollisionFilter()

    /// Creates a filter.
    public init(categoryBits: UInt64 = 1, maskBits: UInt64 = .max, groups: [UInt32] = [], facingGroups: [UInt32] = []) {
        self.categoryBits = categoryBits
        self.maskBits = maskBits
        self.groups = Array(Set(groups)).sorted()
        self.facingGroups = Array(Set(facingGroups)).sorted()
    }

    func validate() throws(DynamicsError) {
        for g in groups where g >= Self.groupLimit {
            throw DynamicsError(argument: "filter.groups", rule: "group numbers must be below 2^31, got \(g)")
        }
        for g in facingGroups where g >= Self.groupLimit {
            throw DynamicsError(argument: "filter.facingGroups", rule: "group numbers must be below 2^31, got \(g)")
        }
    }

    /// The pooled form: member groups, then faced groups with the top bit set; both runs sorted.
    var pooledGroups: [UInt32] { groups + facingGroups.map { $0 | CollisionFilter.groupLimit } }
}

/// Whether two pooled group lists (sorted members, then sorted faced groups with the top bit set)
/// share a member group, or one faces a group of the other, or both are empty.
@inline(__always)
func groupsCompatible(_ a: UnsafePointer<UInt32>, _ countA: Int, _ b: UnsafePointer<UInt32>, _ countB: Int) -> Bool {
    if countA == 0 && countB == 0 { return true }
    let facingA = firstFacing(a, countA), facingB = firstFacing(b, countB)
    return sharesElement(a, 0, facingA, b, 0, facingB, strip: false)
        || sharesElement(a, facingA, countA, b, 0, facingB, strip: true)
        || sharesElement(a, 0, facingA, b, facingB, countB, strip: true)
}

/// The index of the first faced group in a pooled list (its count when there is none).
@inline(__always)
private func firstFacing(_ list: UnsafePointer<UInt32>, _ count: Int) -> Int {
    var i = 0
    while i < count && list[i] < CollisionFilter.groupLimit { i += 1 }
    return i
}

/// Whether two sorted runs share an element (comparing without the top bit when `strip`).
@inline(__always)
private func sharesElement(_ a: UnsafePointer<UInt32>, _ startA: Int, _ endA: Int,
                           _ b: UnsafePointer<UInt32>, _ startB: Int, _ endB: Int, strip: Bool) -> Bool {
    let clear: UInt32 = strip ? CollisionFilter.groupLimit - 1 : .max
    var i = startA, j = startB
    while i < endA && j < endB {
        let x = a[i] & clear, y = b[j] & clear
        if x == y { return true }
        if x < y { i += 1 } else { j += 1 }
    }
    return false
}

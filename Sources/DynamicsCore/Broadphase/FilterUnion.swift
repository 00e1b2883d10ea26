/// The categories and masks of every proxy placed in a grid since it was last empty, or-ed
/// together: a superset of what the grid's proxies are and collide with.
///
/// Two shapes can collide only if each one's category meets the other's mask
/// (`ShapeStore.shouldCollide`). A proxy whose filter cannot meet the union cannot pair with any
/// proxy of the grid, so its query of that grid is skipped; a grid whose union cannot meet itself
/// has no pair inside it. Box2D's trees prune their queries by category the same way. In a scene
/// where one kind of shape ignores its own kind (a joint grid whose circles never touch each
/// other), the pair search then queries nothing at all.
struct FilterUnion: Equatable {
    var categories: UInt64 = 0
    var masks: UInt64 = 0

    /// Adds a proxy's filter.
    @inline(__always)
    mutating func add(category: UInt64, mask: UInt64) {
        categories |= category
        masks |= mask
    }

    /// Whether a shape with `category` and `mask` may collide with some proxy of the grid.
    @inline(__always)
    func admits(category: UInt64, mask: UInt64) -> Bool {
        (mask & categories) != 0 && (category & masks) != 0
    }

    /// Whether some proxy of this union may collide with some proxy of `other`.
    @inline(__always)
    func mayPair(with other: FilterUnion) -> Bool {
        other.admits(category: categories, mask: masks)
    }
}

/// An axis-aligned bounding box.
public struct AABB: Hashable, Sendable, BitwiseCopyable {
    /// The lower corner.
    public var lower: Vec2
    /// The upper corner.
    public var upper: Vec2

    /// Creates a box from its corners.
    @inlinable
    public init(lower: Vec2, upper: Vec2) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether two boxes overlap (touching counts).
    @inlinable @inline(__always)
    public func overlaps(_ other: AABB) -> Bool {
        !(other.lower.x > upper.x || other.lower.y > upper.y || lower.x > other.upper.x || lower.y > other.upper.y)
    }

    /// Whether this box contains another entirely.
    @inlinable @inline(__always)
    public func contains(_ other: AABB) -> Bool {
        lower.x <= other.lower.x && lower.y <= other.lower.y && other.upper.x <= upper.x && other.upper.y <= upper.y
    }

    /// The smallest box containing both.
    @inlinable @inline(__always)
    public func union(_ other: AABB) -> AABB {
        AABB(lower: pointwiseMin(lower, other.lower), upper: pointwiseMax(upper, other.upper))
    }

    /// The box grown by `margin` on every side.
    @inlinable @inline(__always)
    public func expanded(by margin: Float) -> AABB {
        AABB(lower: lower - Vec2(repeating: margin), upper: upper + Vec2(repeating: margin))
    }

    /// The size of the box.
    @inlinable
    public var extent: Vec2 { upper - lower }

    /// Whether all corners are finite and ordered.
    @inlinable
    public var isValid: Bool { lower.isFinite && upper.isFinite && lower.x <= upper.x && lower.y <= upper.y }
}

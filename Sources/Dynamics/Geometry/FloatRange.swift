import Foundation

/// A range of values from `minimum` to `maximum` (UIKit's `UIFloatRange`), used by attachment
/// limits: points along a sliding axis, or radians about a pin.
public struct FloatRange: Hashable, Sendable {
    /// The lower end (≤ 0 for attachment ranges).
    public var minimum: CGFloat
    /// The upper end (≥ 0 for attachment ranges).
    public var maximum: CGFloat

    /// Creates a range.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Creates the range (0, 0).
    public init() { self.init(minimum: 0, maximum: 0) }

    /// (0, 0): no motion allowed.
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    /// (−∞, +∞): no limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)

    /// Whether the range reaches beyond the largest finite Float on both sides
    /// (so ±1e39 counts; NaN does not).
    public var isInfinite: Bool {
        minimum <= -CGFloat(Float.greatestFiniteMagnitude) && maximum >= CGFloat(Float.greatestFiniteMagnitude)
    }
}

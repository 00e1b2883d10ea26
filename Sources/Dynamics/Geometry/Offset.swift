import Foundation

/// An offset from an item's center (UIKit's `UIOffset`), in points.
public struct Offset: Hashable, Sendable {
    /// Horizontal offset.
    public var horizontal: CGFloat
    /// Vertical offset.
    public var vertical: CGFloat

    /// No offset.
    public static let zero = Offset(horizontal: 0, vertical: 0)

    /// Creates an offset.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Creates a zero offset.
    public init() { self = .zero }
}

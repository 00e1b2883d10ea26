import Foundation

/// Insets for each edge of a rectangle (UIKit's `UIEdgeInsets`); positive values shrink it.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset of the top edge.
    public var top: CGFloat
    /// Inset of the left edge.
    public var left: CGFloat
    /// Inset of the bottom edge.
    public var bottom: CGFloat
    /// Inset of the right edge.
    public var right: CGFloat

    /// No inset.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// Creates zero insets.
    public init() { self = .zero }
}

extension CGRect {
    /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

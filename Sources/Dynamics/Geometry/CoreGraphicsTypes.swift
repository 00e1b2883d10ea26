import Foundation

#if canImport(CoreGraphics)
@_exported import CoreGraphics
#else

/// A two-dimensional vector (`dx`, `dy`), as CoreGraphics defines it on Apple platforms.
public struct CGVector: Hashable, Sendable, Codable {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat

    /// The vector (0, 0).
    public static let zero = CGVector(dx: 0, dy: 0)

    /// Creates a vector from its components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates the vector (0, 0).
    public init() { self.init(dx: 0, dy: 0) }
}

/// An affine transform `[a b 0; c d 0; tx ty 1]` acting on row vectors, as CoreGraphics defines it:
/// a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).
public struct CGAffineTransform: Hashable, Sendable, Codable {
    /// Matrix entries.
    public var a, b, c, d, tx, ty: CGFloat

    /// Creates a transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The all-zero matrix (what CoreGraphics' `init()` gives).
    public init() { self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }

    /// The identity transform.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `angle` radians (clockwise on a y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let c = cos(angle), s = sin(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// A scale.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A translation.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                          c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                          tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// A rotation by `angle` applied before `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }

    /// A scale applied before `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: sx, y: sy).concatenating(self) }

    /// A translation applied before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: x, y: y).concatenating(self) }
}

extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}
#endif

extension CGAffineTransform {
    /// The rotation angle this transform carries, `atan2(b, a)` (0 for the all-zero matrix).
    var rotationAngle: CGFloat { atan2(b, a) }
}

#if !canImport(Darwin)
extension IndexPath {
    /// An index path of an item in a section, as UIKit spells it.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The item (second index).
    public var item: Int { self[1] }
    /// The section (first index).
    public var section: Int { self[0] }
}
#endif

import Foundation

/// A value a property animator can animate: it knows how to blend two of itself.
///
/// `fraction` may leave 0 … 1 (springs overshoot), so blends should extrapolate. Two-dimensional
/// values may take a separate fraction per axis (a spring's initial velocity is given per axis).
public protocol Interpolatable {
    /// The value `fraction` of the way from `from` to `to`.
    static func interpolate(from: Self, to: Self, fraction: Double) -> Self
    /// The same with a fraction per axis; by default the x fraction for everything.
    static func interpolate(from: Self, to: Self, fractionX: Double, fractionY: Double) -> Self
}

extension Interpolatable {
    /// Uses `fractionX` for the whole value.
    public static func interpolate(from: Self, to: Self, fractionX: Double, fractionY: Double) -> Self {
        interpolate(from: from, to: to, fraction: fractionX)
    }
}

extension Double: Interpolatable {
    /// Linear blend.
    public static func interpolate(from: Double, to: Double, fraction: Double) -> Double { from + (to - from) * fraction }
}

extension Float: Interpolatable {
    /// Linear blend.
    public static func interpolate(from: Float, to: Float, fraction: Double) -> Float { from + (to - from) * Float(fraction) }
}

extension CGFloat: Interpolatable {
    /// Linear blend.
    public static func interpolate(from: CGFloat, to: CGFloat, fraction: Double) -> CGFloat { from + (to - from) * CGFloat(fraction) }
}

extension CGPoint: Interpolatable {
    /// Linear blend of both coordinates.
    public static func interpolate(from: CGPoint, to: CGPoint, fraction: Double) -> CGPoint {
        interpolate(from: from, to: to, fractionX: fraction, fractionY: fraction)
    }
    /// Each coordinate with its own fraction.
    public static func interpolate(from: CGPoint, to: CGPoint, fractionX: Double, fractionY: Double) -> CGPoint {
        CGPoint(x: CGFloat.interpolate(from: from.x, to: to.x, fraction: fractionX), y: CGFloat.interpolate(from: from.y, to: to.y, fraction: fractionY))
    }
}

extension CGSize: Interpolatable {
    /// Linear blend of width and height.
    public static func interpolate(from: CGSize, to: CGSize, fraction: Double) -> CGSize {
        CGSize(width: CGFloat.interpolate(from: from.width, to: to.width, fraction: fraction),
               height: CGFloat.interpolate(from: from.height, to: to.height, fraction: fraction))
    }
}

extension CGRect: Interpolatable {
    /// Linear blend of origin and size.
    public static func interpolate(from: CGRect, to: CGRect, fraction: Double) -> CGRect {
        CGRect(origin: .interpolate(from: from.origin, to: to.origin, fraction: fraction),
               size: .interpolate(from: from.size, to: to.size, fraction: fraction))
    }
}

extension CGVector: Interpolatable {
    /// Linear blend of both components.
    public static func interpolate(from: CGVector, to: CGVector, fraction: Double) -> CGVector {
        CGVector(dx: CGFloat.interpolate(from: from.dx, to: to.dx, fraction: fraction),
                 dy: CGFloat.interpolate(from: from.dy, to: to.dy, fraction: fraction))
    }
}

extension CGAffineTransform: Interpolatable {
    /// Blends rotation, scale and translation separately (so a half-way rotation is a rotation,
    /// not a shrunken matrix); shear is blended entry by entry.
    public static func interpolate(from: CGAffineTransform, to: CGAffineTransform, fraction: Double) -> CGAffineTransform {
        let a0 = atan2(from.b, from.a), a1 = atan2(to.b, to.a)
        var delta = a1 - a0
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        let angle = a0 + delta * CGFloat(fraction)
        let sx = CGFloat.interpolate(from: hypot(from.a, from.b), to: hypot(to.a, to.b), fraction: fraction)
        let sy = CGFloat.interpolate(from: hypot(from.c, from.d), to: hypot(to.c, to.d), fraction: fraction)
        let c = cos(angle), s = sin(angle)
        return CGAffineTransform(a: sx * c, b: sx * s, c: -sy * s, d: sy * c,
                                 tx: CGFloat.interpolate(from: from.tx, to: to.tx, fraction: fraction),
                                 ty: CGFloat.interpolate(from: from.ty, to: to.ty, fraction: fraction))
    }
}

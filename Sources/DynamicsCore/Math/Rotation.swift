/// A rotation in the plane, stored as its cosine and sine.
public struct Rotation: Hashable, Sendable, BitwiseCopyable {
    /// The cosine of the angle.
    public var cosine: Float
    /// The sine of the angle.
    public var sine: Float

    /// The identity rotation.
    @inlinable
    public static var identity: Rotation { Rotation(cosine: 1, sine: 0) }

    /// Creates a rotation from its cosine and sine (assumed normalised).
    @inlinable
    public init(cosine: Float, sine: Float) {
        self.cosine = cosine
        self.sine = sine
    }

    /// Creates a rotation by an angle in radians (counter-clockwise with y up).
    @inlinable
    public init(angle: Float) {
        self.cosine = _cos(angle)
        self.sine = _sin(angle)
    }

    /// The angle in radians, in (−π, π].
    @inlinable
    public var angle: Float { _atan2(sine, cosine) }

    /// Rotates a vector.
    @inlinable @inline(__always)
    public func apply(_ v: Vec2) -> Vec2 {
        Vec2(cosine * v.x - sine * v.y, sine * v.x + cosine * v.y)
    }

    /// Rotates a vector by the inverse rotation.
    @inlinable @inline(__always)
    public func applyInverse(_ v: Vec2) -> Vec2 {
        Vec2(cosine * v.x + sine * v.y, -sine * v.x + cosine * v.y)
    }

    /// The composition `self ∘ other` (apply `other` first).
    @inlinable @inline(__always)
    public func then(_ outer: Rotation) -> Rotation {
        Rotation(cosine: outer.cosine * cosine - outer.sine * sine,
                 sine: outer.sine * cosine + outer.cosine * sine)
    }

    /// The inverse rotation.
    @inlinable @inline(__always)
    public var inverse: Rotation { Rotation(cosine: cosine, sine: -sine) }

    /// Advances the rotation by a small angle `deltaAngle` and renormalises (first-order, as the solver integrates).
    @inlinable @inline(__always)
    public func integrated(by deltaAngle: Float) -> Rotation {
        let c = cosine - deltaAngle * sine
        let s = sine + deltaAngle * cosine
        let inv = 1 / (c * c + s * s).squareRoot()
        return Rotation(cosine: c * inv, sine: s * inv)
    }

    /// The angle of `self` relative to `base`, in (−π, π].
    @inlinable
    public func relativeAngle(to base: Rotation) -> Float {
        let c = base.cosine * cosine + base.sine * sine
        let s = base.cosine * sine - base.sine * cosine
        return _atan2(s, c)
    }
}

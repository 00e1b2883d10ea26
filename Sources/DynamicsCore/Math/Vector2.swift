/// A 2D vector of 32-bit floats: positions, velocities, normals, in the world's length units.
public typealias Vec2 = SIMD2<Float>

extension SIMD2 where Scalar == Float {
    /// The dot product of two vectors.
    @inlinable @inline(__always)
    public func dot(_ other: Vec2) -> Float { x * other.x + y * other.y }

    /// The z component of the 3D cross product of two vectors in the plane.
    @inlinable @inline(__always)
    public func cross(_ other: Vec2) -> Float { x * other.y - y * other.x }

    /// The Euclidean length.
    @inlinable @inline(__always)
    public var length: Float { (x * x + y * y).squareRoot() }

    /// The squared Euclidean length.
    @inlinable @inline(__always)
    public var lengthSquared: Float { x * x + y * y }

    /// The vector scaled to unit length, or zero when the vector is (nearly) zero.
    @inlinable @inline(__always)
    public var normalized: Vec2 {
        let l = length
        return l < 1e-20 ? .zero : self / l
    }

    /// The vector turned a quarter turn counter-clockwise: (−y, x).
    @inlinable @inline(__always)
    public var leftPerpendicular: Vec2 { Vec2(-y, x) }

    /// The vector turned a quarter turn clockwise: (y, −x).
    @inlinable @inline(__always)
    public var rightPerpendicular: Vec2 { Vec2(y, -x) }

    /// Whether both components are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// The cross product of a scalar angular velocity with a vector: ω × r = (−ω·r.y, ω·r.x).
@inlinable @inline(__always)
func cross(_ w: Float, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }

/// The component-wise minimum. The standard `pointwiseMin` is generic over SIMD types and can
/// stay an out-of-line call.
@inline(__always)
func componentMin(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(min(a.x, b.x), min(a.y, b.y)) }

/// The component-wise maximum (see `componentMin`).
@inline(__always)
func componentMax(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(max(a.x, b.x), max(a.y, b.y)) }

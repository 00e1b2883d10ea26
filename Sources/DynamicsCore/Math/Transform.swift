/// A rigid transform: a rotation followed by a translation.
public struct Transform: Hashable, Sendable, BitwiseCopyable {
    /// The translation.
    public var position: Vec2
    /// The rotation.
    public var rotation: Rotation

    /// The identity transform.
    @inlinable
    public static var identity: Transform { Transform(position: .zero, rotation: .identity) }

    /// Creates a transform.
    @inlinable
    public init(position: Vec2, rotation: Rotation) {
        self.position = position
        self.rotation = rotation
    }

    /// Maps a point from local to world coordinates.
    @inlinable @inline(__always)
    public func apply(_ p: Vec2) -> Vec2 { rotation.apply(p) + position }

    /// Maps a point from world to local coordinates.
    @inlinable @inline(__always)
    public func applyInverse(_ p: Vec2) -> Vec2 { rotation.applyInverse(p - position) }

    /// The transform that maps `other`'s local frame into this transform's local frame.
    @inlinable @inline(__always)
    func relative(_ other: Transform) -> Transform {
        Transform(position: applyInverse(other.position),
                  rotation: Rotation(cosine: rotation.cosine * other.rotation.cosine + rotation.sine * other.rotation.sine,
                                     sine: rotation.cosine * other.rotation.sine - rotation.sine * other.rotation.cosine))
    }
}

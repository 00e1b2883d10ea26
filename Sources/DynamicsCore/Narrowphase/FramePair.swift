import CKernelSupport

/// A contact's two bodies side by side in four lanes, A's in lanes 0–1 and B's in lanes 2–3: their
/// origin frames (`position`, `rotation`) and, from `centers(_:_:)`, their centres of mass.
///
/// The narrowphase reuses most manifolds of a resting pile by moving them with their bodies;
/// done a body at a time in `Vec2`s, that was about a hundred instructions a contact of shuffles
/// around two-lane arithmetic. The lane functions (FramePair.h) do both bodies at once with the
/// same multiplies and adds in the same order as `Transform`, so the bits are the same.
typealias FramePair = dynamics_frame_pair

extension FramePair {
    /// The origin frames of the bodies whose records are at `a` and `b`.
    @inline(__always)
    static func origins(_ a: UnsafePointer<BodySim>, _ b: UnsafePointer<BodySim>) -> FramePair {
        dynamics_origin_frames(centerAndRotation(a), centerAndRotation(b),
                               SIMD4(lowHalf: localCenter(a), highHalf: localCenter(b)))
    }

    /// The centres of mass of the bodies whose records are at `a` and `b` (A's x, y, then B's).
    @inline(__always)
    static func centers(_ a: UnsafePointer<BodySim>, _ b: UnsafePointer<BodySim>) -> SIMD4<Float> {
        SIMD4(lowHalf: centerAndRotation(a).lowHalf, highHalf: centerAndRotation(b).lowHalf)
    }

    /// The frames `a` and `b` side by side.
    init(_ a: Transform, _ b: Transform) {
        self.init(position: SIMD4(lowHalf: a.position, highHalf: b.position),
                  rotation: SIMD4(a.rotation.cosine, a.rotation.sine, b.rotation.cosine, b.rotation.sine))
    }

    /// A's frame.
    @inline(__always)
    var a: Transform {
        Transform(position: position.lowHalf, rotation: Rotation(cosine: rotation[0], sine: rotation[1]))
    }

    /// B's frame.
    @inline(__always)
    var b: Transform {
        Transform(position: position.highHalf, rotation: Rotation(cosine: rotation[2], sine: rotation[3]))
    }

    /// B's frame in A's frame: `a.relative(b)`.
    @inline(__always)
    var relative: Transform {
        let lanes = dynamics_relative_frame(self)
        return Transform(position: lanes.lowHalf, rotation: Rotation(cosine: lanes[2], sine: lanes[3]))
    }

    /// A body record's centre of mass and rotation, which lie next to each other at its start
    /// (`FramePairTests` holds the layout to that).
    @inline(__always)
    private static func centerAndRotation(_ record: UnsafePointer<BodySim>) -> SIMD4<Float> {
        UnsafeRawPointer(record).loadUnaligned(fromByteOffset: MemoryLayout<BodySim>.offset(of: \.center)!,
                                               as: SIMD4<Float>.self)
    }

    @inline(__always)
    private static func localCenter(_ record: UnsafePointer<BodySim>) -> Vec2 {
        UnsafeRawPointer(record).loadUnaligned(fromByteOffset: MemoryLayout<BodySim>.offset(of: \.localCenter)!,
                                               as: Vec2.self)
    }
}

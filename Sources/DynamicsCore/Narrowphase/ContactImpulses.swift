/// A contact's accumulated impulses, kept for warm starting in a column beside the contacts
/// (`World.contactImpulses`, same index) rather than in the contact record.
///
/// The solver writes them back every step in colour order, that is in no order at all: into
/// 16-byte records (a column of them stays in the cache) instead of a line or two of each
/// contact's records.
struct ContactImpulses: BitwiseCopyable {
    var normal0: Float, tangent0: Float
    /// The second point's; meaningful only while the manifold has two points.
    var normal1: Float, tangent1: Float

    static var zero: ContactImpulses {
        @inline(__always) get { ContactImpulses(normal0: 0, tangent0: 0, normal1: 0, tangent1: 0) }
    }

    /// The impulses of the manifold point with feature `id`, carried over from a manifold with
    /// `pointCount` points and ids `id0`, `id1` whose impulses these are; zero for a new feature.
    @inline(__always)
    func carried(to id: UInt32, pointCount: Int32, id0: UInt32, id1: UInt32) -> (normal: Float, tangent: Float) {
        if pointCount > 0 && id0 == id { return (normal0, tangent0) }
        if pointCount > 1 && id1 == id { return (normal1, tangent1) }
        return (0, 0)
    }
}

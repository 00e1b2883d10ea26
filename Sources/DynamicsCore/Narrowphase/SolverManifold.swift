/// What the solver's preparation reads of a contact, in one 64-byte line: the manifold's normal,
/// point count, separations and anchors, and the contact's friction and restitution.
///
/// The preparation visits contacts in colour order, far apart in memory. From the 176-byte
/// contact record it gathered 92 bytes, which straddled two or three lines; from this record,
/// one line (a column's storage is 64-byte aligned). The narrowphase writes it beside the
/// contact (`Contact`), at the same index, and each contact index is written by one task.
///
/// It has points exactly while its contact is touching. The narrowphase leaves the line alone
/// for a contact that was not touching and still is not, so that a pile's many nearby but
/// untouching pairs cost no traffic here; their normals and anchors are then stale, and nothing
/// reads them.
struct SolverManifold: BitwiseCopyable {
    /// The manifold's normal, from shape A to shape B.
    var normal: Vec2
    var pointCount: Int32
    var friction: Float
    var restitution: Float
    /// Each point's separation (negative when overlapping).
    var separation0: Float
    var separation1: Float
    /// Each point relative to body A's and to body B's centre of mass, in world orientation;
    /// a point's two anchors side by side, so that the preparation reads them as one row.
    var anchorA0: Vec2, anchorB0: Vec2
    var anchorA1: Vec2, anchorB1: Vec2

    /// The record of a new contact with friction `friction` and restitution `restitution`: no
    /// points yet.
    static func empty(friction: Float, restitution: Float) -> SolverManifold {
        SolverManifold(normal: .zero, pointCount: 0, friction: friction, restitution: restitution,
                       separation0: 0, separation1: 0, anchorA0: .zero, anchorB0: .zero, anchorA1: .zero, anchorB1: .zero)
    }
}

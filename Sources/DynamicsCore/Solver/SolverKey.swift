/// A touching contact queued for the solver, with its bodies' dense indices (−1 for a body that
/// is not awake) and its manifold's point count as its key had it (1 or 2; see
/// `SolverKey.twoPoints`). The colouring writes these from the keys, so that preparing the
/// constraints in colour order does not wait on a contact read before it can look up the bodies,
/// and the preparation can put the contacts with two points first without reading them.
struct SolverSource: BitwiseCopyable {
    var contact: Int32
    var denseA: Int32
    var denseB: Int32
    var points: Int32
}

/// What the colouring needs of one contact, written by the narrowphase while it has the contact
/// and its bodies at hand: 16 bytes read in order instead of a line of each contact record and
/// two body records at random (most of the colouring's time, and the colouring runs serially).
struct SolverKey: BitwiseCopyable {
    /// The bodies' dense indices, −1 for a body that is not awake.
    var denseA: Int32
    var denseB: Int32
    var bits: UInt32
    var unused: UInt32 = 0

    /// The contact is touching and simulated: it gets a constraint.
    static let solved: UInt32 = 1 << 0
    /// One of its shapes is a segment.
    static let hasSegment: UInt32 = 1 << 1
    /// Body A (B) is awake with a finite mass: it takes a colour slot.
    static let movableA: UInt32 = 1 << 2
    static let movableB: UInt32 = 1 << 3
    /// The contact is solved and one of its bodies was asleep when the key was written: if that
    /// body wakes before the colouring, the key is written again (`World.refreshKeysOfWokenBodies`).
    static let sleepingSide: UInt32 = 1 << 4
    /// The contact is touching but neither body was awake when the key was written (a resting
    /// pile's contacts, one against the ground): if a body wakes before the colouring, the key is
    /// written again and the contact is solved in this step (`World.refreshKeysOfWokenBodies`).
    /// Such a key holds the bodies' slots in `denseA` and `denseB`, so that telling whether one
    /// woke reads no contact record.
    static let dormant: UInt32 = 1 << 5
    /// The contact is solved and its manifold had two points when the key was written. Only the
    /// order of the wide pairs' lanes follows it (`PrepareWideBlocksKernel`); each pair's point
    /// count comes from the manifolds themselves.
    static let twoPoints: UInt32 = 1 << 6

    init(denseA: Int32, denseB: Int32, bits: UInt32) {
        self.denseA = denseA
        self.denseB = denseB
        self.bits = bits
    }
}

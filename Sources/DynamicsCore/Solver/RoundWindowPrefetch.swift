import CKernelSupport

/// The contact records that the next round of the preparation reads (`ColorRounds`), prefetched
/// in order, a slice for each pair of the round being prepared.
///
/// A round's constraints follow the contacts in about their order, so the solver manifolds and
/// impulse records it reads lie in one stretch of contact indices (at rain-100k about 800
/// contacts, two thirds of them read), taken in one sweep per colour. Prefetched only a pair or
/// two ahead of use, in colour order, each line came from memory on its own; at 100 000 bodies
/// the manifolds' gather was a third of the preparation and the impulse records' a seventh (see
/// the Large Scenes article). Asked for a round ahead and in address order, the stretch streams in
/// while the round before is prepared, and the lines that no constraint reads (contacts that are
/// not touching) cost little beside it: `dynamics per-body --parts`, one thread, three rounds
/// alternating with the build before (AMD EPYC, 2026-11-30), rain-100k's preparation 60.8, 61.7,
/// 61.7 → 50.8, 49.9, 51.2 ns a body; rain-1k's 22.7 to 23.5 → 22.7 to 24.0.
struct RoundWindowPrefetch {
    /// The next contact whose records are asked for, and the end of the stretch.
    private var next = 0, end = 0
    /// Contacts asked for at each pair.
    private var perPair = 0

    /// Nothing to prefetch.
    init() {}

    /// The stretch `contacts`, spread over the `pairCount` pairs of the round being prepared; from
    /// a multiple of four, so that it takes the first impulse record's line too (the records'
    /// column is 64-byte aligned).
    init(contacts: Range<Int>, over pairCount: Int) {
        next = contacts.lowerBound & ~3
        end = contacts.upperBound
        perPair = (end - next) / max(1, pairCount) + 1
    }

    /// The contacts whose records are still to be asked for.
    var pending: Range<Int> { next..<max(next, end) }

    /// The most contacts a stretch may span for each source of the first colour it is taken from:
    /// past it (a share that reaches the joining contacts at the colour's end, which lie anywhere),
    /// the stretch would load far more lines than the round reads, and is left out.
    static let maximumSpread = 16

    /// Asks for the next slice of the stretch: each contact's solver manifold (one line each) and
    /// its impulse record's line (four records to a line, from a record at a line's start).
    @inline(__always)
    mutating func advance(manifolds: UnsafePointer<SolverManifold>, impulses: UnsafePointer<ContactImpulses>) {
        guard next < end else { return }
        let stop = min(end, next + perPair)
        for c in next..<stop {
            dynamics_prefetch(manifolds + c)
            if c & 3 == 0 { dynamics_prefetch(impulses + c) }
        }
        next = stop
    }
}

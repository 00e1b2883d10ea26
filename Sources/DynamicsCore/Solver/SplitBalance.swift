/// Where the split colouring cuts the awake range (see `ContactSplitKernel`), moved from step to
/// step so that the lower and the upper part hold about as many contacts each.
///
/// Cutting at half the awake range left the parts as unequal as the bodies' contacts are: in the
/// junkyard, whose pile fills the lower half while the upper half still falls, the lower part
/// held 1 925 of a colour's 2 136 contacts, so one thread coloured most of them and, in the
/// contact passes, each thread's half of a colour reached into the other's bodies. The split
/// pass counts every eighth solved contact by its highest movable dense index, in 256ths of the
/// awake range; the next step cuts where that count reaches half. The cut is state, built from the
/// contacts alone, so it is the same for any number of threads.
struct SplitBalance: ~Copyable {
    /// The cut's resolution: buckets across the awake range.
    static let buckets = 256
    /// The split pass counts one contact in this many (from the first of each contact half).
    static let sampling = 8
    /// Counts per contact half (see `ContactSplitKernel`): `buckets` buckets and one slot that
    /// absorbs the contacts not counted.
    static let stride = buckets + 1

    /// The cut, in buckets: the first bucket of the upper part.
    private(set) var boundary = buckets / 2
    /// The split pass's counts, `2 × stride`.
    var counts = Column<Int32>()

    /// The first dense index of the upper part for `awake` awake bodies.
    func half(awake: Int) -> Int32 {
        Int32(truncatingIfNeeded: awake * boundary / Self.buckets)
    }

    /// Fixed-point factor that maps a dense index below `awake` to its bucket (`index × factor >> 32`).
    static func bucketFactor(awake: Int) -> UInt64 {
        (UInt64(buckets) << 32) / UInt64(max(awake, 1))
    }

    /// Zeroes the counts before the split pass.
    mutating func clear() {
        counts.resize(to: 2 * Self.stride, filling: 0)
        counts.fill(0)
    }

    /// Moves the cut to the bucket boundary nearest to half of the counted contacts.
    mutating func update() {
        let c = counts.base
        var total = 0
        for b in 0..<Self.buckets { total += Int(c[b]) + Int(c[Self.stride + b]) }
        guard total > 0 else { return }
        var below = 0
        for b in 1..<Self.buckets {
            let previous = below
            below += Int(c[b - 1]) + Int(c[Self.stride + b - 1])
            if 2 * below >= total {
                // Cut before or after bucket b − 1, whichever leaves the halves closer.
                boundary = total - 2 * previous <= 2 * below - total ? b - 1 : b
                boundary = max(1, boundary)
                return
            }
        }
        boundary = Self.buckets - 1
    }
}

/// One part of the split contact colouring (see `SplitColoringKernel`): its solved contacts in
/// contact order, with their bodies and colours, and how many it put in each colour.
struct ColoringPart: ~Copyable {
    var sources = Column<SolverSource>()
    var colors = Column<Int32>()
    /// Constraints per colour; the last entry is the overflow.
    var counts = Column<Int32>()
}

/// What `ContactSplitKernel` found in one half of the contacts (by index), in contact order:
/// the contacts of each part, and the contacts with a segment.
struct ContactSplitRange: ~Copyable {
    var lower = Column<Int32>()
    var upper = Column<Int32>()
    var joining = Column<Int32>()
    var segments = Column<Int32>()
}

/// The three parts of a split colouring: below the cut, above it, joining.
final class ColoringParts {
    static let count = 3
    static let lower = 0, upper = 1, joining = 2
    let base: UnsafeMutablePointer<ColoringPart>
    /// The two halves of the contact range that `ContactSplitKernel` sorts into the parts.
    let ranges: UnsafeMutablePointer<ContactSplitRange>

    init() {
        base = .allocate(capacity: Self.count)
        for i in 0..<Self.count { (base + i).initialize(to: ColoringPart()) }
        ranges = .allocate(capacity: 2)
        for i in 0..<2 { (ranges + i).initialize(to: ContactSplitRange()) }
    }

    deinit {
        base.deinitialize(count: Self.count)
        base.deallocate()
        ranges.deinitialize(count: 2)
        ranges.deallocate()
    }
}

/// Sorts the contacts, by halves of the contact range in parallel, into the parts of the split
/// colouring: solved contacts whose movable bodies all lie below the cut in the awake range (or
/// that have none), those whose movable bodies all lie at or above it, and those with a movable
/// body on each side (joining); and lists the contacts with a segment. Without branches: every
/// contact writes an entry to each list, and only the lists it belongs to advance. Counts every
/// eighth contact, if solved with a movable body, by its highest movable dense index, for the
/// next step's cut (`SplitBalance`).
struct ContactSplitKernel: ChunkKernel {
    var keys: UnsafePointer<SolverKey>
    var count: Int
    /// The first dense index of the upper part (`SplitBalance.half`).
    var half: Int32
    var ranges: UnsafeMutablePointer<ContactSplitRange>
    /// `SplitBalance.counts`: per contact half, `SplitBalance.stride` counts.
    var balance: UnsafeMutablePointer<Int32>
    /// `SplitBalance.bucketFactor` for the awake count.
    var bucketFactor: UInt64

    func run(_ range: Range<Int>) {
        for r in range {
            let start = count * r / 2, end = count * (r + 1) / 2
            let out = ranges + r
            out.pointee.lower.resizeUninitialized(to: end - start)
            out.pointee.upper.resizeUninitialized(to: end - start)
            out.pointee.joining.resizeUninitialized(to: end - start)
            out.pointee.segments.resizeUninitialized(to: end - start)
            let lower = out.pointee.lower.base, upper = out.pointee.upper.base
            let joining = out.pointee.joining.base, segments = out.pointee.segments.base
            var nLower = 0, nUpper = 0, nJoining = 0, nSegments = 0
            let buckets = balance + r * SplitBalance.stride
            for i in start..<end {
                let key = keys[i]
                let bits = key.bits
                // In integer bits rather than Bools: `&&` on Bools compiled to branches, and
                // which side can move is as good as random (a third of this pass was mispredicts).
                let solved = Int(bits & SolverKey.solved != 0 ? 1 : 0)
                let movableA = bits & SolverKey.movableA != 0 ? 1 : 0, movableB = bits & SolverKey.movableB != 0 ? 1 : 0
                let belowA = Int(UInt32(bitPattern: key.denseA &- half) >> 31)
                let belowB = Int(UInt32(bitPattern: key.denseB &- half) >> 31)
                let lowerSide = (movableA & belowA) | (movableB & belowB)
                let upperSide = (movableA & (belowA ^ 1)) | (movableB & (belowB ^ 1))
                let index = Int32(truncatingIfNeeded: i)
                lower[nLower] = index
                nLower &+= solved & (upperSide ^ 1)
                upper[nUpper] = index
                nUpper &+= solved & (lowerSide ^ 1) & upperSide
                // Joining contacts (across the cut) and contacts with a segment are few: a branch
                // that is nearly always skipped costs less than a store and a count each.
                if solved & lowerSide & upperSide != 0 {
                    joining[nJoining] = index
                    nJoining &+= 1
                }
                if bits & SolverKey.hasSegment != 0 {
                    segments[nSegments] = index
                    nSegments &+= 1
                }
            }
            // One contact in `SplitBalance.sampling`: counted in the loop above, the increments
            // (of one bucket after another, the contacts following their bodies) doubled this pass.
            for i in Swift.stride(from: start, to: end, by: SplitBalance.sampling) {
                let key = keys[i]
                let solved = key.bits & SolverKey.solved != 0
                let movableA = key.bits & SolverKey.movableA != 0, movableB = key.bits & SolverKey.movableB != 0
                // The highest movable dense index (−1: none), its bucket, or the slot past them.
                let highest = max(movableA ? key.denseA : -1, movableB ? key.denseB : -1)
                let bucket = Int((UInt64(UInt32(bitPattern: highest)) &* bucketFactor) >> 32)
                buckets[solved && highest >= 0 ? bucket : SplitBalance.buckets] &+= 1
            }
            out.pointee.lower.resizeUninitialized(to: nLower)
            out.pointee.upper.resizeUninitialized(to: nUpper)
            out.pointee.joining.resizeUninitialized(to: nJoining)
            out.pointee.segments.resizeUninitialized(to: nSegments)
        }
    }
}

/// Colours the parts of the split colouring (see `ContactSplitKernel`): the lower and upper
/// parts at once, as they share no body that takes a colour slot; each greedily, in contact
/// order, with the same colours and its own words of `GraphColoring`. The joining part is
/// coloured afterwards (serially, by the caller: `run` with the joining part alone), seeing
/// both halves' colours.
///
/// The cut depends on the awake count and the last step's contacts (`SplitBalance`), never on
/// the number of threads, so the colours are the same for any worker count. With the bodies in locality order (`World.improveLocality`),
/// or built row by row, few contacts join the halves.
struct SplitColoringKernel: ChunkKernel {
    var keys: UnsafePointer<SolverKey>
    var words: UnsafeMutablePointer<UInt32>
    /// A word that stays 0, and each part's word that absorbs writes for sides without a slot.
    var zeroSlot: Int
    var sinkSlots: (lower: Int, upper: Int)
    var parts: UnsafeMutablePointer<ColoringPart>
    var ranges: UnsafeMutablePointer<ContactSplitRange>

    func run(_ range: Range<Int>) {
        for p in range { color(part: p) }
    }

    private func color(part p: Int) {
        let part = parts + p
        let total = list(0, p).count + list(1, p).count
        part.pointee.sources.resizeUninitialized(to: total)
        part.pointee.colors.resizeUninitialized(to: total)
        part.pointee.counts.resize(to: GraphColoring.maxColors + 1, filling: 0)
        part.pointee.counts.fill(0)
        let sources = part.pointee.sources.base, colors = part.pointee.colors.base, counts = part.pointee.counts.base
        let zero = zeroSlot, sink = p == ColoringParts.upper ? sinkSlots.upper : sinkSlots.lower
        var n = 0
        for r in 0..<2 {
            let list = self.list(r, p)
            for k in 0..<list.count {
                let i = Int(list[k])
                let key = keys[i]
                let movableA = key.bits & SolverKey.movableA != 0, movableB = key.bits & SolverKey.movableB != 0
                colors[n] = GraphColoring.assign(words: words, counts: counts,
                                                 readA: movableA ? Int(key.denseA) : zero, writeA: movableA ? Int(key.denseA) : sink,
                                                 readB: movableB ? Int(key.denseB) : zero, writeB: movableB ? Int(key.denseB) : sink,
                                                 count: 1)
                sources[n] = SolverSource(contact: Int32(i), denseA: key.denseA, denseB: key.denseB,
                                          points: key.bits & SolverKey.twoPoints != 0 ? 2 : 1)
                n += 1
            }
        }
    }

    /// Part `p`'s contacts from contact half `r`.
    private func list(_ r: Int, _ p: Int) -> UnsafeBufferPointer<Int32> {
        let range = ranges + r
        switch p {
        case ColoringParts.lower: return UnsafeBufferPointer(range.pointee.lower.buffer)
        case ColoringParts.upper: return UnsafeBufferPointer(range.pointee.upper.buffer)
        default: return UnsafeBufferPointer(range.pointee.joining.buffer)
        }
    }
}

/// Writes each part's sources to their places in colour order: colour by colour, the lower
/// part's, then the upper part's, then the joining ones, each in contact order.
struct ColorScatterKernel: ChunkKernel {
    var parts: UnsafeMutablePointer<ColoringPart>
    /// Per part, `GraphColoring.maxColors + 1` cursors: where its next constraint of each colour goes.
    var cursors: UnsafeMutablePointer<Int32>
    var ordered: UnsafeMutablePointer<SolverSource>

    func run(_ range: Range<Int>) {
        for p in range {
            let part = parts + p
            let cursor = cursors + p * (GraphColoring.maxColors + 1)
            let colors = part.pointee.colors.base, sources = part.pointee.sources.base
            for k in 0..<part.pointee.sources.count {
                let color = Int(colors[k])
                ordered[Int(cursor[color])] = sources[k]
                cursor[color] &+= 1
            }
        }
    }
}

import CKernelSupport

/// Builds the wide blocks of the coloured contacts directly, round by round (`ColorRounds`), so no
/// scalar copy of a constraint is written or read.
///
/// Within each colour's share of a round, the contacts whose keys had two points are taken first
/// and those with one after them (`wideSources`), and each pair notes whether any of its lanes'
/// manifolds has a second point (`pointCounts`, from the manifolds themselves: a key written
/// before its body woke may be out of date). A pair of one point is then solved without reading
/// or writing its second point (`secondPoints`, 288 bytes beside the pair's 512), on every pass:
/// in a pile of circles and polygons most contacts touch at one point (rain-10k: 74 %, and 69 %
/// of its pairs). The lanes of a colour share no body, so the order within a colour changes no
/// lane's arithmetic; only which lanes a block's impact sweep revisits with it (`sweep_if_fast`)
/// depends on it, and the order is the same for any worker count.
struct PrepareWideBlocksKernel: ChunkKernel {
    var scalar: PrepareContactsKernel
    /// The coloured sources (`World.orderedSources`).
    var ordered: UnsafePointer<SolverSource>
    /// The same sources as the pairs take them (`World.wideSources`), written here.
    var wideSources: UnsafeMutablePointer<SolverSource>
    var pairs: UnsafeMutablePointer<WideContactPair>
    /// Each pair's second point (`World.wideSecondPoints`).
    var secondPoints: UnsafeMutablePointer<WidePointPair>
    var extras: UnsafeMutablePointer<WideContactExtra>
    /// Each pair's normal impulses at the step start (`World.wideStartImpulses`), written here.
    var startImpulses: UnsafeMutablePointer<SIMD8<Float>>
    /// Each pair's point count (1 or 2) and whether it began the step speculative
    /// (`BlockShape.pairByte`), written here.
    var pointCounts: UnsafeMutablePointer<UInt8>
    /// Constraint ranges per colour in `ordered` (`maxColors + 2` entries).
    var colorOffsets: UnsafePointer<Int32>
    /// Where lanes without a movable body gather from (`SolverContext.restingIndex`).
    var restingIndex: Int32
    /// Whether each pair is prepared in C eight lanes at a time (`dynamics_prepare_pair`, at the
    /// AVX level), rather than as two blocks in Swift (`PrepareContactsKernel.prepareBlock`).
    var pairsAtOnce: Bool
    /// The rounds the colours' pairs are taken in; the kernel runs over rounds.
    var rounds: ColorRounds

    /// Whether this build and processor prepare pairs in C (`pairsAtOnce`): at the contact
    /// passes' AVX level, so that `DYNAMICS_KERNELS=baseline` keeps the Swift preparation too.
    static var preparesPairs: Bool {
        dynamics_prepare_pair_available() != 0 && dynamics_current_kernel_level() == dynamics_kernels_avx
    }

    /// Prepares rounds `range` of the colours' block pairs. Pair `k` holds blocks 2k and 2k + 1
    /// of one colour, and sources 8 at a time from its colour's first. Each round's shares are
    /// reordered first, so that the prefetch runs a fixed number of pairs ahead through the
    /// whole round: stopped at the end of each share, it left the first pairs of the next
    /// unfetched (rain-100k, one thread, the preparation's samples against the narrowphase's:
    /// 0.34 and 0.33 before the reordering, 0.42 and 0.40 with the prefetch stopping at each
    /// share's end, 0.33 and 0.29 with it running through the round). Alongside, the next round's
    /// records are asked for as one stretch (`nextRoundWindow`).
    func run(_ range: Range<Int>) {
        var inputs = scalar.pairInputs(restingIndex: restingIndex)
        // The streamed pairs before this task's completion, which the passes' threads wait on.
        defer { if inputs.streamsPairs != 0 { dynamics_store_fence() } }
        let sources = UnsafeRawPointer(wideSources).assumingMemoryBound(to: dynamics_solver_source.self)
        for r in range {
            for color in 0..<rounds.colorCount {
                let share = sourceRange(of: rounds.pairs(of: color, inRound: r), color: color)
                if !share.isEmpty { takeTwoPointsFirst(share) }
            }
            var window = nextRoundWindow(after: r, in: range)
            // The round's first pairs now, then each pair `pairsAhead` before it is prepared.
            var ahead = RoundCursor(rounds: rounds, round: r)
            for _ in 0..<Self.pairsAhead { prefetchPair(at: &ahead) }
            for color in 0..<rounds.colorCount {
                let colorFirstPair = rounds.firstPair(of: color)
                let colorFirst = Int(colorOffsets[color]), colorEnd = Int(colorOffsets[color + 1])
                for k in rounds.pairs(of: color, inRound: r) {
                    prefetchPair(at: &ahead)
                    window.advance(manifolds: scalar.manifolds, impulses: scalar.impulses)
                    let pairFirst = colorFirst + (k - colorFirstPair) * 8
                    // Every pair of a colour has a source (a colour has ⌈n / 8⌉ pairs).
                    let count = min(8, colorEnd - pairFirst)
                    if pairsAtOnce {
                        let byte = dynamics_prepare_pair(pairs + k, secondPoints + k, extras + k, startImpulses + k,
                                                         sources + pairFirst, Int32(count), &inputs)
                        pointCounts[k] = UInt8(truncatingIfNeeded: byte)
                    } else {
                        let firstBlock = prepareBlock(2 * k, sources: pairFirst, count: min(4, count))
                        let secondBlock = prepareBlock(2 * k + 1, sources: pairFirst + 4, count: count - 4)
                        pointCounts[k] = firstBlock.joined(secondBlock).pairByte
                    }
                }
            }
        }
    }

    /// The records of round `r + 1`, to be prefetched while round `r` is prepared, if that round
    /// is this task's too (`range`): the contacts from the first to the last source of the first
    /// colour's share, which span about the contacts of every colour's share
    /// (`RoundWindowPrefetch`). The sources come from `ordered`: the round's own order in
    /// `wideSources` is written only when the round is prepared.
    func nextRoundWindow(after r: Int, in range: Range<Int>) -> RoundWindowPrefetch {
        guard r + 1 < range.upperBound, rounds.colorCount > 0 else { return RoundWindowPrefetch() }
        let share = sourceRange(of: rounds.pairs(of: 0, inRound: r + 1), color: 0)
        guard !share.isEmpty else { return RoundWindowPrefetch() }
        let first = Int(ordered[share.lowerBound].contact), last = Int(ordered[share.upperBound - 1].contact)
        guard last > first, last - first <= RoundWindowPrefetch.maximumSpread * share.count else {
            return RoundWindowPrefetch()
        }
        var pairCount = 0
        for color in 0..<rounds.colorCount { pairCount += rounds.pairs(of: color, inRound: r).count }
        return RoundWindowPrefetch(contacts: first..<last + 1, over: pairCount)
    }

    /// How many pairs ahead of the one being prepared the prefetch runs: the pair after next.
    static let pairsAhead = 2

    /// Prefetches the records of the pair at `cursor` (none once past the round's last) and
    /// moves the cursor on.
    @inline(__always)
    func prefetchPair(at cursor: inout RoundCursor) {
        guard cursor.color < rounds.colorCount else { return }
        prefetch(sourceRange(of: cursor.pair..<cursor.pair + 1, color: cursor.color))
        cursor.advance()
    }

    /// The sources of `color`'s pairs `pairs` (indices into every colour's pairs).
    @inline(__always)
    func sourceRange(of pairs: Range<Int>, color: Int) -> Range<Int> {
        let colorFirstPair = rounds.firstPair(of: color)
        let colorFirst = Int(colorOffsets[color]), colorEnd = Int(colorOffsets[color + 1])
        return min(colorEnd, colorFirst + (pairs.lowerBound - colorFirstPair) * 8)
            ..< min(colorEnd, colorFirst + (pairs.upperBound - colorFirstPair) * 8)
    }

    /// Copies `ordered[range]` to `wideSources[range]`, the contacts whose keys had two points
    /// first (in order) and the others after them (in reverse order). Without a branch on the
    /// count: each source is written at both ends and only one end moves on.
    @inline(__always)
    func takeTwoPointsFirst(_ range: Range<Int>) {
        // Each source as one 16-byte vector: field by field, a source took four loads and eight stores.
        let from = UnsafeRawPointer(ordered), to = UnsafeMutableRawPointer(wideSources)
        let stride = MemoryLayout<SolverSource>.stride
        var two = range.lowerBound, one = range.upperBound - 1
        for i in range {
            let s = from.load(fromByteOffset: i &* stride, as: SIMD4<Int32>.self)
            to.storeBytes(of: s, toByteOffset: two &* stride, as: SIMD4<Int32>.self)
            to.storeBytes(of: s, toByteOffset: one &* stride, as: SIMD4<Int32>.self)
            let hasTwo = s[3] > 1 ? 1 : 0
            two &+= hasTwo
            one &-= 1 &- hasTwo
        }
    }

    /// Prepares block `b` from the `count` sources at `wideSources[first...]` (none, or fewer than
    /// four: the rest of its lanes unused), and returns its shape.
    @inline(__always)
    func prepareBlock(_ b: Int, sources first: Int, count: Int) -> BlockShape {
        let block = WideBlock(pairs, secondPoints, extras, startImpulses, block: b)
        guard count > 0 else {
            for l in 0..<4 { block.setLane(l, .unused, restingIndex: restingIndex) }
            return .unused
        }
        return scalar.prepareBlock(block, wideSources + first, count: count, restingIndex: restingIndex)
    }

    /// Prefetches the solver manifolds, impulses and body records of the sources `wideSources[range]`.
    @inline(__always)
    func prefetch(_ range: Range<Int>) {
        for i in range {
            let s = wideSources[i]
            // One line: a solver manifold is 64 bytes, 64-byte aligned.
            dynamics_prefetch(scalar.manifolds + Int(s.contact))
            dynamics_prefetch(scalar.impulses + Int(s.contact))
            prefetchBody(s.denseA)
            prefetchBody(s.denseB)
        }
    }

    /// Prefetches what the block reads of a body at dense index `d` (−1: none): its inverse
    /// masses, and its state if the block reads the bodies' velocities (for impact speeds).
    @inline(__always)
    func prefetchBody(_ d: Int32) {
        guard d >= 0 else { return }
        dynamics_prefetch(scalar.inverseMasses + Int(d))
        if scalar.keepsImpactSpeeds { dynamics_prefetch(scalar.context.states + Int(d)) }
    }
}

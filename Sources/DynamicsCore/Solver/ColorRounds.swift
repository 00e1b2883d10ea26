/// The colours' block pairs taken in rounds rather than colour by colour: round r holds, of each
/// colour of P pairs, its pairs ⌊r·P/R⌋ ..< ⌊(r + 1)·P/R⌋, R being `count`.
///
/// Each colour's constraints follow the contacts in about their order, so the pairs of one round
/// belong to one stretch of contacts: a pass over the rounds that reads or writes the contacts'
/// records (solver manifolds, impulses) takes each of their lines once, where a pass colour by
/// colour went through the whole array again for every colour, using a few records of each line.
/// A thread's share of the rounds is also about the share of each colour it solves first (the
/// same with an even number of rounds): the contact passes cut every colour's pairs in the same
/// proportions.
///
/// The joints' wide blocks are taken in rounds the same way (`init(jointBlockOffsets:)`), a block
/// where a contact round has a pair of blocks: the joint passes cut each colour's blocks in halves.
struct ColorRounds {
    /// Block ranges per colour (`GraphColoring.maxColors + 1` entries; for contacts each range even).
    let wideOffsets: UnsafePointer<Int32>
    /// Log2 of the blocks an item of a round is: 1 for the contacts' pairs of blocks, 0 for joint blocks.
    let itemShift: Int32
    /// How many rounds there are.
    let count: Int
    /// Colours that have pairs are all below this one.
    let colorCount: Int

    /// How many pairs of the largest colour a round takes. At 4, the rounds' own bookkeeping (a
    /// division per colour and round) and the colours' sources read in short stretches made the
    /// large pyramid's preparation a quarter slower; at 16 it is as fast as colour by colour.
    static let pairsPerRound = 16

    /// The rounds of the colours laid out in `wideOffsets`: one per `pairsPerRound` pairs of the
    /// largest colour, at least one.
    init(wideOffsets: UnsafePointer<Int32>) { self.init(offsets: wideOffsets, itemShift: 1) }

    /// The rounds of joint blocks laid out in `jointBlockOffsets` (one block an item): one per
    /// `pairsPerRound` blocks of the largest colour, at least one.
    init(jointBlockOffsets: UnsafePointer<Int32>) { self.init(offsets: jointBlockOffsets, itemShift: 0) }

    private init(offsets: UnsafePointer<Int32>, itemShift: Int32) {
        wideOffsets = offsets
        self.itemShift = itemShift
        var most = 0, colors = 0
        for color in 0..<GraphColoring.maxColors where offsets[color + 1] > offsets[color] {
            most = max(most, Int(offsets[color + 1] - offsets[color]) >> itemShift)
            colors = color + 1
        }
        count = max(1, most / Self.pairsPerRound)
        colorCount = colors
    }

    /// The first pair (or joint block) of `color`.
    @inline(__always)
    func firstPair(of color: Int) -> Int { Int(wideOffsets[color] >> itemShift) }

    /// The pairs (indices into the pairs of every colour; or joint blocks) of `color` in round `round`.
    @inline(__always)
    func pairs(of color: Int, inRound round: Int) -> Range<Int> {
        let first = firstPair(of: color), pairCount = Int(wideOffsets[color + 1] >> itemShift) - first
        return (first + pairCount * round / count)..<(first + pairCount * (round + 1) / count)
    }
}

/// A round's pairs in the order its preparation takes them, colour by colour: where the prefetch
/// is (`color` is `rounds.colorCount` once past the round's last pair).
struct RoundCursor {
    let rounds: ColorRounds
    let round: Int
    private(set) var color = 0
    private(set) var pair: Int
    private var end: Int

    init(rounds: ColorRounds, round: Int) {
        self.rounds = rounds
        self.round = round
        let first = rounds.colorCount > 0 ? rounds.pairs(of: 0, inRound: round) : 0..<0
        pair = first.lowerBound
        end = first.upperBound
        // Colour 0's share may be empty: onto the round's first pair.
        skipEmptyShares()
    }

    /// Moves to the next pair of the round (past the last: `color` becomes `rounds.colorCount`).
    @inline(__always)
    mutating func advance() {
        guard color < rounds.colorCount else { return }
        pair += 1
        skipEmptyShares()
    }

    /// Moves past the end of a colour's share to the next colour's first pair in the round.
    @inline(__always)
    private mutating func skipEmptyShares() {
        while color < rounds.colorCount && pair >= end {
            color += 1
            guard color < rounds.colorCount else { return }
            let next = rounds.pairs(of: color, inRound: round)
            pair = next.lowerBound
            end = next.upperBound
        }
    }
}

/// Greedy graph colouring of constraints, so that no body appears twice in one colour.
///
/// Constraints of one colour can be solved in any order and on any thread with the same result;
/// colours are solved one after another. Bodies with infinite mass (static and kinematic: the caller
/// passes −1) take no colour slot; constraints never write their state.
/// Constraints that fit no colour go to an overflow colour that is solved serially.
struct GraphColoring: ~Copyable {
    static let maxColors = 24
    /// One bit per colour for each awake body: the colours it already has a constraint in. A body's
    /// colours sit in one word, so a constraint's colour is found with two loads (in a layout of one
    /// bit row per colour, each colour tried was another cache line).
    private var colorsOfBody = Column<UInt32>()
    /// Constraint ranges per colour after `finish`: colour c holds `offsets[c]..<offsets[c+1]`;
    /// the last range (index `maxColors`) is the overflow.
    var offsets = Column<Int32>()
    var counts = Column<Int32>()

    /// Three words past the bodies' (see `reset`): one that stays 0, read for a side that takes no
    /// colour slot, and two that absorb the writes for such a side, one per part of a split
    /// colouring (`SplitColoringKernel`), so that the two threads never write the same word.
    /// Each is a cache line (16 words) past the one before: with the two sinks on one line, the
    /// two threads' writes passed it back and forth and the split colouring ran 9 times slower.
    private(set) var zeroSlot = 16
    private(set) var sinkSlots = (lower: 32, upper: 48)

    /// The colour words, one per body and then the three above.
    var words: UnsafeMutablePointer<UInt32> { colorsOfBody.base }

    mutating func reset(bodyCount: Int) {
        colorsOfBody.resize(to: bodyCount + 49, filling: 0)
        colorsOfBody.fill(0)
        zeroSlot = bodyCount + 16
        sinkSlots = (bodyCount + 32, bodyCount + 48)
        counts.resize(to: Self.maxColors + 1, filling: 0)
        counts.fill(0)
    }

    /// `assign` without branches, for a loop whose contacts count or not at random: `readA` and
    /// `writeA` are body A's word, or the zero and a sink word when it takes no colour slot
    /// (likewise B); `count` is 1 to count the constraint in `counts`, 0 to leave everything as
    /// it was (the returned colour is then meaningless, and the writes must go to sinks). Colours
    /// only ever hold bits below `maxColors`, so the first free one is at most `maxColors`, the
    /// overflow, which sets no bit.
    @inline(__always)
    static func assign(words: UnsafeMutablePointer<UInt32>, counts: UnsafeMutablePointer<Int32>,
                       readA: Int, writeA: Int, readB: Int, writeB: Int, count: Int32) -> Int32 {
        let taken = words[readA] | words[readB]
        let color = (~taken).trailingZeroBitCount
        let bit = (UInt32(truncatingIfNeeded: count) << UInt32(color)) & colorBits
        words[writeA] |= bit
        words[writeB] |= bit
        counts[color] &+= count
        return Int32(color)
    }

    /// The bits of the real colours (not the overflow).
    static let colorBits: UInt32 = (1 << UInt32(maxColors)) - 1

    /// Assigns a constraint between two bodies the first colour neither has yet; returns the colour
    /// (maxColors = overflow).
    @inline(__always)
    mutating func assign(_ a: Int32, _ b: Int32) -> Int32 {
        let used = colorsOfBody.base
        let taken = (a >= 0 ? used[Int(a)] : 0) | (b >= 0 ? used[Int(b)] : 0)
        let color = (~taken).trailingZeroBitCount
        guard color < Self.maxColors else {
            counts[Self.maxColors] += 1
            return Int32(Self.maxColors)
        }
        let bit: UInt32 = 1 << UInt32(color)
        if a >= 0 { used[Int(a)] |= bit }
        if b >= 0 { used[Int(b)] |= bit }
        counts[color] += 1
        return Int32(color)
    }

    /// Turns counts into start offsets (`offsets` has `maxColors + 2` entries).
    mutating func finish() {
        offsets.resize(to: Self.maxColors + 2, filling: 0)
        var running: Int32 = 0
        for c in 0...Self.maxColors {
            offsets[c] = running
            running += counts[c]
        }
        offsets[Self.maxColors + 1] = running
    }

    /// The constraints of the last colouring, in every colour and the overflow (0 before any).
    var coloredCount: Int { offsets.count > Self.maxColors + 1 ? Int(offsets[Self.maxColors + 1]) : 0 }

    /// Where the overflow's constraints start in colour order (they run to `coloredCount`).
    var overflowStart: Int { Int(offsets[Self.maxColors]) }
}

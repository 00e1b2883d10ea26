/// Greedy graph colouring of constraints, so that no body appears twice in one colour.
///
/// Constraints of one colour can be solved in any order and on any thread with the same result;
/// colours are solved one after another. Bodies with infinite mass (static and kinematic: the caller
/// passes −1) take no colour slot; constraints never write their state.
/// Constraints that fit no colour go to an overflow colour that is solved serially.
struct GraphColoring: ~Copyable {
    static let maxColors = 24
    /// One bit per awake body per colour.
    private var bits = Column<UInt64>()
    private var words = 0
    /// Constraint ranges per colour after `finish`: colour c holds `offsets[c]..<offsets[c+1]`;
    /// the last range (index `maxColors`) is the overflow.
    var offsets = Column<Int32>()
    var counts = Column<Int32>()

    mutating func reset(bodyCount: Int) {
        words = (bodyCount + 63) / 64
        bits.resize(to: words * Self.maxColors, filling: 0)
        bits.fill(0)
        counts.resize(to: Self.maxColors + 1, filling: 0)
        counts.fill(0)
    }

    /// Assigns a colour to a constraint between two bodies; returns the colour (maxColors = overflow).
    mutating func assign(_ a: Int32, _ b: Int32) -> Int32 {
        let base = bits.base
        for color in 0..<Self.maxColors {
            let row = base + color * words
            if a >= 0 {
                let w = Int(a) >> 6, m: UInt64 = 1 << UInt64(Int(a) & 63)
                if row[w] & m != 0 { continue }
            }
            if b >= 0 {
                let w = Int(b) >> 6, m: UInt64 = 1 << UInt64(Int(b) & 63)
                if row[w] & m != 0 { continue }
            }
            if a >= 0 { row[Int(a) >> 6] |= 1 << UInt64(Int(a) & 63) }
            if b >= 0 { row[Int(b) >> 6] |= 1 << UInt64(Int(b) & 63) }
            counts[color] += 1
            return Int32(color)
        }
        counts[Self.maxColors] += 1
        return Int32(Self.maxColors)
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
}

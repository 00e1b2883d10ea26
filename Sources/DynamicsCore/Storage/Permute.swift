/// The elements a permutation moves: one position's values in one or more columns, moved
/// together (`CyclePieces`). Each method works on every column at once.
protocol CycleElements {
    /// One position's values, kept aside.
    associatedtype Held: BitwiseCopyable
    /// Starts loading position `i`'s values.
    func prefetch(_ i: Int)
    /// Position `i`'s values.
    func load(_ i: Int) -> Held
    /// Writes `held` to position `i`.
    func store(_ held: Held, at i: Int)
    /// Copies position `from`'s values to position `to`.
    func move(from: Int, to: Int)
}

/// Three columns whose elements at one position belong together (a contact, its impulses and
/// its solver manifold), moved as one by a permutation.
struct ColumnTriple<First: BitwiseCopyable, Second: BitwiseCopyable, Third: BitwiseCopyable>: CycleElements {
    let first: UnsafeMutablePointer<First>
    let second: UnsafeMutablePointer<Second>
    let third: UnsafeMutablePointer<Third>

    init(_ first: UnsafeMutablePointer<First>, _ second: UnsafeMutablePointer<Second>, _ third: UnsafeMutablePointer<Third>) {
        self.first = first; self.second = second; self.third = third
    }

    /// One position's three elements, kept aside.
    struct Held: BitwiseCopyable {
        var first: First
        var second: Second
        var third: Third
    }

    @inline(__always)
    func prefetch(_ i: Int) {
        prefetchWhole(first + i)
        prefetchWhole(second + i)
        prefetchWhole(third + i)
    }

    @inline(__always)
    func load(_ i: Int) -> Held { Held(first: first[i], second: second[i], third: third[i]) }

    @inline(__always)
    func store(_ held: Held, at i: Int) {
        first[i] = held.first; second[i] = held.second; third[i] = held.third
    }

    @inline(__always)
    func move(from: Int, to: Int) {
        first[to] = first[from]; second[to] = second[from]; third[to] = third[from]
    }
}

/// Writes out the cycles of the permutation `order` of `0..<count` to `walk` (room for `count`
/// indices) and returns their length: each cycle of two or more positions as its start,
/// complemented (so negative), then the positions it visits in turn. Fixed points are left out.
/// `order` is used as scratch and left marked (negative).
///
/// Written out first, the moves can start loading an element several moves ahead: moved as the
/// cycles were followed, each element's load waited for the one before it to be known (17 to
/// 30 ms a pass for the 200 000 contact records views-10k had with a 10 pt margin, 16 to 18.5 ms
/// written out first, one thread).
func writeCycles(of order: UnsafeMutablePointer<Int32>, count: Int, into walk: UnsafeMutablePointer<Int32>) -> Int {
    var length = 0
    for start in 0..<count where order[start] >= 0 {
        var next = Int(order[start])
        order[start] = -1
        if next == start { continue }
        walk[length] = ~Int32(start)
        length += 1
        while next != start {
            walk[length] = Int32(next)
            length += 1
            let after = Int(order[next])
            order[next] = -1
            next = after
        }
    }
    return length
}

/// How many moves ahead `CyclePieces` starts loading an element.
let permutePrefetchDistance = 8

/// Applies a permutation written out by `writeCycles` to `elements`, in pieces that can run on
/// different threads: afterwards position `p` holds what was at `order[p]`.
///
/// The walk is cut into `pieceCount` equal pieces wherever the cuts fall, also inside a cycle
/// (the longest cycle of a shuffle holds about three fifths of its elements on average). Along a
/// cycle, each position receives the old values of the next; its last position, those of its
/// start. Each piece writes only its own positions, and reads the next position's before that one
/// is written, by itself. It cannot for two: the first position of the next piece, which that
/// piece may already have written, and the start of a cycle it entered in the middle. `saveCuts`
/// keeps those aside before any piece runs (`saved`: two per piece). The result is the same for
/// any cut.
struct CyclePieces<Elements: CycleElements>: ChunkKernel {
    var elements: Elements
    var walk: UnsafePointer<Int32>
    var length: Int
    var pieceCount: Int
    /// Per piece `q`: at `2q` the old values of the next piece's first position, at `2q + 1` those
    /// of the start of the cycle that piece `q` begins inside of (each only where there is one).
    var saved: UnsafeMutablePointer<Elements.Held>

    /// How many pieces a walk of `length` moves is cut into: one per `minimumPieceLength` moves, at
    /// most `maximumPieceCount`.
    static func pieceCount(length: Int) -> Int {
        min(maximumPieceCount, max(1, length / minimumPieceLength))
    }
    static var minimumPieceLength: Int { 4096 }
    static var maximumPieceCount: Int { 16 }

    /// Where piece `q` begins (piece `pieceCount` begins at the end).
    @inline(__always)
    func cut(_ q: Int) -> Int { q * length / pieceCount }

    @inline(__always)
    static func position(_ entry: Int32) -> Int { Int(entry < 0 ? ~entry : entry) }

    /// Keeps aside what the pieces cannot read in place; call it once, before `run`.
    func saveCuts() {
        var cycleStart = 0
        for q in 1..<max(pieceCount, 1) {
            let first = cut(q), previous = cut(q - 1)
            guard first < length, walk[first] >= 0 else { continue }
            saved[2 * (q - 1)] = elements.load(Int(walk[first]))
            // The cycle piece q begins inside of started in piece q − 1, or where that one's did.
            var j = first
            while j > previous && walk[j] >= 0 { j -= 1 }
            if walk[j] < 0 { cycleStart = j }
            saved[2 * q + 1] = elements.load(Self.position(walk[cycleStart]))
        }
    }

    func run(_ range: Range<Int>) {
        for q in range { runPiece(q) }
    }

    @inline(__always)
    private func runPiece(_ q: Int) {
        let begin = cut(q), end = cut(q + 1)
        guard begin < end else { return }
        var held = begin > 0 && walk[begin] >= 0 ? saved[2 * q + 1] : elements.load(Self.position(walk[begin]))
        for j in begin..<end {
            if j + permutePrefetchDistance < end { elements.prefetch(Self.position(walk[j + permutePrefetchDistance])) }
            let entry = walk[j], here = Self.position(entry)
            if entry < 0 && j > begin { held = elements.load(here) }
            let next = j + 1
            if next < length && walk[next] >= 0 {
                if next < end { elements.move(from: Int(walk[next]), to: here) } else { elements.store(saved[2 * q], at: here) }
            } else {
                elements.store(held, at: here)
            }
        }
    }
}

/// Applies a permutation in place by following its cycles: afterwards position `i` holds what
/// was at `order[i]`. `move(from, to)` copies one element; `stash(i)` and `restore(i)` keep one
/// element aside while a cycle is walked. `order` is used as scratch and left marked (negative).
///
/// The cycles are first written out to `walk` (room for `count` indices) from `order` alone,
/// and the elements then moved in that order, each one's load started by `prefetch(i)`
/// `permutePrefetchDistance` moves ahead. Moved as the cycles were followed, each element's load
/// waited for the one before it to be known: 17 to 30 ms a pass for the 200 000 contact records
/// views-10k had with a 10 pt margin, 16 to 18.5 ms written out first (one thread).
@inline(__always)
func permuteInPlace(_ order: UnsafeMutablePointer<Int32>, count: Int, walk: UnsafeMutablePointer<Int32>,
                    prefetch: (Int) -> Void,
                    stash: (Int) -> Void, move: (_ from: Int, _ to: Int) -> Void, restore: (Int) -> Void) {
    // Each cycle of two or more: its start, complemented (so negative), then the positions it
    // visits in turn; every position appears once, so the walk is at most `count` long.
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
    var hole = -1
    for k in 0..<length {
        if k + permutePrefetchDistance < length {
            let later = walk[k + permutePrefetchDistance]
            prefetch(Int(later < 0 ? ~later : later))
        }
        let position = walk[k]
        if position < 0 {
            if hole >= 0 { restore(hole) }
            hole = Int(~position)
            stash(hole)
        } else {
            move(Int(position), hole)
            hole = Int(position)
        }
    }
    if hole >= 0 { restore(hole) }
}

/// How many moves ahead `permuteInPlace` starts loading an element.
let permutePrefetchDistance = 8

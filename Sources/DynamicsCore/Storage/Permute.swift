/// Applies a permutation in place by following its cycles: afterwards position `i` holds what
/// was at `order[i]`. `move(from, to)` copies one element; `stash(i)` and `restore(i)` keep one
/// element aside while a cycle is walked. `order` is used as scratch and left marked (negative).
@inline(__always)
func permuteInPlace(_ order: UnsafeMutablePointer<Int32>, count: Int,
                    stash: (Int) -> Void, move: (_ from: Int, _ to: Int) -> Void, restore: (Int) -> Void) {
    for start in 0..<count where order[start] >= 0 {
        if Int(order[start]) == start {
            order[start] = -1
            continue
        }
        stash(start)
        var hole = start
        while true {
            let next = Int(order[hole])
            order[hole] = -1
            if next == start {
                restore(hole)
                break
            }
            move(next, hole)
            hole = next
        }
    }
}

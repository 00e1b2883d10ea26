/// Sorts in place without allocating (the standard library's sort may allocate scratch space).
/// Heapsort: O(n log n) in every case, and the same result on every platform.
func sortInPlace<Element: Comparable>(_ buffer: UnsafeMutableBufferPointer<Element>) {
    let n = buffer.count
    guard n > 1, let base = buffer.baseAddress else { return }
    @inline(__always) func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while true {
            var child = 2 * root + 1
            guard child < end else { return }
            if child + 1 < end && base[child] < base[child + 1] { child += 1 }
            guard base[root] < base[child] else { return }
            let t = base[root]; base[root] = base[child]; base[child] = t
            root = child
        }
    }
    var start = n / 2 - 1
    while start >= 0 { siftDown(start, n); start -= 1 }
    var end = n - 1
    while end > 0 {
        let t = base[0]; base[0] = base[end]; base[end] = t
        siftDown(0, end)
        end -= 1
    }
}

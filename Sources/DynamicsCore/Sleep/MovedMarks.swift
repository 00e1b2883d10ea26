import Synchronization

/// The next free place in the moved proxies' list (`World.moveBuffer`) while the finalisation's
/// parallel pass lists the proxies it marks moved (see `MovedMarkBatch`).
final class MovedListCursor: Sendable {
    let next = Atomic<Int>(0)
}

/// The proxies one thread's share of the finalisation marked moved, a few at a time: a full
/// batch takes its places in the moved list with one atomic add and is copied there.
///
/// While most proxies move, the detached grid's proxies were marked one by one on the calling
/// thread after the parallel pass, a serial stretch of 35 µs a step in smash (9 600 boxes
/// flying). The list's order then depends on which thread finished what first, but nothing
/// that reads the list depends on its order: the pair search's candidates are sorted by key
/// before any contact is made.
struct MovedMarkBatch: ~Copyable {
    private var shapes = InlineArray<64, Int32>(repeating: 0)
    private var count = 0
    /// The moved list's storage, with room for every shape.
    let list: UnsafeMutablePointer<Int32>
    unowned(unsafe) let cursor: MovedListCursor

    init(list: UnsafeMutablePointer<Int32>, cursor: MovedListCursor) {
        self.list = list
        self.cursor = cursor
    }

    /// Adds shape `s`; a full batch goes to the list.
    @inline(__always)
    mutating func add(_ s: Int32) {
        shapes[count] = s
        count &+= 1
        if count == shapes.count { flush() }
    }

    /// Moves the batch's shapes to their places in the list.
    mutating func flush() {
        guard count > 0 else { return }
        let at = cursor.next.wrappingAdd(count, ordering: .relaxed).oldValue
        for i in 0..<count { list[at &+ i] = shapes[i] }
        count = 0
    }
}

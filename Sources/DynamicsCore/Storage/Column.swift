import CKernelSupport

/// A growable, manually managed buffer of plain values: one column of structure-of-arrays storage.
///
/// Hot loops take `base` once per pass and index it directly, with no exclusivity checks,
/// reference counting or bounds checks. Growth happens only in `append`/`reserve`, between
/// steps, and in `placeSentinel` when the column is full (once, then there is room), so a
/// steady-state step never allocates.
///
/// Storage is aligned to 64 bytes (a cache line), and from 2 MiB on Linux mapped on its own at a
/// 2 MiB boundary and marked for transparent huge pages (`dynamics_allocate_buffer`): the large
/// scenes' passes read bodies, shapes and contacts at random, and with 4 KiB pages each such read
/// could also miss the TLB. Such storage is unmapped when the column grows or goes, so a world's
/// large columns go back to the system instead of staying in the heap.
struct Column<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count: Int = 0
    private(set) var capacity: Int
    /// The storage's size in bytes as allocated (at least `capacity` elements), which
    /// `dynamics_free_buffer` needs to unmap all of a mapped block.
    private var storageBytes: Int

    init(capacity: Int = 16) {
        let storage = Self.allocateStorage(max(capacity, 1))
        base = storage.base
        self.capacity = storage.capacity
        storageBytes = storage.bytes
    }

    deinit { dynamics_free_buffer(base, storageBytes) }

    /// Storage for at least `capacity` elements, how many fit in it, and its size in bytes.
    private static func allocateStorage(_ capacity: Int) -> (base: UnsafeMutablePointer<Element>, capacity: Int, bytes: Int) {
        let stride = MemoryLayout<Element>.stride
        var usable = 0
        guard let raw = dynamics_allocate_buffer(capacity * stride, max(64, MemoryLayout<Element>.alignment), &usable) else {
            fatalError("out of memory: a column of \(capacity) \(Element.self) (\(capacity * stride) bytes)")
        }
        let fits = max(capacity, usable / stride)
        return (raw.bindMemory(to: Element.self, capacity: fits), fits, usable)
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            assert(i >= 0 && i < count, "Column index \(i) out of range 0..<\(count)")
            return base[i]
        }
        @inline(__always) nonmutating set {
            assert(i >= 0 && i < count, "Column index \(i) out of range 0..<\(count)")
            base[i] = newValue
        }
    }

    mutating func reserve(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        let newCapacity = max(minimumCapacity, capacity * 2)
        let (newBase, fits, bytes) = Self.allocateStorage(newCapacity)
        newBase.initialize(from: base, count: count)
        dynamics_free_buffer(base, storageBytes)
        base = newBase
        capacity = fits
        storageBytes = bytes
    }

    mutating func append(_ value: Element) {
        if count == capacity { reserve(count + 1) }
        base[count] = value
        count += 1
    }

    /// Sets the count, growing the storage if needed; new elements are filled with `value`.
    mutating func resize(to newCount: Int, filling value: Element) {
        reserve(newCount)
        if newCount > count { (base + count).initialize(repeating: value, count: newCount - count) }
        count = newCount
    }

    /// Sets the count without initialising new elements beyond what `resize` promises; callers overwrite them.
    mutating func resizeUninitialized(to newCount: Int) {
        reserve(newCount)
        count = newCount
    }

    /// Writes `value` just past the last element, where the next `append` will put its value,
    /// and returns that index. Readers may index it until the column next changes.
    mutating func placeSentinel(_ value: Element) -> Int {
        reserve(count + 1)
        base[count] = value
        return count
    }

    mutating func removeAll() { count = 0 }

    mutating func removeLast() {
        precondition(count > 0, "removeLast on an empty column")
        count -= 1
    }

    @inline(__always)
    func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        let t = base[i]
        base[i] = base[j]
        base[j] = t
    }

    /// Moves the last element into slot `i` and shrinks by one.
    mutating func swapRemove(at i: Int) {
        base[i] = base[count - 1]
        count -= 1
    }

    func fill(_ value: Element) { base.update(repeating: value, count: count) }

    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }
}

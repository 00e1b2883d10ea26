import Dispatch
import Synchronization

/// A fixed number of values, each at the start of its own 128-byte block, reached through
/// pointers. The pool's per-thread state lives here rather than in an array of objects: reading
/// an object out of an array retained and released it, and two threads doing that on every pass
/// fought over its reference count; two small objects allocated together also shared a cache
/// line, so one thread's claims slowed the other's. (128 bytes: two lines, since the
/// processor may fetch lines in pairs.)
struct PaddedLanes<Lane: ~Copyable>: @unchecked Sendable {
    let count: Int
    private let base: UnsafeMutableRawPointer

    /// Bytes from one lane to the next.
    static var stride: Int { 128 }

    /// `count` lanes, lane `i` initialised to `make(i)`.
    init(count: Int, _ make: (Int) -> Lane) {
        precondition(MemoryLayout<Lane>.size <= Self.stride, "a lane must fit in \(Self.stride) bytes")
        self.count = count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * Self.stride, alignment: Self.stride)
        for i in 0..<count {
            (base + i * Self.stride).bindMemory(to: Lane.self, capacity: 1).initialize(to: make(i))
        }
    }

    /// Lane `i`.
    @inline(__always)
    func lane(_ i: Int) -> UnsafeMutablePointer<Lane> {
        (base + i * Self.stride).assumingMemoryBound(to: Lane.self)
    }

    /// Deinitialises the lanes and frees their memory; the lanes must no longer be used.
    func deallocate() {
        for i in 0..<count { _ = lane(i).move() }
        base.deallocate()
    }
}

/// One thread's part of a published range: the next item to claim and the end. Claims are atomic,
/// so other threads may take chunks of it too.
struct Segment: ~Copyable {
    let next = Atomic<Int>(0)
    var end = 0
}

/// A worker's parking place, and its part in the current pass.
struct WorkerSlot: ~Copyable {
    let parked = Atomic<Bool>(false)
    /// Each worker parks on its own semaphore, so a wake-up can never be taken by another worker.
    let semaphore = DispatchSemaphore(value: 0)
    /// `open` when a pass is published, then `running` if the worker joined it (and `done` when it
    /// has finished), or `closed` if the caller finished first and shut it out.
    let pass = Atomic<Int>(WorkerSlot.done)

    static let open = 0, running = 1, done = 2, closed = 3
}

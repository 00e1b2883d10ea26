import CKernelSupport

/// What the last contact colouring was computed from, so that a step whose inputs are the same
/// can keep its result (`World.colorContacts`).
///
/// The colouring is a function of the contacts' solver keys (in contact order), the awake count
/// and the cut of the split colouring, and of nothing else; its outputs (the sources in colour
/// order, the colour offsets, the contacts with a segment, the cut) are read by the rest of the
/// step but written only by the colouring. So with the same keys, count and cut, colouring again
/// gives the same bits. In a resting pile (the pyramids) no key changes from step to step, and
/// the colouring passes were about 8 % of the step's instructions.
///
/// Where the keys change on every step (rain, a pile in motion), the comparison fails and the
/// copy is never used; leaving them out saved 1.1 to 1.3 % of the instructions of rain-10k, the
/// junkyard and the tumbler (callgrind, 1 thread). So after
/// `missesBeforeBackOff` colourings in a row that could not be kept, the keys are recorded (and
/// then compared) only on every `backOffInterval`-th colouring, until one is kept again. Which
/// colourings are kept then depends on the history of the keys alone, never on the worker count.
struct KeptContactColoring: ~Copyable {
    /// The keys the kept colouring was computed from.
    private var keys = Column<SolverKey>()
    private var awake = 0
    private var half: Int32 = 0
    /// Whether a colouring has been recorded yet.
    private(set) var isValid = false
    /// Steps that kept the colouring so far (for tests and diagnostics).
    var timesKept = 0
    /// Colourings computed again in a row since one was last kept.
    private(set) var misses = 0

    init() { partDiffers.resizeUninitialized(to: KeyComparisonKernel.parts) }

    /// Colourings in a row that could not be kept before recording backs off.
    static let missesBeforeBackOff = 4
    /// While backing off, the keys are recorded on one colouring in this many.
    static let backOffInterval = 8

    /// Per part of the keys' comparison, 1 where the part differs.
    private var partDiffers = Column<UInt8>(capacity: KeyComparisonKernel.parts)

    /// Whether the kept colouring was computed from `keys[0..<count]` with `awake` awake bodies
    /// and the cut at `half`. The keys are compared in parts on `runner`'s threads (`task`)
    /// once they are `parallelBytes` or more: in a resting pile the comparison finds them equal
    /// and reads every byte, serially a hundredth of large-pyramid's one-thread samples.
    func holds<Runner: PassRunner>(_ keys: UnsafePointer<SolverKey>, count: Int, awake: Int, half: Int32,
                                   on runner: Runner, task: KernelTask<KeyComparisonKernel>) -> Bool {
        guard isValid && count == self.keys.count && awake == self.awake && half == self.half else { return false }
        let bytes = count * MemoryLayout<SolverKey>.stride, parts = KeyComparisonKernel.parts
        let differs = partDiffers.base
        runner.parallel(task, KeyComparisonKernel(a: UnsafeRawPointer(keys), b: UnsafeRawPointer(self.keys.base), bytes: bytes,
                                                  differs: differs),
                        count: parts, minimumChunk: bytes >= Self.parallelBytes ? 1 : parts)
        for p in 0..<parts where differs[p] != 0 { return false }
        return true
    }

    /// Key bytes from which the comparison is shared between threads.
    static let parallelBytes = 64 * 1024

    /// Notes that the colouring was kept.
    mutating func noteKept() {
        timesKept += 1
        misses = 0
    }

    /// Notes that the colouring was computed again from `keys[0..<count]` and records its inputs,
    /// unless recording is backing off (see the type's comment): then it only forgets the last
    /// record, so that the next comparison fails at once.
    mutating func noteColoredAgain(_ keys: UnsafePointer<SolverKey>, count: Int, awake: Int, half: Int32, room: Int) {
        misses += 1
        let backingOff = misses > Self.missesBeforeBackOff
        if backingOff && (misses - Self.missesBeforeBackOff) % Self.backOffInterval != 0 {
            isValid = false
            return
        }
        record(keys, count: count, awake: awake, half: half, room: room)
    }

    /// Records the inputs of the colouring just computed. `room` is the most keys the contact
    /// store can hold now, so that the copy grows with the store rather than at highs of its own.
    mutating func record(_ keys: UnsafePointer<SolverKey>, count: Int, awake: Int, half: Int32, room: Int) {
        self.keys.reserve(room)
        self.keys.resizeUninitialized(to: count)
        self.keys.base.update(from: keys, count: count)
        self.awake = awake
        self.half = half
        isValid = true
    }
}

/// Compares two byte ranges of `bytes` bytes in `parts` parts, one part per item, and writes
/// per part whether it differs.
struct KeyComparisonKernel: ChunkKernel {
    var a: UnsafeRawPointer
    var b: UnsafeRawPointer
    var bytes: Int
    var differs: UnsafeMutablePointer<UInt8>

    /// Parts of a comparison, whatever the worker count.
    static let parts = 8

    func run(_ range: Range<Int>) {
        for p in range {
            let start = bytes * p / Self.parts, end = bytes * (p + 1) / Self.parts
            differs[p] = dynamics_bytes_equal(a + start, b + start, end - start) != 0 ? 0 : 1
        }
    }
}

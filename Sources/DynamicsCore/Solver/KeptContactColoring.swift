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
struct KeptContactColoring: ~Copyable {
    /// The keys the kept colouring was computed from.
    private var keys = Column<SolverKey>()
    private var awake = 0
    private var half: Int32 = 0
    /// Whether a colouring has been recorded yet.
    private(set) var isValid = false
    /// Steps that kept the colouring so far (for tests and diagnostics).
    var timesKept = 0

    /// Whether the kept colouring was computed from `keys[0..<count]` with `awake` awake bodies
    /// and the cut at `half`.
    func holds(_ keys: UnsafePointer<SolverKey>, count: Int, awake: Int, half: Int32) -> Bool {
        isValid && count == self.keys.count && awake == self.awake && half == self.half
            && dynamics_bytes_equal(keys, self.keys.base, count * MemoryLayout<SolverKey>.stride) != 0
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

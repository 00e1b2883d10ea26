import Synchronization

/// One stage of a `StageProgram`: a task over `offset ..< offset + count`, in chunks of at least
/// `minimumChunk` (one chunk, on whichever thread claims it, when `count <= minimumChunk`).
struct ProgramStage: BitwiseCopyable {
    /// The task, unretained (`Unmanaged.toOpaque()`): its holder outlives every program.
    var task: UnsafeMutableRawPointer
    var offset: Int
    var count: Int
    var minimumChunk: Int
    /// Items of this stage and of every stage before it in the program: the threads have finished
    /// the stage once they have reported that many items done.
    var itemsThrough: Int
    /// Whether a thread may start this stage while the one before is still running (it neither
    /// reads nor writes what that one writes).
    var overlapsPrevious: Bool

    /// The stage's task.
    @inline(__always)
    var parallelTask: Unmanaged<ParallelTask> { Unmanaged.fromOpaque(task) }
}

/// Parallel stages gathered in order and then run by every thread in one go
/// (`WorkerPool.run(program:)`): each thread moves on to a stage as soon as the one before it is
/// finished, with no hand-off from the caller in between. A step's solve has a hundred or more
/// colour passes of a few microseconds each; publishing each one and waiting for it to be joined
/// cost about a microsecond a pass on two threads.
///
/// The task holders' kernels must stay as they are from the first `append` of a program to the
/// end of its run, so a holder used by several stages has one kernel value for all of them (a
/// base pointer, with the stages' offsets picking their ranges).
struct StageProgram: ~Copyable {
    private(set) var stages = Column<ProgramStage>()

    /// Items of every stage gathered so far.
    var itemCount: Int { stages.count == 0 ? 0 : stages[stages.count - 1].itemsThrough }

    /// Whether no stage has been gathered since the last run.
    var isEmpty: Bool { stages.count == 0 }

    /// Adds a stage running `task` over `range` in chunks of at least `minimumChunk` items; with
    /// `overlapsPrevious`, threads may start it before the stage before it is finished (it must
    /// then touch nothing that one writes). An empty range adds nothing.
    mutating func append(_ task: ParallelTask, _ range: Range<Int>, minimumChunk: Int, overlapsPrevious: Bool = false) {
        guard !range.isEmpty else { return }
        stages.append(ProgramStage(task: Unmanaged.passUnretained(task).toOpaque(), offset: range.lowerBound,
                                   count: range.count, minimumChunk: max(1, minimumChunk),
                                   itemsThrough: itemCount + range.count,
                                   overlapsPrevious: overlapsPrevious && stages.count > 0))
    }

    /// Adds a stage running `task` over `range` as one piece, in order, on one thread (see
    /// `append` for `overlapsPrevious`).
    mutating func appendSerial(_ task: ParallelTask, _ range: Range<Int>, overlapsPrevious: Bool = false) {
        append(task, range, minimumChunk: range.count, overlapsPrevious: overlapsPrevious)
    }

    /// Forgets the stages (keeping their storage).
    mutating func removeAll() { stages.removeAll() }
}

/// Each thread's claim counters, one per stage of the running program, in a block of its own.
/// Counter `s` of thread `t` says how much of thread `t`'s part of stage `s` has been claimed,
/// tagged with the program's number: a counter of an earlier program reads as nothing claimed,
/// so no counter is ever reset. A thread claims from its own counters (which stay in its cache)
/// and from the others' only when its part is gone.
struct ClaimCounters: ~Copyable {
    private var base: UnsafeMutableRawPointer
    /// Counters per thread.
    private(set) var capacity: Int
    /// Bytes from one counter to the next: a line each, so that a thread looking for work in
    /// another's part of one stage does not take the line of that thread's next stage from it.
    static let stride = 64
    let threadCount: Int

    init(threadCount: Int) {
        self.threadCount = threadCount
        capacity = 0
        base = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
    }

    deinit { base.deallocate() }

    /// Makes room for `stageCount` counters per thread; earlier counts are lost, so call it only
    /// while no program runs.
    mutating func reserve(_ stageCount: Int) {
        guard stageCount > capacity else { return }
        let newCapacity = max(stageCount, 2 * capacity)
        base.deallocate()
        base = UnsafeMutableRawPointer.allocate(byteCount: threadCount * newCapacity * Self.stride, alignment: 128)
        capacity = newCapacity
        for i in 0..<threadCount * newCapacity {
            (base + i * Self.stride).bindMemory(to: Atomic<UInt64>.self, capacity: 1).initialize(to: Atomic(0))
        }
    }

    /// Sets every counter to nothing claimed, tagged 0 (a number no program has).
    func clear() {
        for thread in 0..<threadCount {
            for stage in 0..<capacity { counter(thread: thread, stage: stage).pointee.store(0, ordering: .relaxed) }
        }
    }

    /// Thread `thread`'s counter of stage `stage`.
    @inline(__always)
    func counter(thread: Int, stage: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        (base + Self.stride * (thread * capacity + stage)).assumingMemoryBound(to: Atomic<UInt64>.self)
    }
}

import CKernelSupport
import Dispatch
import Synchronization

/// Work split into chunks of a range; each index's outputs belong to that index alone, so the
/// result does not depend on which thread runs which chunk.
protocol ChunkKernel {
    func run(_ range: Range<Int>)
}

/// A preallocated holder of one stage's kernel, so that handing work to the pool allocates nothing.
class ParallelTask: @unchecked Sendable {
    func execute(_ range: Range<Int>) {}
}

/// One stage: its kernel is replaced each step (a struct of pointers), the holder is reused.
final class KernelTask<Kernel: ChunkKernel>: ParallelTask, @unchecked Sendable {
    var kernel: Kernel?
    override func execute(_ range: Range<Int>) { kernel?.run(range) }
}

/// Long-lived workers, each on its own Dispatch serial queue, started once per world.
///
/// `run` publishes a task and an item count, cut into one contiguous segment per thread (the
/// caller's first). Each thread claims chunks of its own segment, then of the others' until none
/// are left; the caller then waits until every worker has finished. A thread thus gets the same
/// part of every pass over the same range, and the bodies that part touches stay in its cache.
/// Workers spin briefly between stages (a hand-off costs well under a microsecond) and park on a
/// semaphore when idle longer, so a step never sleeps between colour passes and never allocates.
/// Between `hold()` and `release()` (a world's step) they do not park at all: a serial stretch
/// of the step longer than the spin would otherwise park them, and waking a parked worker took
/// longer than many passes last. After each spin they yield their processor once, so that with
/// more busy threads than processors they do not keep others from running.
///
/// `run(program:)` publishes a whole `StageProgram` the same way, once: the threads then go
/// from stage to stage on their own (see `WorkerPool+Program.swift`).
///
/// A worker takes part in a pass only if it joins before the caller has finished: the caller,
/// once no chunk is left, waits for the workers that joined and closes the pass to the others.
/// A parked worker's wake-up (tens of microseconds on a busy machine) thus never holds up a pass
/// that the caller could finish alone.
final class WorkerPool: @unchecked Sendable {
    let workerCount: Int
    private let generation = Atomic<Int>(0)
    /// One segment of the published range per thread: the caller's, then each worker's.
    private let segments: PaddedLanes<Segment>
    private let shuttingDown = Atomic<Bool>(false)
    /// Set between `hold()` and `release()`: idle workers do not park.
    private let held = Atomic<Bool>(false)
    /// Each worker's slot (worker `w`, counted from 1, has slot `w - 1`).
    private let slots: PaddedLanes<WorkerSlot>
    private let stopped = DispatchSemaphore(value: 0)
    /// The published pass's task, unretained: `run` holds it until every thread that joined is done.
    private var task: Unmanaged<ParallelTask>?
    private var minimumChunk = 1
    /// The published program's stages (nil while a single pass is published), their count, the
    /// program's number (the tag of its claims) and how many items all earlier programs had.
    var programStages: UnsafePointer<ProgramStage>?
    var programStageCount = 0
    var programNumber: UInt32 = 0
    var programBase = 0
    /// The stages' claim counters, per thread.
    var claims: ClaimCounters
    /// Items of program stages finished so far, by every thread, over every program.
    let itemsDone: PaddedLanes<Atomic<Int>>

    /// Spins before an idle worker parks (or, while held, yields once), and between the yields of
    /// the caller waiting for a worker (about 50 µs on this machine class). A yield is a system
    /// call of a microsecond or two; yielding at every turn made a worker late to a new pass.
    static let spinLimit = 20_000

    init(workerCount: Int) {
        self.workerCount = workerCount
        slots = PaddedLanes(count: max(workerCount, 1) - 1) { _ in WorkerSlot() }
        segments = PaddedLanes(count: max(workerCount, 1)) { _ in Segment() }
        claims = ClaimCounters(threadCount: max(workerCount, 1))
        itemsDone = PaddedLanes(count: 1) { _ in Atomic(0) }
        // One serial queue per worker: serial queues overcommit, so each long-lived worker gets a
        // thread of its own even when the global queues' threads are busy (with several worlds, or
        // under a parallel test runner). A worker on the global queue could wait forever for a thread.
        for index in 0..<slots.count {
            DispatchQueue(label: "DynamicsCore.worker.\(index + 1)", qos: .userInitiated).async { [self] in
                workerLoop(slots.lane(index), segment: index + 1)
            }
        }
    }

    deinit {
        // The workers hold the pool until `shutdown()` has stopped them, so none is left here.
        slots.deallocate()
        segments.deallocate()
        itemsDone.deallocate()
    }

    /// Stops the workers and waits for them to leave.
    func shutdown() {
        guard workerCount > 1, !shuttingDown.load(ordering: .acquiring) else { return }
        shuttingDown.store(true, ordering: .releasing)
        generation.add(1, ordering: .releasing)
        for i in 0..<slots.count { slots.lane(i).pointee.semaphore.signal() }
        for _ in 0..<slots.count { stopped.wait() }
    }

    /// Keeps the workers awake until `release()`: wakes the parked ones now, so that their wake-up
    /// overlaps the caller's serial work before the first pass, and lets none park in between.
    /// (A worker parking at this very moment may miss the wake-up; the next pass wakes it.)
    func hold() {
        guard workerCount > 1 else { return }
        held.store(true, ordering: .sequentiallyConsistent)
        wakeParkedWorkers()
    }

    /// Lets idle workers park again after their spin (see `hold()`).
    func release() {
        guard workerCount > 1 else { return }
        held.store(false, ordering: .releasing)
    }

    /// How many workers are parked (or about to park) on their semaphores now.
    var parkedWorkerCount: Int {
        (0..<slots.count).count { slots.lane($0).pointee.parked.load(ordering: .acquiring) }
    }

    /// Signals every worker that announced it is parking.
    private func wakeParkedWorkers() {
        for i in 0..<slots.count {
            let slot = slots.lane(i)
            if slot.pointee.parked.exchange(false, ordering: .sequentiallyConsistent) { slot.pointee.semaphore.signal() }
        }
    }

    /// Runs `task` over `0..<count` in chunks of at least `minimumChunk`; returns when all are done.
    func run(_ task: ParallelTask, count: Int, minimumChunk: Int) {
        guard count > 0 else { return }
        let maxChunks = (count + minimumChunk - 1) / minimumChunk
        guard workerCount > 1 && maxChunks > 1 else {
            task.execute(0..<count)
            return
        }
        self.task = Unmanaged.passUnretained(task)
        self.minimumChunk = max(1, minimumChunk)
        for p in 0..<segments.count {
            let segment = segments.lane(p)
            segment.pointee.end = count * (p + 1) / workerCount
            segment.pointee.next.store(count * p / workerCount, ordering: .relaxed)
        }
        openPass()
        claimChunks(task, startingAt: 0)
        closePass()
        self.task = nil
    }

    /// Opens the published pass (a task or a program) to every worker and wakes the parked ones.
    func openPass() {
        // Opening each worker's part publishes the task and the segments to it (a worker's join
        // acquires this store).
        for i in 0..<slots.count { slots.lane(i).pointee.pass.store(WorkerSlot.open, ordering: .releasing) }
        generation.add(1, ordering: .sequentiallyConsistent)
        wakeParkedWorkers()
    }

    /// Shuts the workers that have not joined the pass out of it and waits for those that have.
    func closePass() {
        for i in 0..<slots.count {
            let slot = slots.lane(i)
            // A worker that has not joined yet is shut out; one that has is waited for.
            let (closed, _) = slot.pointee.pass.compareExchange(expected: WorkerSlot.open, desired: WorkerSlot.closed,
                                                                 ordering: .acquiringAndReleasing)
            if closed { continue }
            Self.spin { slot.pointee.pass.load(ordering: .acquiring) == WorkerSlot.done }
        }
    }

    /// Spins until `isDone()` holds, yielding the processor once every `spinLimit` turns: a thread
    /// it waits for that lost its processor to another thread gets it back sooner.
    @inline(__always)
    static func spin(until isDone: () -> Bool) {
        var spins = 0
        while !isDone() {
            spins += 1
            if spins >= spinLimit {
                spins = 0
                dynamics_yield_thread()
            }
        }
    }

    /// Claims and runs chunks until none are left: first from segment `first` (this thread's),
    /// then from the others in turn. Each claim takes half of what its segment has left, down to
    /// the minimum chunk, so that a thread that finishes early still finds work to take over.
    private func claimChunks(_ task: ParallelTask, startingAt first: Int) {
        for k in 0..<segments.count {
            let segment = segments.lane((first + k) % segments.count)
            let end = segment.pointee.end
            while true {
                let left = end - segment.pointee.next.load(ordering: .relaxed)
                guard left > 0 else { break }
                let size = max(minimumChunk, left / 2)
                let start = segment.pointee.next.wrappingAdd(size, ordering: .relaxed).oldValue
                guard start < end else { break }
                task.execute(start..<min(end, start + size))
            }
        }
    }

    private func workerLoop(_ slot: UnsafeMutablePointer<WorkerSlot>, segment: Int) {
        // Start from the pool's first generation, not the current one: a worker whose thread starts
        // late must still take part in the jobs published before it ran.
        var seen = 0
        while true {
            var spins = 0
            while generation.load(ordering: .acquiring) == seen {
                spins += 1
                guard spins >= Self.spinLimit else { continue }
                spins = 0
                if held.load(ordering: .relaxed) {
                    dynamics_yield_thread()
                } else {
                    // Announce the park, then look once more: either the publisher sees the flag and
                    // signals this worker's own semaphore, or this worker sees the new generation.
                    // A signal left over from a park that did not happen only causes one extra lap.
                    slot.pointee.parked.store(true, ordering: .sequentiallyConsistent)
                    if generation.load(ordering: .sequentiallyConsistent) == seen { slot.pointee.semaphore.wait() }
                }
            }
            seen = generation.load(ordering: .acquiring)
            if shuttingDown.load(ordering: .acquiring) {
                stopped.signal()
                return
            }
            // Join the pass that is open now (if the caller has not closed it), run chunks, report.
            let (joined, _) = slot.pointee.pass.compareExchange(expected: WorkerSlot.open, desired: WorkerSlot.running,
                                                                 ordering: .acquiringAndReleasing)
            guard joined else { continue }
            if programStages != nil {
                runStages(thread: segment)
            } else {
                task?._withUnsafeGuaranteedRef { claimChunks($0, startingAt: segment) }
            }
            slot.pointee.pass.store(WorkerSlot.done, ordering: .releasing)
        }
    }
}

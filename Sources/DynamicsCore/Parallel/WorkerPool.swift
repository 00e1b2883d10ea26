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
/// `run` publishes a task and an item count; the calling thread and the workers claim chunks from
/// an atomic counter until none are left; the caller then waits until every worker has finished.
/// Workers spin briefly between stages (a hand-off costs well under a microsecond) and park on a
/// semaphore when idle longer, so a step never sleeps between colour passes and never allocates.
final class WorkerPool: @unchecked Sendable {
    let workerCount: Int
    private let generation = Atomic<Int>(0)
    /// The first item not yet claimed.
    private let nextItem = Atomic<Int>(0)
    private let finishedWorkers = Atomic<Int>(0)
    private let shuttingDown = Atomic<Bool>(false)
    /// Each worker parks on its own semaphore, so a wake-up can never be taken by another worker.
    private let slots: [WorkerSlot]
    private let stopped = DispatchSemaphore(value: 0)
    private var task: ParallelTask?
    private var itemCount = 0
    private var minimumChunk = 1

    /// Spins before a worker parks (about 50 µs on this machine class).
    private static let spinLimit = 20_000

    init(workerCount: Int) {
        self.workerCount = workerCount
        slots = (1..<max(workerCount, 1)).map { _ in WorkerSlot() }
        // One serial queue per worker: serial queues overcommit, so each long-lived worker gets a
        // thread of its own even when the global queues' threads are busy (with several worlds, or
        // under a parallel test runner). A worker on the global queue could wait forever for a thread.
        for (index, slot) in slots.enumerated() {
            DispatchQueue(label: "DynamicsCore.worker.\(index + 1)", qos: .userInitiated).async { [self] in workerLoop(slot) }
        }
    }

    /// Stops the workers and waits for them to leave.
    func shutdown() {
        guard workerCount > 1, !shuttingDown.load(ordering: .acquiring) else { return }
        shuttingDown.store(true, ordering: .releasing)
        generation.add(1, ordering: .releasing)
        for slot in slots { slot.semaphore.signal() }
        for _ in slots { stopped.wait() }
    }

    /// Runs `task` over `0..<count` in chunks of at least `minimumChunk`; returns when all are done.
    func run(_ task: ParallelTask, count: Int, minimumChunk: Int) {
        guard count > 0 else { return }
        let maxChunks = (count + minimumChunk - 1) / minimumChunk
        guard workerCount > 1 && maxChunks > 1 else {
            task.execute(0..<count)
            return
        }
        self.task = task
        itemCount = count
        self.minimumChunk = max(1, minimumChunk)
        nextItem.store(0, ordering: .relaxed)
        finishedWorkers.store(0, ordering: .relaxed)
        generation.add(1, ordering: .sequentiallyConsistent)
        for slot in slots where slot.parked.exchange(false, ordering: .sequentiallyConsistent) {
            slot.semaphore.signal()
        }
        claimChunks(task)
        while finishedWorkers.load(ordering: .acquiring) < workerCount - 1 {}
        self.task = nil
    }

    /// Claims and runs chunks until none are left. Each claim takes a share of what remains
    /// (guided scheduling): large chunks first, then smaller ones, so that the threads finish a
    /// pass together. With eight fixed chunks the caller waited for a worker's last chunk at the
    /// end of every colour pass (6 % of the samples of many-pyramids on 2 threads, 2.3 % now).
    private func claimChunks(_ task: ParallelTask) {
        let share = 2 * workerCount
        var start = nextItem.load(ordering: .relaxed)
        while start < itemCount {
            let end = min(itemCount, start + max(minimumChunk, (itemCount - start) / share))
            let (claimed, current) = nextItem.compareExchange(expected: start, desired: end, ordering: .relaxed)
            if claimed {
                task.execute(start..<end)
                start = nextItem.load(ordering: .relaxed)
            } else {
                start = current
            }
        }
    }

    private func workerLoop(_ slot: WorkerSlot) {
        // Start from the pool's first generation, not the current one: a worker whose thread starts
        // late must still take part in the jobs published before it ran.
        var seen = 0
        while true {
            var spins = 0
            while generation.load(ordering: .acquiring) == seen {
                spins += 1
                if spins >= Self.spinLimit {
                    // Announce the park, then look once more: either the publisher sees the flag and
                    // signals this worker's own semaphore, or this worker sees the new generation.
                    // A signal left over from a park that did not happen only causes one extra lap.
                    slot.parked.store(true, ordering: .sequentiallyConsistent)
                    if generation.load(ordering: .sequentiallyConsistent) == seen { slot.semaphore.wait() }
                    spins = 0
                }
            }
            seen = generation.load(ordering: .acquiring)
            if shuttingDown.load(ordering: .acquiring) {
                stopped.signal()
                return
            }
            if let task { claimChunks(task) }
            finishedWorkers.add(1, ordering: .releasing)
        }
    }
}

/// A worker's parking place.
final class WorkerSlot: @unchecked Sendable {
    let parked = Atomic<Bool>(false)
    let semaphore = DispatchSemaphore(value: 0)
}

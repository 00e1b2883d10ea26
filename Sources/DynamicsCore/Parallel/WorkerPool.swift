import Dispatch

/// Runs chunks of a range across Dispatch worker threads.
///
/// Work is split into at most `workerCount` contiguous chunks. Callers only ever write data owned by
/// the index they process, so the result does not depend on how the range is split: a step is
/// bit-identical for any worker count.
struct WorkerPool {
    let workerCount: Int

    /// Calls `body` with disjoint chunks covering `0..<count`, in parallel when that pays.
    @inline(__always)
    func forEachChunk(_ count: Int, minimumChunk: Int = 256, _ body: (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let tasks = min(workerCount, (count + minimumChunk - 1) / minimumChunk)
        if tasks <= 1 {
            body(0..<count)
            return
        }
        withoutActuallyEscaping(body) { escapable in
            let shared = SendableBox(escapable)
            DispatchQueue.concurrentPerform(iterations: tasks) { task in
                let start = count * task / tasks
                let end = count * (task + 1) / tasks
                shared.value(start..<end)
            }
        }
    }
}

/// Carries a value into a `@Sendable` closure where the caller guarantees the accesses are disjoint.
struct SendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

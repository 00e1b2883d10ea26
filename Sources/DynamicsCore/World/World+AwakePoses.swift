/// Work on every awake body's pose, shared among a world's threads (`World.forEachAwakePose`).
/// A facade that turns each pose into values of its own (a view's rounded centre and transform)
/// does that arithmetic here, on all threads, and keeps on its own thread only what must stay
/// there.
package protocol AwakePoseKernel {
    /// Handles the awake bodies `range` (the indices of `World.awakeBodyPose(at:)`). Runs on any
    /// of the world's threads, beside other ranges: it must write nothing that another range
    /// writes or reads.
    func run(_ range: Range<Int>, poses: AwakeBodyPoses)
}

/// The holder of an `AwakePoseKernel` for `World.forEachAwakePose`: made once and reused, so
/// that handing the work to the threads allocates nothing.
package final class AwakePoseTask<Kernel: AwakePoseKernel> {
    let task = AwakePoseChunks<Kernel>()

    /// An empty holder.
    package init() {}
}

/// An `AwakePoseKernel` as the worker pool runs it. A task class of its own rather than a
/// `KernelTask`: with this generic use of `KernelTask`, the compiler no longer proved that the
/// engine's own accesses to `KernelTask.kernel` never overlap, and checked each of them at run
/// time (callgrind, small-stack's counted steps: 2 668 265 → 2 848 673 instructions, +6.8 %).
final class AwakePoseChunks<Kernel: AwakePoseKernel>: ParallelTask, @unchecked Sendable {
    var kernel: Kernel?
    var poses: AwakeBodyPoses?

    override func execute(_ range: Range<Int>) {
        if let kernel, let poses { kernel.run(range, poses: poses) }
    }
}

extension World {
    /// Runs `kernel` over the awake bodies in chunks of at least `minimumChunk`, on the world's
    /// threads (the calling one among them), and returns when every chunk is done. Call it
    /// between steps, never from inside one.
    package func forEachAwakePose<Kernel: AwakePoseKernel>(_ holder: AwakePoseTask<Kernel>, _ kernel: Kernel,
                                                          minimumChunk: Int) {
        holder.task.kernel = kernel
        holder.task.poses = awakeBodyPoses
        pool.run(holder.task, count: bodies.awakeCount, minimumChunk: max(1, minimumChunk))
    }
}

import Foundation
import Testing
@testable import DynamicsCore

/// Counts how often each index is run (each index belongs to one chunk, so plain writes suffice).
private struct CountVisits: ChunkKernel {
    var visits: UnsafeMutablePointer<Int32>
    func run(_ range: Range<Int>) {
        for i in range { visits[i] += 1 }
    }
}

@Suite("Worker pool")
struct WorkerPoolTests {
    /// Every index of every range is run exactly once, whatever the count, the minimum chunk and
    /// the number of workers. (With 4 workers, 21 items and a minimum chunk of 1, the pool once
    /// made 16 chunks of 2 and started the last ones past the end of the range.)
    @Test("every index runs exactly once", arguments: [2, 3, 4, 8])
    func everyIndexOnce(workers: Int) {
        let pool = WorkerPool(workerCount: workers)
        defer { pool.shutdown() }
        let task = KernelTask<CountVisits>()
        for count in 1...300 {
            for minimumChunk in [1, 2, 3, 7, 16, 64] {
                var visits = [Int32](repeating: 0, count: count)
                visits.withUnsafeMutableBufferPointer { buffer in
                    task.kernel = CountVisits(visits: buffer.baseAddress!)
                    pool.run(task, count: count, minimumChunk: minimumChunk)
                }
                let wrong = visits.indices.filter { visits[$0] != 1 }
                #expect(wrong.isEmpty, "\(workers) workers, \(count) items, minimum chunk \(minimumChunk): indices \(wrong.prefix(5)) ran \(wrong.prefix(5).map { visits[$0] }) times")
            }
        }
    }

    /// Passes published to parked workers: the caller often finishes before a worker wakes and
    /// shuts it out of the pass, and a worker may wake into a later pass than the one that woke
    /// it. Pauses of 0.2 to 2 ms (the workers park after about 50 µs) alternate with bursts of
    /// small and large passes; every index must still run exactly once, and with enough work
    /// the workers must still take part.
    @Test("passes published while the workers are parked run every index once", arguments: [2, 4])
    func parkedWorkers(workers: Int) {
        let pool = WorkerPool(workerCount: workers)
        defer { pool.shutdown() }
        let task = KernelTask<CountVisits>()
        let helpers = KernelTask<NoteThreads>()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<200 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            usleep(200 + UInt32(seed >> 33) % 1_800)
            for burst in 0..<Int(seed >> 40) % 4 + 1 {
                let count = burst % 2 == 0 ? 2 + Int(seed >> 20) % 40 : 5_000
                var visits = [Int32](repeating: 0, count: count)
                visits.withUnsafeMutableBufferPointer { buffer in
                    task.kernel = CountVisits(visits: buffer.baseAddress!)
                    pool.run(task, count: count, minimumChunk: 1)
                }
                let wrong = visits.indices.filter { visits[$0] != 1 }
                #expect(wrong.isEmpty, "round \(round), burst \(burst), \(count) items: indices \(wrong.prefix(5)) ran \(wrong.prefix(5).map { visits[$0] }) times")
            }
        }
        // Chunks slow enough that a parked worker wakes in time: some run off the calling thread.
        usleep(2_000)
        let caller = pthread_self()
        var elsewhere = [Bool](repeating: false, count: 64)
        elsewhere.withUnsafeMutableBufferPointer { buffer in
            helpers.kernel = NoteThreads(caller: caller, elsewhere: buffer.baseAddress!)
            pool.run(helpers, count: 64, minimumChunk: 1)
        }
        #expect(elsewhere.contains(true), "no chunk ran on a worker")
    }

    /// A held pool's workers stay awake: `hold()` wakes the parked ones, none parks until
    /// `release()`, and then they park again. Each wait polls for up to two seconds, so that a
    /// worker slow to get a processor on a busy machine is not taken for a wrong state.
    @Test("workers held awake do not park until released", arguments: [2, 4])
    func heldWorkers(workers: Int) {
        let pool = WorkerPool(workerCount: workers)
        defer { pool.shutdown() }
        func eventually(_ condition: () -> Bool) -> Bool {
            for _ in 0..<2_000 {
                if condition() { return true }
                usleep(1_000)
            }
            return condition()
        }
        #expect(eventually { pool.parkedWorkerCount == workers - 1 }, "idle workers did not park")
        pool.hold()
        #expect(eventually { pool.parkedWorkerCount == 0 }, "hold() left \(pool.parkedWorkerCount) workers parked")
        // Far longer than the spin after which an idle worker parks.
        usleep(20_000)
        #expect(pool.parkedWorkerCount == 0, "\(pool.parkedWorkerCount) held workers parked")
        pool.release()
        #expect(eventually { pool.parkedWorkerCount == workers - 1 }, "released workers did not park")
    }

    /// A world holds its workers through a step only: once `step` returns they park again.
    @Test("a world's workers park again after its step")
    func workersParkAfterStep() throws {
        let world = try makeWorld(workers: 3)
        try addGround(world)
        for i in 0..<20 { try addBox(world, at: Vec2(Float(i % 5), 0.5 + Float(i / 5))) }
        world.step(1.0 / 60.0)
        var parked = false
        for _ in 0..<2_000 where !parked {
            parked = world.pool.parkedWorkerCount == 2
            if !parked { usleep(1_000) }
        }
        #expect(parked, "\(2 - world.pool.parkedWorkerCount) workers still awake two seconds after the step")
    }
}

/// Notes which indices ran on another thread than `caller`, each after a pause of 0.5 ms.
private struct NoteThreads: ChunkKernel {
    var caller: pthread_t
    var elsewhere: UnsafeMutablePointer<Bool>
    func run(_ range: Range<Int>) {
        for i in range {
            usleep(500)
            elsewhere[i] = pthread_equal(pthread_self(), caller) == 0
        }
    }
}

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
}

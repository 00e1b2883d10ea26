import Foundation
import Testing
@testable import DynamicsCore

/// Stage `s` of a chain covers indices `s * width ..< (s + 1) * width`. Item `j` of stage `s`
/// reads a cell that another chunk of stage `s - 1` wrote, notes whether it held `s` (it must,
/// if stage `s - 1` was finished before stage `s` began), and writes `s + 1` into cell `j` of
/// the other buffer. Each index also counts how often it ran.
private struct ChainStage: ChunkKernel {
    var width: Int
    var buffers: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>)
    var visits: UnsafeMutablePointer<Int32>
    var early: UnsafeMutablePointer<Bool>

    func run(_ range: Range<Int>) {
        for i in range {
            let s = i / width, j = i % width
            let read = s % 2 == 0 ? buffers.0 : buffers.1, write = s % 2 == 0 ? buffers.1 : buffers.0
            if read[(j * 7 + 3) % width] != Int32(s) { early[i] = true }
            write[j] = Int32(s + 1)
            visits[i] += 1
        }
    }
}

/// Counts the visits of each index, and touches nothing else.
private struct SideStage: ChunkKernel {
    var visits: UnsafeMutablePointer<Int32>
    func run(_ range: Range<Int>) {
        for i in range { visits[i] += 1 }
    }
}

/// The arrays of a chain of `stages` stages of `width` items, and the checks of one run. After
/// each chain stage comes a side stage that may overlap it (it touches other arrays), over
/// `width` indices of its own.
private final class Chain {
    let width: Int, stages: Int
    let cells: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>)
    let visits: UnsafeMutableBufferPointer<Int32>
    let sideVisits: UnsafeMutableBufferPointer<Int32>
    let early: UnsafeMutableBufferPointer<Bool>

    init(width: Int, stages: Int) {
        self.width = width
        self.stages = stages
        func zeros<T: BinaryInteger>(_ count: Int, _: T.Type) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
            buffer.initialize(repeating: 0)
            return buffer
        }
        cells = (zeros(width, Int32.self).baseAddress!, zeros(width, Int32.self).baseAddress!)
        visits = zeros(width * stages, Int32.self)
        sideVisits = zeros(width * stages, Int32.self)
        early = .allocate(capacity: width * stages)
        early.initialize(repeating: false)
    }

    deinit {
        cells.0.deallocate()
        cells.1.deallocate()
        visits.deallocate()
        sideVisits.deallocate()
        early.deallocate()
    }

    /// Runs the chain as one program on `pool`, with `serialEvery`-th stage serial.
    func run(on pool: WorkerPool, minimumChunk: Int, serialEvery: Int) {
        let task = KernelTask<ChainStage>(), side = KernelTask<SideStage>()
        task.kernel = ChainStage(width: width, buffers: cells, visits: visits.baseAddress!, early: early.baseAddress!)
        side.kernel = SideStage(visits: sideVisits.baseAddress!)
        var program = StageProgram()
        for s in 0..<stages {
            let range = s * width..<(s + 1) * width
            if serialEvery > 0 && s % serialEvery == serialEvery - 1 {
                program.appendSerial(task, range)
            } else {
                program.append(task, range, minimumChunk: minimumChunk)
            }
            program.append(side, range, minimumChunk: minimumChunk, overlapsPrevious: true)
        }
        pool.run(program: program)
    }

    /// What went wrong, or nil.
    var problem: String? {
        if let i = visits.firstIndex(where: { $0 != 1 }) {
            return "index \(i % width) of stage \(i / width) ran \(visits[i]) times"
        }
        if let i = sideVisits.firstIndex(where: { $0 != 1 }) {
            return "index \(i % width) of side stage \(i / width) ran \(sideVisits[i]) times"
        }
        if let i = early.firstIndex(of: true) {
            return "stage \(i / width) began before stage \(i / width - 1) had finished (item \(i % width))"
        }
        let last = stages % 2 == 0 ? cells.0 : cells.1
        if let c = (0..<width).first(where: { last[$0] != Int32(stages) }) {
            return "cell \(c) ends at \(last[c]), not \(stages)"
        }
        return nil
    }
}

@Suite("Stage programs")
struct StageProgramTests {
    /// Every index of every stage runs once, and each stage starts only when the stages before it
    /// are finished (an overlapping side stage in between or not), for any worker count, width,
    /// minimum chunk and mix of serial stages.
    @Test("stages run in order, every index once", arguments: [1, 2, 3, 4])
    func stagesInOrder(workers: Int) {
        let pool = WorkerPool(workerCount: workers)
        defer { pool.shutdown() }
        pool.hold()
        defer { pool.release() }
        for width in [1, 2, 7, 16, 64, 333] {
            for minimumChunk in [1, 3, 8, 64] {
                for serialEvery in [0, 3] {
                    let chain = Chain(width: width, stages: 40)
                    chain.run(on: pool, minimumChunk: minimumChunk, serialEvery: serialEvery)
                    #expect(chain.problem == nil, "\(workers) workers, width \(width), minimum chunk \(minimumChunk), serial every \(serialEvery): \(chain.problem ?? "")")
                }
            }
        }
    }

    /// Programs published to parked workers (not held): a worker often joins late, runs through
    /// the finished stages and takes part in the rest, or is shut out; nothing runs twice or early.
    @Test("programs published to parked workers", arguments: [2, 4])
    func parkedWorkers(workers: Int) {
        let pool = WorkerPool(workerCount: workers)
        defer { pool.shutdown() }
        for round in 0..<60 {
            usleep(UInt32(200 + 37 * round % 1_500))
            let chain = Chain(width: 50 + round * 13, stages: 30)
            chain.run(on: pool, minimumChunk: 4, serialEvery: 5)
            #expect(chain.problem == nil, "round \(round): \(chain.problem ?? "")")
        }
    }

    /// A thread takes its own part of a stage in one claim; another's, half of what is left at a
    /// time down to the minimum chunk, so that a late owner still finds some of its part.
    @Test("own part in one claim, another's by halves")
    func claimSizes() {
        #expect(WorkerPool.claimSize(left: 117, minimumChunk: 8, whole: true) == 117)
        #expect(WorkerPool.claimSize(left: 3, minimumChunk: 8, whole: true) == 3)
        var left = 117, claims: [Int] = []
        while left > 0 {
            let size = WorkerPool.claimSize(left: left, minimumChunk: 8, whole: false)
            claims.append(size)
            left -= size
        }
        #expect(claims == [58, 29, 15, 8, 7])
    }

    /// The claims are tagged with the program's number; when the number starts over, the
    /// counters are cleared, so that a counter left from before cannot read as claimed.
    @Test("program numbers start over without losing a claim")
    func numbersStartOver() {
        let pool = WorkerPool(workerCount: 2)
        defer { pool.shutdown() }
        pool.hold()
        defer { pool.release() }
        let longer = Chain(width: 40, stages: 12)
        longer.run(on: pool, minimumChunk: 4, serialEvery: 0)
        #expect(longer.problem == nil)
        pool.programNumber = UInt32.max - 2
        for round in 0..<6 {
            let chain = Chain(width: 40, stages: 6 + round)
            chain.run(on: pool, minimumChunk: 4, serialEvery: 0)
            #expect(chain.problem == nil, "round \(round), program number \(pool.programNumber): \(chain.problem ?? "")")
        }
        #expect(pool.programNumber < 10, "the number did not start over")
    }
}

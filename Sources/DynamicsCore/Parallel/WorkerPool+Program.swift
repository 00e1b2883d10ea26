import Synchronization

extension WorkerPool {
    /// Runs `program`'s stages in order on every thread and returns when all are done. The
    /// program is published once; each thread then claims a stage's items (its own part first, in
    /// one piece, then what the others left, by halves: `claimSize`), reports how many items it
    /// ran and waits until every item of the stage is reported before it starts the next. A
    /// worker that joins late runs through the finished stages at once; one that does not join at
    /// all leaves its parts to the caller. With `alone`, the calling thread runs every stage
    /// itself and the workers are not asked.
    func run(program: borrowing StageProgram, alone: Bool = false) {
        let stages = program.stages.base, stageCount = program.stages.count
        guard stageCount > 0 else { return }
        guard workerCount > 1 && !alone else {
            for s in 0..<stageCount {
                let stage = stages[s]
                stage.parallelTask._withUnsafeGuaranteedRef { $0.execute(stage.offset..<stage.offset + stage.count) }
            }
            return
        }
        claims.reserve(stageCount)
        if programNumber == UInt32.max {
            // Numbers start over: counters tagged with the old ones must not read as claims.
            claims.clear()
            programNumber = 0
        }
        programNumber += 1
        programStages = UnsafePointer(stages)
        programStageCount = stageCount
        openPass()
        runStages(thread: 0)
        closePass()
        programBase += program.itemCount
        programStages = nil
    }

    /// Runs the published program's stages as thread `thread` (0 for the caller, `w` for worker `w`).
    func runStages(thread: Int) {
        guard let stages = programStages else { return }
        let threads = max(workerCount, 1)
        let number = UInt64(programNumber), base = programBase
        let done = itemsDone.lane(0)
        for s in 0..<programStageCount {
            let stage = stages[s]
            let parts = stage.count > stage.minimumChunk ? threads : 1
            let target = base + stage.itemsThrough
            // This thread's own part first, and its report: the thread that finishes last sees
            // the stage complete in the value its report returns, with no other line to read.
            let ownPart = thread < parts ? thread : -1
            let own = ownPart >= 0 ? claimChunks(of: stage, s, part: ownPart, parts: parts, number: number, whole: true) : 0
            var reported = own > 0 ? done.pointee.add(own, ordering: .acquiringAndReleasing).newValue
                                   : done.pointee.load(ordering: .acquiring)
            guard reported < target else { continue }
            // Then what is left of the other parts, starting with the next thread's.
            var stolen = 0
            for k in 1...parts where (thread + k) % parts != ownPart {
                stolen += claimChunks(of: stage, s, part: (thread + k) % parts, parts: parts, number: number, whole: false)
            }
            if stolen > 0 { reported = done.pointee.add(stolen, ordering: .acquiringAndReleasing).newValue }
            // A stage that may overlap this one starts at once; its wait covers this one too.
            if s + 1 < programStageCount && stages[s + 1].overlapsPrevious { continue }
            if reported < target { Self.spin { done.pointee.load(ordering: .acquiring) >= target } }
        }
    }

    /// Claims and runs chunks of part `part` (of `parts`) of stage `s` until none are left;
    /// returns how many items this thread ran. `whole` for the thread's own part (see `claimSize`).
    @inline(__always)
    private func claimChunks(of stage: ProgramStage, _ s: Int, part: Int, parts: Int, number: UInt64, whole: Bool) -> Int {
        let begin = stage.count * part / parts, length = stage.count * (part + 1) / parts - begin
        let counter = claims.counter(thread: part, stage: s)
        var items = 0
        while true {
            let seen = counter.pointee.load(ordering: .relaxed)
            let claimed = seen >> 32 == number ? Int(truncatingIfNeeded: seen & 0xFFFF_FFFF) : 0
            let left = length - claimed
            guard left > 0 else { break }
            let size = Self.claimSize(left: left, minimumChunk: stage.minimumChunk, whole: whole)
            let (won, _) = counter.pointee.compareExchange(expected: seen, desired: number << 32 | UInt64(claimed + size),
                                                           ordering: .relaxed)
            guard won else { continue }
            let start = stage.offset + begin + claimed
            stage.parallelTask._withUnsafeGuaranteedRef { $0.execute(start..<start + size) }
            items += size
        }
        return items
    }

    /// How many of the `left` unclaimed items of a part one claim takes: all of them in the
    /// claiming thread's own part (`whole`), and in another thread's part, which it takes over
    /// only while that thread is late, half of them down to the minimum chunk, so that the owner
    /// still finds some when it comes. Its own part by halves too took four or five claims a
    /// colour instead of one, each a compare-and-swap and a call into the pass (the Several
    /// Threads article, on what the tumbler's solve loses on two threads).
    static func claimSize(left: Int, minimumChunk: Int, whole: Bool) -> Int {
        whole ? left : min(left, max(minimumChunk, left / 2))
    }
}

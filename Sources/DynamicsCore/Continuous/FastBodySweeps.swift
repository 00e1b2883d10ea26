/// Sweeps a share of the fast bodies against the static shapes, one fixed part of the list at a
/// time, each part with its own query buffer (the pair search's, idle by then).
///
/// A sweep reads the static shapes, which do not move, and writes only its own body's pose and
/// its shapes' boxes, so the sweeps may run in any order on any thread with the same results.
struct FastBodySweepKernel: ChunkKernel {
    unowned(unsafe) let world: World
    var bodies: UnsafePointer<Int32>
    var count: Int
    var parts: UnsafeMutablePointer<PairSearchPart>
    var sweep: SweepView
    var finalize: FinalizeView

    func run(_ range: Range<Int>) {
        let n = PairSearchParts.count
        // One strong reference for the whole share: called through the unowned(unsafe) field, each
        // sweep retained and released the world, and two threads doing so fought over the line
        // that holds its reference count (a twentieth of junkyard's 2-thread samples).
        let world = self.world
        for part in range {
            for k in (count * part / n)..<(count * (part + 1) / n) {
                let d = Int(bodies[k])
                // A body the sweep moved back has new boxes; one that left its enlarged box is
                // regridded by the serial pass that follows.
                if world.sweepAgainstStatics(dense: d, sweep, scratch: &parts[part].found) && finalize.updateShapeBoxes(d) {
                    finalize.enlarged[d] = 1
                }
            }
        }
    }
}

extension World {
    /// Fewer fast bodies than this are swept on the calling thread alone.
    static let parallelSweepCount = 64

    /// Sweeps the bodies that `view`'s pass flagged as fast (`fastBodyFlags`) against the static
    /// shapes, in parallel. This was serial, and a tenth of the serial part of a two-thread step
    /// in junkyard, smash and rain.
    func sweepFastBodies(_ view: FinalizeView) {
        let awake = bodies.awakeCount
        let flags = UnsafeRawPointer(fastBodyFlags.base)
        fastBodies.removeAll()
        // Eight flags at a time: most words are zero.
        var d = 0
        while d < awake {
            if d + 8 <= awake && flags.loadUnaligned(fromByteOffset: d, as: UInt64.self) == 0 {
                d += 8
                continue
            }
            let end = min(d + 8, awake)
            while d < end {
                if flags.load(fromByteOffset: d, as: UInt8.self) != 0 { fastBodies.append(Int32(d)) }
                d += 1
            }
        }
        let count = fastBodies.count
        guard count > 0 else { return }
        let kernel = FastBodySweepKernel(world: self, bodies: UnsafePointer(fastBodies.base), count: count,
                                         parts: pairSearchParts.base, sweep: sweepView(), finalize: view)
        parallel(tasks.fastBodySweeps, kernel, count: PairSearchParts.count,
                 minimumChunk: count >= Self.parallelSweepCount ? 1 : PairSearchParts.count)
    }
}

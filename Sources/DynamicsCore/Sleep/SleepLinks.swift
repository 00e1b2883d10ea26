import CKernelSupport

/// Links the bodies of a share of the solver's touching contacts for the sleep update, on
/// several threads at once: two still dynamic bodies join one group, a still body touching a
/// restless one is held awake, and a dynamic body pushed by a moving kinematic one restarts its
/// timer (`World.updateSleep`, whose serial loop does the same one contact at a time).
///
/// The groups are a union-find forest in which a root is only ever linked under a smaller root,
/// by a compare-and-exchange that fails if another thread linked it first; a path is only
/// shortened to an ancestor. So each group's root is its smallest member, as in the serial loop,
/// whatever the threads' interleaving. The flags change by atomic bit operations.
///
/// A body pushed by a kinematic one may lose its still bit while another thread links it: it is
/// then grouped with a still neighbour or marks that neighbour held, and either way the
/// neighbour's group stays awake, as it does in the serial loop (whose order decides which).
/// The bodies that fall asleep, and their islands, are the same for any worker count.
struct SleepLinkKernel: ChunkKernel {
    var parent: UnsafeMutablePointer<Int32>
    var flags: UnsafeMutablePointer<UInt8>
    var sources: UnsafePointer<SolverSource>
    var sims: UnsafeMutablePointer<BodySim>

    func run(_ range: Range<Int>) {
        let dynamic = SleepFlags.dynamic
        for k in range {
            let dA = Int(sources[k].denseA), dB = Int(sources[k].denseB)
            let fA = dA >= 0 ? dynamics_relaxed_load_u8(flags + dA) : 0
            let fB = dB >= 0 ? dynamics_relaxed_load_u8(flags + dB) : 0
            if fA & fB & dynamic != 0 {
                link(dA, fA, dB, fB)
            } else {
                restartTimerIfPushed(dA, fA, dB, fB)
            }
        }
    }

    /// Groups two dynamic bodies if both are still, else holds the still one awake.
    @inline(__always)
    func link(_ a: Int, _ fa: UInt8, _ b: Int, _ fb: UInt8) {
        let still = SleepFlags.still, held = SleepFlags.heldAwake
        guard fa & fb & still != 0 else {
            if fa & still != 0 { dynamics_relaxed_or_u8(flags + a, held) }
            if fb & still != 0 { dynamics_relaxed_or_u8(flags + b, held) }
            return
        }
        while true {
            let ra = find(Int32(a)), rb = find(Int32(b))
            if ra == rb { return }
            let high = max(ra, rb), low = min(ra, rb)
            if dynamics_relaxed_exchange_i32(parent + Int(high), high, low) { return }
        }
    }

    /// The root of `x`'s group, halving the path on the way.
    @inline(__always)
    func find(_ x: Int32) -> Int32 {
        var x = x
        while true {
            let p = dynamics_relaxed_load_i32(parent + Int(x))
            if p == x { return x }
            let grandparent = dynamics_relaxed_load_i32(parent + Int(p))
            if grandparent != p { dynamics_relaxed_store_i32(parent + Int(x), grandparent) }
            x = grandparent
        }
    }

    /// `World.restartTimerIfPushed` with atomic writes: a dynamic body pushed by a kinematic
    /// body that is not still restarts its timer and is held awake.
    @inline(__always)
    func restartTimerIfPushed(_ dA: Int, _ fA: UInt8, _ dB: Int, _ fB: UInt8) {
        let dynamic = SleepFlags.dynamic, still = SleepFlags.still
        if fA & dynamic != 0 && dB >= 0 && fB & still == 0 {
            hold(dA)
        } else if fB & dynamic != 0 && dA >= 0 && fA & still == 0 {
            hold(dB)
        }
    }

    /// Restarts body `d`'s sleep timer and holds it awake.
    @inline(__always)
    func hold(_ d: Int) {
        let sleepTime = (UnsafeMutableRawPointer(sims + d) + Self.sleepTimeOffset).assumingMemoryBound(to: Float.self)
        dynamics_relaxed_store_f32(sleepTime, 0)
        dynamics_relaxed_clear_u8(flags + d, SleepFlags.still)
        dynamics_relaxed_or_u8(flags + d, SleepFlags.heldAwake)
    }

    /// Where a body record's sleep timer lies in it.
    static let sleepTimeOffset = MemoryLayout<BodySim>.offset(of: \BodySim.sleepTime)!
}

extension World {
    /// The fewest touching contacts a thread links at a time in the sleep update: a link is a
    /// few loads at random, and a scene of a few thousand contacts is linked faster by one thread
    /// than handed out.
    static let sleepLinkChunk = 4096
}

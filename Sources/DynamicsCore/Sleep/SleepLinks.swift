/// Links the bodies of the solver's touching contacts for the sleep update, two threads at once:
/// two still dynamic bodies join one group, a still body touching a restless one is held awake,
/// and a dynamic body pushed by a moving kinematic one restarts its timer.
///
/// The contacts come split as the colouring split them (`ColoringParts`): those whose movable
/// bodies all lie below the cut, those whose movable bodies all lie above it, and those joining
/// the two. Links write only to their movable bodies (a group is only ever linked under its
/// smaller root, and a body held or pushed is a dynamic one), so the lower part, on one thread,
/// and the upper part, on another, write to disjoint bodies and need no atomics. The joining
/// contacts are linked after both, on the calling thread. Each group's root is its smallest
/// member whatever the order of the links, so the bodies that sleep, and their islands, are
/// those of one thread linking in any order.
///
/// A body pushed by a kinematic one loses its still bit: whether that comes before or after its
/// links to still neighbours decides only whether such a neighbour joins its group or is marked
/// held, and either way the neighbour's group stays awake.
struct SleepLinkKernel: ChunkKernel {
    var parent: UnsafeMutablePointer<Int32>
    var flags: UnsafeMutablePointer<UInt8>
    var sims: UnsafeMutablePointer<BodySim>
    /// The lower part's contacts (item 0) and the upper part's (item 1).
    var lower: UnsafeBufferPointer<SolverSource>
    var upper: UnsafeBufferPointer<SolverSource>

    func run(_ range: Range<Int>) {
        for part in range { link(part == 0 ? lower : upper) }
    }

    /// Links the bodies of `sources`, in order.
    func link(_ sources: UnsafeBufferPointer<SolverSource>) {
        let dynamic = SleepFlags.dynamic
        for source in sources {
            let dA = Int(source.denseA), dB = Int(source.denseB)
            let fA = dA >= 0 ? flags[dA] : 0, fB = dB >= 0 ? flags[dB] : 0
            if fA & fB & dynamic != 0 {
                link(dA, dB)
            } else {
                World.restartTimerIfPushed(dA, dB, flags: flags, sims: sims)
            }
        }
    }

    /// Groups two dynamic bodies if both are still, else holds the still one awake.
    @inline(__always)
    func link(_ a: Int, _ b: Int) {
        let fa = flags[a], fb = flags[b]
        let still = SleepFlags.still, held = SleepFlags.heldAwake
        if fa & fb & still != 0 {
            let ra = find(Int32(a)), rb = find(Int32(b))
            if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
        } else {
            flags[a] = fa | (fa & still != 0 ? held : 0)
            flags[b] = fb | (fb & still != 0 ? held : 0)
        }
    }

    /// The root of `x`'s group, halving the path on the way.
    @inline(__always)
    func find(_ x: Int32) -> Int32 {
        var x = x
        while parent[Int(x)] != x {
            parent[Int(x)] = parent[Int(parent[Int(x)])]
            x = parent[Int(x)]
        }
        return x
    }
}

extension World {
    /// From this many touching contacts on, the sleep update links the two parts on two threads.
    static let sharedSleepLinkCount = 8192
}

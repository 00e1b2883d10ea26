/// A touching contact queued for the solver, with its bodies' dense indices (−1 for a body that
/// is not awake). The colouring reads the contacts in order and writes these, so that preparing
/// the constraints in colour order does not wait on a contact read before it can look up the bodies.
struct SolverSource: BitwiseCopyable {
    var contact: Int32
    var denseA: Int32
    var denseB: Int32
}

/// What the colouring needs of one contact, written by the narrowphase while it has the contact
/// and its bodies at hand: 16 bytes read in order instead of a line of each 184-byte contact and
/// two body records at random (most of the colouring's time, and the colouring runs serially).
struct SolverKey: BitwiseCopyable {
    /// The bodies' dense indices, −1 for a body that is not awake.
    var denseA: Int32
    var denseB: Int32
    var bits: UInt32
    var unused: UInt32 = 0

    /// The contact is touching and simulated: it gets a constraint.
    static let solved: UInt32 = 1 << 0
    /// One of its shapes is a segment.
    static let hasSegment: UInt32 = 1 << 1
    /// Body A (B) is awake with a finite mass: it takes a colour slot.
    static let movableA: UInt32 = 1 << 2
    static let movableB: UInt32 = 1 << 3
    /// The contact is solved and one of its bodies was asleep when the key was written: if that
    /// body wakes before the colouring, the key is written again (`World.refreshKeysOfWokenBodies`).
    static let sleepingSide: UInt32 = 1 << 4

    init(denseA: Int32, denseB: Int32, bits: UInt32) {
        self.denseA = denseA
        self.denseB = denseB
        self.bits = bits
    }
}

extension GraphColoring {
    /// `colorContacts` from the narrowphase's keys instead of the contacts: the same colours,
    /// sources and segment list, as long as the keys are current (`World.solverKeysValid`).
    mutating func colorContacts(keys: UnsafePointer<SolverKey>, count: Int, awake: Int,
                                colors: UnsafeMutablePointer<Int32>, sources: UnsafeMutablePointer<SolverSource>,
                                segmentContacts: UnsafeMutablePointer<Int32>) -> (touching: Int, segments: Int) {
        reset(bodyCount: awake)
        var n = 0, segments = 0
        let zero = zeroSlot, sink = sinkSlot
        // Without branches: whether a contact is touching, or has a segment, is close to random
        // in a moving pile, and the mispredicted branches were much of this serial loop. Every
        // contact writes its entries; only the ones that count advance the ends.
        for i in 0..<count {
            let key = keys[i]
            segmentContacts[segments] = Int32(i)
            segments &+= key.bits & SolverKey.hasSegment != 0 ? 1 : 0
            let solved: Int32 = key.bits & SolverKey.solved != 0 ? 1 : 0
            let movableA = key.bits & SolverKey.movableA != 0, movableB = key.bits & SolverKey.movableB != 0
            colors[n] = assign(readA: movableA ? Int(key.denseA) : zero, writeA: movableA ? Int(key.denseA) : sink,
                               readB: movableB ? Int(key.denseB) : zero, writeB: movableB ? Int(key.denseB) : sink,
                               count: solved)
            sources[n] = SolverSource(contact: Int32(i), denseA: key.denseA, denseB: key.denseB)
            n &+= Int(solved)
        }
        return (n, segments)
    }

    /// Starts a colouring of the touching, simulated contacts: writes each one's colour to `colors`
    /// and its index and bodies to `sources` (in contact order) and returns how many there are. Call `finish`
    /// afterwards. One pass over pointers, so that the loop pays no exclusivity checks or copies.
    ///
    /// The pass reads every contact's flags, so it also lists, in `segmentContacts`, the contacts
    /// with a segment, touching or not (for `World.keepCentresOffStaticSegments`).
    mutating func colorContacts(_ contacts: UnsafePointer<Contact>, count: Int, denseOfSlot: UnsafePointer<Int32>,
                                sims: UnsafePointer<BodySim>, awake: Int,
                                colors: UnsafeMutablePointer<Int32>, sources: UnsafeMutablePointer<SolverSource>,
                                segmentContacts: UnsafeMutablePointer<Int32>) -> (touching: Int, segments: Int) {
        reset(bodyCount: awake)
        var n = 0, segments = 0
        for i in 0..<count {
            let flags = contacts[i].flags
            if flags.contains(.hasSegment) {
                segmentContacts[segments] = Int32(i)
                segments += 1
            }
            guard flags.contains(.touching) && flags.contains(.simulated) else { continue }
            let dA = Int(denseOfSlot[Int(contacts[i].bodyA)]), dB = Int(denseOfSlot[Int(contacts[i].bodyB)])
            let colorA: Int32 = dA < awake && sims[dA].invMass > 0 ? Int32(dA) : -1
            let colorB: Int32 = dB < awake && sims[dB].invMass > 0 ? Int32(dB) : -1
            colors[n] = assign(colorA, colorB)
            sources[n] = SolverSource(contact: Int32(i), denseA: dA < awake ? Int32(dA) : -1, denseB: dB < awake ? Int32(dB) : -1)
            n += 1
        }
        return (n, segments)
    }
}

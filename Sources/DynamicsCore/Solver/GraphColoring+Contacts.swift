/// A touching contact queued for the solver, with its bodies' dense indices (−1 for a body that
/// is not awake). The colouring reads the contacts in order and writes these, so that preparing
/// the constraints in colour order does not wait on a contact read before it can look up the bodies.
struct SolverSource: BitwiseCopyable {
    var contact: Int32
    var denseA: Int32
    var denseB: Int32
}

extension GraphColoring {
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

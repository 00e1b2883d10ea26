extension GraphColoring {
    /// Starts a colouring of the touching, simulated contacts: writes each one's colour and index
    /// to `colors` and `sources` (in contact order) and returns how many there are. Call `finish`
    /// afterwards. One pass over pointers, so that the loop pays no exclusivity checks or copies.
    mutating func colorContacts(_ contacts: UnsafePointer<Contact>, count: Int, denseOfSlot: UnsafePointer<Int32>,
                                sims: UnsafePointer<BodySim>, awake: Int,
                                colors: UnsafeMutablePointer<Int32>, sources: UnsafeMutablePointer<Int32>) -> Int {
        reset(bodyCount: awake)
        var n = 0
        for i in 0..<count {
            let flags = contacts[i].flags
            guard flags.contains(.touching) && flags.contains(.simulated) else { continue }
            let dA = Int(denseOfSlot[Int(contacts[i].bodyA)]), dB = Int(denseOfSlot[Int(contacts[i].bodyB)])
            let colorA: Int32 = dA < awake && sims[dA].invMass > 0 ? Int32(dA) : -1
            let colorB: Int32 = dB < awake && sims[dB].invMass > 0 ? Int32(dB) : -1
            colors[n] = assign(colorA, colorB)
            sources[n] = Int32(i)
            n += 1
        }
        return n
    }
}

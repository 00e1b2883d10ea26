extension World {
    /// The narrowphase's serial pass over what it left in `contactChanged`, in contact order:
    /// lists the contacts to destroy, records begin and end events, and wakes sleepers that
    /// awake bodies started touching. A contact's record is read only for an event or a sleeper.
    ///
    /// Most contacts change nothing in a step, so the bytes are read eight at a time and only
    /// the set ones are visited: byte by byte, the loop's test and branch per contact were half
    /// of this pass on the calling thread while the workers waited (tumbler, two threads).
    func recordContactChanges() {
        disjointContacts.removeAll()
        // Room for every contact the store can hold: grown one by one, the list grew at each new
        // high of contacts coming apart in a step (the junkyard, once in its steady steps).
        disjointContacts.reserve(contacts.capacity)
        let count = contacts.count
        let changed = UnsafeRawPointer(contactChanged.base)
        var first = 0
        while first + 8 <= count {
            // Little-endian, so that the lowest set byte is the lowest contact index.
            var word = UInt64(littleEndian: changed.loadUnaligned(fromByteOffset: first, as: UInt64.self))
            while word != 0 {
                let byte = word.trailingZeroBitCount >> 3
                recordChange(ContactChange(rawValue: UInt8(truncatingIfNeeded: word >> UInt64(byte << 3))), at: first + byte)
                word &= ~(0xFF << UInt64(byte << 3))
            }
            first += 8
        }
        for i in first..<count {
            let change = changed.load(fromByteOffset: i, as: ContactChange.self)
            if !change.isEmpty { recordChange(change, at: i) }
        }
    }

    /// What one changed contact leaves behind (see `recordContactChanges`).
    @inline(__always)
    private func recordChange(_ change: ContactChange, at i: Int) {
        if change.contains(.disjoint) { disjointContacts.append(Int32(i)) }
        guard change.contains(.reportsEvents) || change.contains(.touchesSleeper) else { return }
        // Fields through the pointer: binding the whole contact copied it (memcpy) twice.
        let c = contacts.base + i
        if change.contains(.startedTouching) {
            if change.contains(.reportsEvents) {
                beginEvents.append(ContactBeginEvent(shapeA: shapeID(slot: c.pointee.shapeA), shapeB: shapeID(slot: c.pointee.shapeB),
                                                     point: contactPoint(i, 0), normal: solverManifolds.base[i].normal))
            }
            // A body asleep in a pile wakes when something awake starts touching it.
            let bodyA = c.pointee.bodyA, bodyB = c.pointee.bodyB
            if !bodies.isAwake(slot: bodyA) && !bodies.isStatic(slot: bodyA) { wake(bodySlot: bodyA) }
            if !bodies.isAwake(slot: bodyB) && !bodies.isStatic(slot: bodyB) { wake(bodySlot: bodyB) }
        } else if change.contains(.stoppedTouching) && change.contains(.reportsEvents) {
            endEvents.append(ContactEndEvent(shapeA: shapeID(slot: c.pointee.shapeA), shapeB: shapeID(slot: c.pointee.shapeB)))
        }
    }
}

/// Builds the records of a step's new contacts, in parallel. The serial pass before it has
/// given each new pair its contact index in the pair table (in key order, so the indices do not
/// depend on the worker count); what is left per contact is reading its shapes and writing its
/// record and zero impulses, and every index is written by one task only.
struct NewContactsKernel: ChunkKernel {
    /// The new pairs, `keys[k]` for contact index `first + k`.
    var keys: UnsafePointer<UInt64>
    /// The contacts, their solver manifolds and impulses from the first new index on.
    var contacts: UnsafeMutablePointer<Contact>
    var solverManifolds: UnsafeMutablePointer<SolverManifold>
    var impulses: UnsafeMutablePointer<ContactImpulses>
    /// Per new contact: 1 when its restitution is above zero, else 0 (summed serially afterwards).
    var bouncy: UnsafeMutablePointer<UInt8>
    var body: UnsafePointer<Int32>
    var friction: UnsafePointer<Float>
    var restitution: UnsafePointer<Float>
    var enableEvents: UnsafePointer<Bool>
    var geometry: UnsafePointer<ShapeGeometryRecord>

    func run(_ range: Range<Int>) {
        for k in range {
            let key = keys[k]
            let shapeA = Int32(truncatingIfNeeded: key >> 32), shapeB = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
            let a = Int(shapeA), b = Int(shapeB)
            var flags: ContactFlags = []
            if enableEvents[a] || enableEvents[b] { flags.insert(.enableEvents) }
            if geometry[a].kind == .segment || geometry[b].kind == .segment { flags.insert(.hasSegment) }
            let material = Contact.combinedMaterial(friction: (friction[a], friction[b]),
                                                    restitution: (restitution[a], restitution[b]))
            // Built where it goes: a finished record copied in was a library copy of all its bytes.
            (contacts + k).initialize(to: Contact(shapeA: shapeA, shapeB: shapeB, bodyA: body[a], bodyB: body[b],
                                                  flags: flags, id0: 0, id1: 0, cache: .empty))
            solverManifolds[k] = .empty(friction: material.friction, restitution: material.restitution)
            impulses[k] = .zero
            bouncy[k] = material.restitution > 0 ? 1 : 0
        }
    }
}

extension Contact {
    /// A contact's friction and restitution from its shapes': the geometric mean of the
    /// frictions and the larger restitution.
    @inline(__always)
    static func combinedMaterial(friction: (Float, Float), restitution: (Float, Float)) -> (friction: Float, restitution: Float) {
        ((friction.0 * friction.1).squareRoot(), max(restitution.0, restitution.1))
    }
}

extension World {
    /// Creates a contact for each pair in `sorted` (ascending keys, duplicates adjacent), in key
    /// order. Serially, each new pair is entered in the pair table (the table's
    /// slots are loaded a few pairs ahead: each was a cache miss) and the pairs are compacted in
    /// place; the records are then built on the workers.
    func createContacts(sorted: UnsafeMutableBufferPointer<UInt64>) {
        pairs.reserve(pairs.count + sorted.count)
        let first = contacts.count
        let ahead = Self.pairSlotPrefetchDistance
        var previous: UInt64 = 0, n = 0
        for i in 0..<sorted.count {
            let key = sorted[i]
            if i + ahead < sorted.count { pairs.prefetchForWrite(sorted[i + ahead]) }
            guard key != previous else { continue }
            previous = key
            pairs.insert(key)
            sorted[n] = key
            n += 1
        }
        guard n > 0 else { return }
        contacts.resizeUninitialized(to: first + n)
        solverManifolds.resizeUninitialized(to: first + n)
        contactImpulses.resizeUninitialized(to: first + n)
        newContactBouncy.resizeUninitialized(to: n)
        parallel(tasks.newContacts,
                 NewContactsKernel(keys: UnsafePointer(sorted.baseAddress!), contacts: contacts.base + first,
                                   solverManifolds: solverManifolds.base + first,
                                   impulses: contactImpulses.base + first, bouncy: newContactBouncy.base,
                                   body: UnsafePointer(shapes.body.base), friction: UnsafePointer(shapes.friction.base),
                                   restitution: UnsafePointer(shapes.restitution.base),
                                   enableEvents: UnsafePointer(shapes.enableEvents.base),
                                   geometry: UnsafePointer(shapes.geometry.base)),
                 count: n, minimumChunk: 128)
        let bouncy = newContactBouncy.base
        var count = 0
        for k in 0..<n { count &+= Int(bouncy[k]) }
        bouncyContactCount += count
    }
}

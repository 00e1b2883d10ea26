extension World {
    /// Colours the solved contacts from their keys (see `ContactSplitKernel` and
    /// `SplitColoringKernel`), lists the contacts with a segment in `segmentContacts`, and writes
    /// the constraints' sources in colour order to `orderedSources`; returns how many there are.
    /// Keeps the last step's result when it was computed from the same inputs
    /// (`KeptContactColoring`).
    func colorContacts(awake: Int) -> Int {
        let count = contacts.count
        let keys = UnsafePointer(solverKeys.base)
        let half = splitBalance.half(awake: awake)
        if keepsContactColoring
            && keptContactColoring.holds(keys, count: count, awake: awake, half: half, on: self, task: tasks.keyComparison) {
            keptContactColoring.noteKept()
            return coloring.coloredCount
        }
        let total = colorContactsAgain(awake: awake, half: half)
        keptContactColoring.noteColoredAgain(keys, count: count, awake: awake, half: half, room: contacts.capacity)
        return total
    }

    /// `colorContacts` without the kept result, with the cut at `half`.
    private func colorContactsAgain(awake: Int, half: Int32) -> Int {
        let count = contacts.count
        coloring.reset(bodyCount: awake)
        let parts = coloringParts.base, ranges = coloringParts.ranges
        // Room for every contact the store can hold, so that the lists sized by the contacts grow
        // in a step where the store grows anyway, not at highs of their own (the tumbler's parts,
        // growing by doubling, allocated at a new high in the bench's measured half). A part
        // holds solved contacts of one half, rarely more than half the store's room.
        let room = contacts.capacity
        for r in 0..<2 {
            ranges[r].lower.reserve(room / 2 + 1)
            ranges[r].upper.reserve(room / 2 + 1)
            ranges[r].joining.reserve(room / 2 + 1)
            ranges[r].segments.reserve(room / 2 + 1)
        }
        for p in 0..<ColoringParts.count {
            parts[p].sources.reserve(room / 2 + 1)
            parts[p].colors.reserve(room / 2 + 1)
        }
        segmentContacts.reserve(room)
        segmentCrossings.reserve(room)
        orderedSources.reserve(room)
        let keys = UnsafePointer(solverKeys.base)
        // A few contacts are not worth the hand-offs: the caller then runs each pass alone.
        let shared = count >= Self.splitColoringCount
        splitBalance.clear()
        let split = ContactSplitKernel(keys: keys, count: count, half: half, ranges: ranges,
                                       balance: splitBalance.counts.base,
                                       bucketFactor: SplitBalance.bucketFactor(awake: awake))
        if shared { parallel(tasks.contactSplit, split, count: 2, minimumChunk: 1) } else { split.run(0..<2) }
        splitBalance.update()
        let colouring = SplitColoringKernel(keys: keys, words: coloring.words, zeroSlot: coloring.zeroSlot,
                                            sinkSlots: coloring.sinkSlots, parts: parts, ranges: ranges)
        if shared { parallel(tasks.splitColoring, colouring, count: 2, minimumChunk: 1) } else { colouring.run(0..<2) }
        colouring.run(ColoringParts.joining..<ColoringParts.joining + 1)
        segmentContacts.resizeUninitialized(to: ranges[0].segments.count + ranges[1].segments.count)
        segmentContacts.base.update(from: ranges[0].segments.base, count: ranges[0].segments.count)
        (segmentContacts.base + ranges[0].segments.count).update(from: ranges[1].segments.base,
                                                                 count: ranges[1].segments.count)
        // Colour ranges from the parts' counts; in each colour the lower part's constraints, then
        // the upper part's, then the joining ones.
        let counts = coloring.counts.base
        for c in 0...GraphColoring.maxColors {
            counts[c] = 0
            for p in 0..<ColoringParts.count { counts[c] += parts[p].counts[c] }
        }
        coloring.finish()
        let stride = GraphColoring.maxColors + 1
        colorCursors.resizeUninitialized(to: ColoringParts.count * stride)
        let cursors = colorCursors.base
        for c in 0...GraphColoring.maxColors {
            var at = coloring.offsets[c]
            for p in 0..<ColoringParts.count {
                cursors[p * stride + c] = at
                at += parts[p].counts[c]
            }
        }
        let total = coloring.coloredCount
        orderedSources.resizeUninitialized(to: total)
        let scatter = ColorScatterKernel(parts: parts, cursors: cursors, ordered: orderedSources.base)
        if shared {
            parallel(tasks.colorScatter, scatter, count: ColoringParts.count, minimumChunk: 1)
        } else {
            scatter.run(0..<ColoringParts.count)
        }
        return total
    }

    /// Contacts from which the colouring's passes run on the workers.
    static let splitColoringCount = 2048
}

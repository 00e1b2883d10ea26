/// All bodies, in structure-of-arrays storage with three dense ranges:
/// `[0, awakeCount)` awake, `[awakeCount, movableCount)` asleep, `[movableCount, count)` static.
///
/// Dense indices change when bodies move between ranges; handles (slots) do not.
/// A sleeping or static body is never visited by a per-step pass.
struct BodyStore: ~Copyable {
    var slots = SlotAllocator()
    // Indexed by slot.
    var denseOfSlot = Column<Int32>()
    var firstShape = Column<Int32>()
    var island = Column<Int32>()
    var userData = Column<UInt64>()
    // Indexed by dense index.
    var slotOfDense = Column<Int32>()
    var state = Column<BodyState>()
    var sim = Column<BodySim>()

    private(set) var awakeCount = 0
    private(set) var movableCount = 0
    /// Changes whenever a body is inserted or removed, falls asleep or wakes, or has its mass
    /// recomputed (`noteMassChange`): what the joint colouring reads of the bodies (which are
    /// awake, which can move) is unchanged while it is. Reordering the awake range leaves it.
    private(set) var membershipVersion: UInt64 = 0
    var count: Int { slotOfDense.count }
    var sleepingCount: Int { movableCount - awakeCount }

    @inline(__always)
    func dense(_ slot: Int32) -> Int { Int(denseOfSlot[Int(slot)]) }

    @inline(__always)
    func isAwake(slot: Int32) -> Bool { dense(slot) < awakeCount }

    @inline(__always)
    func isStatic(slot: Int32) -> Bool { dense(slot) >= movableCount }

    /// Appends a body in the range its type belongs to and returns its slot.
    mutating func insert(sim: BodySim, state: BodyState, userData: UInt64) -> Int32 {
        let (slot, _) = slots.allocate()
        membershipVersion &+= 1
        let s = Int(slot)
        if s == denseOfSlot.count {
            denseOfSlot.append(-1); firstShape.append(-1); island.append(-1); self.userData.append(0)
        }
        firstShape[s] = -1
        island[s] = -1
        self.userData[s] = userData
        let d = count
        slotOfDense.append(slot)
        self.state.append(state)
        self.sim.append(sim)
        denseOfSlot[s] = Int32(d)
        if sim.type != .static {
            // Move into the awake range: past the statics, then past the sleepers.
            swapDense(d, movableCount)
            movableCount += 1
            swapDense(movableCount - 1, awakeCount)
            awakeCount += 1
        }
        return slot
    }

    /// Removes a body's dense entry and frees its slot.
    mutating func remove(slot: Int32) {
        membershipVersion &+= 1
        var d = dense(slot)
        if d < awakeCount {
            swapDense(d, awakeCount - 1); d = awakeCount - 1; awakeCount -= 1
        }
        if d < movableCount {
            swapDense(d, movableCount - 1); d = movableCount - 1; movableCount -= 1
        }
        swapDense(d, count - 1)
        slotOfDense.removeLast(); state.removeLast(); sim.removeLast()
        denseOfSlot[Int(slot)] = -1
        slots.release(slot)
    }

    /// Moves an awake body into the sleeping range.
    mutating func putToSleep(slot: Int32) {
        let d = dense(slot)
        precondition(d < awakeCount)
        membershipVersion &+= 1
        swapDense(d, awakeCount - 1)
        awakeCount -= 1
    }

    /// Moves a sleeping body into the awake range.
    mutating func wake(slot: Int32) {
        let d = dense(slot)
        precondition(d >= awakeCount && d < movableCount)
        membershipVersion &+= 1
        swapDense(d, awakeCount)
        awakeCount += 1
    }

    /// Records that a body's mass properties were written (see `membershipVersion`).
    mutating func noteMassChange() { membershipVersion &+= 1 }

    /// The awake bodies' records, for reordering the awake range (`World.permute`); after it,
    /// `renumberAwake()` must run.
    var awakeRecords: AwakeBodyRecords {
        AwakeBodyRecords(state.base, sim.base, slotOfDense.base)
    }

    /// Points each awake body's slot at its dense index again, after the awake range was reordered.
    func renumberAwake() {
        let denseOf = denseOfSlot.base, slots = slotOfDense.base
        for d in 0..<awakeCount { denseOf[Int(slots[d])] = Int32(d) }
    }

    private func swapDense(_ i: Int, _ j: Int) {
        guard i != j else { return }
        slotOfDense.swapAt(i, j)
        state.swapAt(i, j)
        sim.swapAt(i, j)
        denseOfSlot[Int(slotOfDense[i])] = Int32(i)
        denseOfSlot[Int(slotOfDense[j])] = Int32(j)
    }
}

/// A body's records in dense order (state, simulation record and slot), moved together when the
/// locality pass reorders the awake range.
typealias AwakeBodyRecords = ColumnTriple<BodyState, BodySim, Int32>

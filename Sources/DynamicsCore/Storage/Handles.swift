/// A handle to a body: an index into the world's body slots and the generation of that slot.
///
/// A handle stays valid while other bodies are added and removed; it becomes stale when its body is
/// removed, and a stale handle is never mistaken for a newer body in the same slot.
public struct BodyID: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The slot index.
    public let index: Int32
    /// The slot's generation when the body was created.
    public let generation: UInt32
    /// A readable form, `body#index.generation`.
    public var description: String { "body#\(index).\(generation)" }
}

/// A handle to a shape (see `BodyID` for the validity rules).
public struct ShapeID: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The handle's index: shapes created one after another get ascending indices, and a
    /// destroyed shape's index is given to a later one. (Where the shape's records are kept
    /// is the world's business, and may change as it steps.)
    public let index: Int32
    /// The index's generation when the shape was created.
    public let generation: UInt32
    /// A readable form, `shape#index.generation`.
    public var description: String { "shape#\(index).\(generation)" }
}

/// A handle to a joint (see `BodyID` for the validity rules).
public struct JointID: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The slot index.
    public let index: Int32
    /// The slot's generation when the joint was created.
    public let generation: UInt32
    /// A readable form, `joint#index.generation`.
    public var description: String { "joint#\(index).\(generation)" }
}

/// Slot bookkeeping shared by bodies, shapes and joints: generations and a free list.
struct SlotAllocator: ~Copyable {
    var generations = Column<UInt32>()
    var alive = Column<Bool>()
    var freeList = Column<Int32>()

    /// Claims a slot and returns its index and generation.
    mutating func allocate() -> (index: Int32, generation: UInt32) {
        if freeList.count > 0 {
            let index = freeList[freeList.count - 1]
            freeList.removeLast()
            alive[Int(index)] = true
            return (index, generations[Int(index)])
        }
        generations.append(1)
        alive.append(true)
        return (Int32(generations.count - 1), 1)
    }

    /// Releases a slot; its generation advances so that old handles go stale.
    mutating func release(_ index: Int32) {
        let i = Int(index)
        alive[i] = false
        generations[i] &+= 1
        freeList.append(index)
    }

    func isValid(index: Int32, generation: UInt32) -> Bool {
        index >= 0 && Int(index) < generations.count && alive[Int(index)] && generations[Int(index)] == generation
    }

    var slotCount: Int { generations.count }
}

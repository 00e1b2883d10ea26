/// The kind of a joint.
public enum JointKind: UInt8, Sendable, BitwiseCopyable {
    /// Rod, spring or rope.
    case distance
    /// Pin with optional limits and friction.
    case revolute
    /// Slider along an axis.
    case prismatic
    /// Fixed relative pose, rigid or springy.
    case weld
    /// Spring towards a world point.
    case target
}

struct JointOptions: OptionSet, BitwiseCopyable {
    let rawValue: UInt8
    static let spring = JointOptions(rawValue: 1)
    static let limit = JointOptions(rawValue: 2)
    static let collideConnected = JointOptions(rawValue: 4)
}

/// One joint: its settings, its accumulated impulses, and what `prepare` computes each step.
struct JointRecord: BitwiseCopyable {
    var kind: JointKind
    var options: JointOptions
    /// Body slots; −1 is the world.
    var bodyA: Int32
    var bodyB: Int32
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    var localAxisA: Vec2
    var referenceAngle: Float
    var length: Float
    var minLength: Float
    var maxLength: Float
    var hertz: Float
    var dampingRatio: Float
    var angularHertz: Float
    var angularDampingRatio: Float
    /// Angle or translation limits.
    var lower: Float
    var upper: Float
    var maxFrictionTorque: Float
    var maxForce: Float
    var target: Vec2

    // Accumulated impulses (warm started every sub-step).
    var linearImpulse: Vec2 = .zero
    var angularImpulse: Float = 0
    var axialImpulse: Float = 0
    var springImpulse: Float = 0
    var lowerImpulse: Float = 0
    var upperImpulse: Float = 0
    var frictionImpulse: Float = 0

    // Prepared per step.
    var denseA: Int32 = -1
    var denseB: Int32 = -1
    var massA: Float = 0
    var inertiaA: Float = 0
    var massB: Float = 0
    var inertiaB: Float = 0
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    var deltaCenter: Vec2 = .zero
    var deltaAngle: Float = 0
    var axisA: Vec2 = .zero

    init(kind: JointKind, bodyA: Int32, bodyB: Int32, localAnchorA: Vec2, localAnchorB: Vec2) {
        self.kind = kind
        self.options = []
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        localAxisA = Vec2(1, 0)
        referenceAngle = 0
        length = 0; minLength = 0; maxLength = .infinity
        hertz = 0; dampingRatio = 0; angularHertz = 0; angularDampingRatio = 0
        lower = 0; upper = 0; maxFrictionTorque = 0; maxForce = .infinity
        target = .zero
    }
}

/// What the joint colouring reads of a joint: its bodies' slots and which wide block, if any,
/// solves it.
struct JointKey: BitwiseCopyable {
    var bodyA: Int32
    var bodyB: Int32
    var wide: WideJointKind
}

/// The joints solved four at a time, each kind in blocks of its own.
enum WideJointKind: UInt8, BitwiseCopyable {
    /// Solved alone (`JointRecord`).
    case none
    /// A plain pin (`WidePinBlock`).
    case pin
    /// A distance joint without limit: a rod or a spring (`WideDistanceBlock`).
    case distance

    /// The kind of wide block that takes `r`.
    static func of(_ r: JointRecord) -> WideJointKind {
        WidePinBlock.takes(r) ? .pin : WideDistanceBlock.takes(r) ? .distance : .none
    }
}

/// Joint slots, and the step's active joints grouped by colour.
struct JointStore: ~Copyable {
    var slots = SlotAllocator()
    var records = Column<JointRecord>()
    /// Joints prepared this step (slot indices), grouped by colour: colour c holds
    /// `coloring.offsets[c]..<coloring.offsets[c+1]`, in slot order inside a colour.
    var active = Column<Int32>()
    /// No body that can move appears twice in one colour, so a colour's joints solve in parallel.
    var coloring = GraphColoring()
    /// Scratch of `gatherActive`: active slots in slot order and their colours.
    var unordered = Column<Int32>()
    var colorOf = Column<Int32>()
    /// Per slot, the joint's bodies and whether it is a plain pin (see `setKey`).
    var keys = Column<JointKey>()
    /// Scratch of `gatherActive`: two placement cursors per colour.
    var cursors = Column<Int32>()
    /// Per colour (not the overflow), how many of its joints, first in its range of `active`,
    /// are plain pins solved four at a time (`WidePinBlock`).
    var pinCounts = Column<Int32>()
    /// The pins' blocks, colour by colour: colour c holds `pinBlockOffsets[c]..<pinBlockOffsets[c+1]`.
    var pinBlocks = Column<WidePinBlock>()
    var pinBlockOffsets = Column<Int32>()
    /// Per colour (not the overflow), how many of its joints, right after its pins in `active`,
    /// are distance joints without limit solved four at a time (`WideDistanceBlock`).
    var distanceCounts = Column<Int32>()
    /// The distance joints' blocks, colour by colour, as the pins' are.
    var distanceBlocks = Column<WideDistanceBlock>()
    var distanceBlockOffsets = Column<Int32>()
    /// Changes whenever a joint is created or destroyed (`setKey`, `release`).
    private(set) var version: UInt64 = 0
    /// What the last `gatherActive` was computed from; while the joints, the bodies' membership
    /// and the pin setting are the same, its `active`, `coloring` and `pinCounts` still hold.
    var gatheredFrom: GatherInputs?
    /// Whether debug builds colour again when the result is kept, to check it (a test turns it
    /// off to see the kept result itself).
    var verifiesKeptColoring = true

    /// Records a joint's change (see `version`).
    mutating func noteChange() { version &+= 1 }

    /// Frees a joint's slot.
    mutating func release(_ slot: Int32) {
        slots.release(slot)
        noteChange()
    }
}

/// The inputs of a joint colouring (see `JointStore.gatheredFrom`).
struct GatherInputs: Equatable {
    var joints: UInt64
    var bodies: UInt64
    var wideJoints: Bool
}

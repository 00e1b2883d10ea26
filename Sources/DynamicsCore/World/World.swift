/// A simulation world: bodies, shapes, joints and contacts, stepped as one batched pipeline.
///
/// ```swift
/// var definition = WorldDefinition()
/// definition.gravity = Vec2(0, -10)
/// let world = try World(definition)
/// let ground = try world.createBody(BodyDefinition(type: .static))
/// try world.createShape(on: ground, ShapeDefinition(.segment(Vec2(-20, 0), Vec2(20, 0))))
/// let box = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 4)))
/// try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
/// for _ in 0..<60 { world.step(1.0 / 60) }
/// print(world.position(of: box))
/// ```
///
/// One `step(_:)` runs: broadphase pair update → narrowphase (manifolds, contact events) →
/// graph-coloured soft-step sequential impulses with sub-steps (integrate velocities, warm start,
/// solve, integrate positions, relax) and restitution → finalisation (transforms, continuous
/// collision, enlarged boxes) → sleep. Handles stay valid across adds and removes.
public final class World {
    /// The settings the world was created with.
    public internal(set) var definition: WorldDefinition
    let tolerances: Tolerances
    let pool: WorkerPool
    let tasks = StageTasks()

    // The stores and scratch below are marked `@exclusivity(unchecked)`: the step's serial loops
    // (contact creation and removal, the regrid in finalisation, the sweeps) touch them per
    // contact or per body, and the runtime's access check cost 2.4 % of tumbler. The world is used
    // from one thread, and its worker kernels reach the stores through pointers taken once per pass.
    @exclusivity(unchecked) var bodies = BodyStore()
    @exclusivity(unchecked) var shapes = ShapeStore()
    @exclusivity(unchecked) var joints = JointStore()
    @exclusivity(unchecked) var contacts = Column<Contact>()
    /// Each contact's solver manifold (normal, anchors, separations, material), at the contact's index.
    @exclusivity(unchecked) var solverManifolds = Column<SolverManifold>()
    /// Each contact's accumulated impulses, at the contact's index.
    @exclusivity(unchecked) var contactImpulses = Column<ContactImpulses>()
    /// Contacts with a restitution above 0: without any, the restitution sweeps are skipped.
    @exclusivity(unchecked) var bouncyContactCount = 0
    @exclusivity(unchecked) var pairs = PairTable()
    /// Body pairs joined by a joint that does not let them collide, counted.
    @exclusivity(unchecked) var jointedBodyPairs = PairTable(capacity: 64, counts: true)

    // Broadphase.
    @exclusivity(unchecked) var movingGrid: SpatialHash
    @exclusivity(unchecked) var staticGrid: SpatialHash
    /// The grids' nodes in contiguous runs, for a pair search with many queries (`CellRuns`).
    @exclusivity(unchecked) var movingRuns = CellRuns()
    @exclusivity(unchecked) var staticRuns = CellRuns()
    /// Whether the moving grid's chains are left empty while most of its proxies move every step,
    /// its runs then built from the proxies' cells (see `World+DetachedGrid.swift`).
    @exclusivity(unchecked) var movingGridDetached = false
    /// Proxies placed in the moving grid (linked or not).
    @exclusivity(unchecked) var movingProxyCount = 0
    @exclusivity(unchecked) var proxyRunsScratch = ProxyRunsScratch()
    /// The filters of the proxies in each grid (`FilterUnion`), reset when the grid empties.
    @exclusivity(unchecked) var movingFilters = FilterUnion()
    @exclusivity(unchecked) var staticFilters = FilterUnion()
    @exclusivity(unchecked) var largeProxies = Column<Int32>()
    /// This step's moved large proxies whose pair search is cut into bands (`searchesInBands`).
    @exclusivity(unchecked) var bandedSearches = Column<Int32>()
    /// Shapes that never collide, kept out of the grids.
    @exclusivity(unchecked) var inertProxyCount = 0
    /// Segment shapes in the world (chains are segments): the crossing guard runs only if any exist.
    @exclusivity(unchecked) var segmentShapeCount = 0
    @exclusivity(unchecked) var moveBuffer = Column<Int32>()
    /// Where the finalisation's parallel pass lists the proxies it marks moved (`MovedMarkBatch`).
    let movedListCursor = MovedListCursor()
    @exclusivity(unchecked) var movedFlag = Column<Bool>()
    @exclusivity(unchecked) var pairCandidates = Column<UInt64>()
    /// Per contact created this step, whether it is bouncy (see `createContacts(sorted:)`).
    @exclusivity(unchecked) var newContactBouncy = Column<UInt8>()
    /// The contacts the narrowphase found with separated boxes, ascending (see `collide`).
    @exclusivity(unchecked) var disjointContacts = Column<Int32>()
    /// Sorts the new pairs' keys each step (see `updatePairs`), and the locality pass's keys.
    @exclusivity(unchecked) var keySorter = RadixSorter()
    let pairSearchParts = PairSearchParts()
    /// Per awake body, whether the finalisation found it fast enough to sweep; and the list of
    /// those bodies (see `sweepFastBodies`).
    @exclusivity(unchecked) var fastBodyFlags = Column<UInt8>()
    /// Per awake body, whether this step's finalisation found its shapes outside their enlarged
    /// boxes (see `FinalizeView.enlarged`).
    @exclusivity(unchecked) var enlargedFlags = Column<UInt8>()
    @exclusivity(unchecked) var fastBodies = Column<Int32>()
    /// Per awake body, what the sleep update needs of it (`SleepFlags`), written by the finalisation.
    @exclusivity(unchecked) var sleepFlags = Column<UInt8>()
    /// Per awake body (by dense index), its inverse mass and inverse inertia, copied at the start
    /// of each solve for the contact blocks' preparation.
    @exclusivity(unchecked) var awakeInverseMasses = Column<SIMD2<Float>>()
    /// Per awake body (dense order), what each sub-step's velocity integration adds, from its
    /// record at the step start (`VelocityStep`).
    @exclusivity(unchecked) var velocitySteps = Column<VelocityStep>()
    /// Per awake body (dense order), its velocity right after the last sub-step's integration,
    /// when the sub-steps carry the warm start (`VelocityCarry`).
    @exclusivity(unchecked) var carriedVelocities = Column<SIMD4<Float>>()
    /// Per awake body (dense order), what the joints other than plain pins changed in its
    /// velocities (vx, vy, ω, unused) since the last sub-step's integration, while the contacts'
    /// warm start is carried beside them (`VelocityCarry`).
    @exclusivity(unchecked) var jointVelocityChanges = Column<SIMD4<Float>>()
    /// Per contact, what this step's narrowphase left for the serial pass (see `NarrowphaseView.changed`).
    @exclusivity(unchecked) var contactChanged = Column<ContactChange>()
    /// Per contact, what the colouring needs, written by this step's narrowphase (see `SolverKey`).
    @exclusivity(unchecked) var solverKeys = Column<SolverKey>()
    /// Whether `solverKeys` matches the contacts: set by the narrowphase, cleared once the
    /// colouring has used the keys.
    @exclusivity(unchecked) var solverKeysValid = false
    /// Whether bodies woke since the narrowphase wrote `solverKeys`: the keys with a side that was
    /// asleep then (`SolverKey.sleepingSide`) must be written again before the colouring reads them.
    @exclusivity(unchecked) var solverKeysMissWakes = false
    /// Whether the colouring may use the narrowphase's `solverKeys`; when off (tests, to compare),
    /// the keys are written again from the contacts before every colouring.
    var colouringReadsKeys = true
    /// Whether large proxies' pair searches are cut into bands (tests turn it off to compare).
    var bandsLargeSearches = true
    /// Whether the moving grid may detach while most proxies move (tests turn it off to compare).
    var detachesMovingGrid = true
    /// Whether the static runs may be swept against the moving runs instead of queried by each
    /// moved proxy (`RunsInUse.sweepsStatic`; tests turn it off to compare).
    var sweepsStaticRuns = true
    /// How many pair searches swept the static runs (tests check that theirs did).
    var staticRunSweeps = 0
    /// Whether plain pins and distance joints without limit are solved four at a time (tests turn
    /// it off to compare with one by one).
    var solvesJointsFourWide = true
    /// Whether pin and distance blocks are solved two at a time in eight lanes where the processor
    /// and build can (`PinPassKernel.solvesPairs`, `DistancePassKernel.solvesPairs`; tests turn it
    /// off to compare with the four-lane blocks).
    var solvesJointBlocksInPairs = true
    /// Whether a small scene's solve runs on the calling thread alone (`programRunsAlone`; tests
    /// turn it off to share small programs with the workers).
    var solvesSmallProgramsAlone = true
    /// Whether the contact passes skip the pairs that began the step speculative while solving them
    /// would change nothing (`dynamics_contact_pass_constants.skipsSpeculativePairs`; tests turn it
    /// off to check that the results are the same).
    var skipsSpeculativePairs = true
    /// From how many touching contacts the sleep update links on two threads
    /// (`sharedSleepLinkCount`; tests lower it to share small scenes' links).
    var sleepLinksSharedFrom = World.sharedSleepLinkCount
    /// Whether the contact passes run the small last colours in one stage (`smallColorsFrom`);
    /// tests turn it off to compare with a stage a colour.
    var mergesSmallColors = true
    /// Whether the sub-steps after the first may warm start in the velocity integration
    /// (`VelocityCarry`; tests turn it off to compare with the warm start passes).
    var carriesWarmStarts = true
    /// How many times its manifold's normal impulse at the step start a contact point may carry
    /// from one sub-step into the next: the relax passes of every sub-step but the last cap it
    /// there (0: no cap; tests turn it off to compare), though never below
    /// `warmStartFloorSteps`. Each sub-step warm-starts with the impulses the one before ended
    /// with, and after an impact those are the impact's: given again, they threw the bodies back
    /// up (a box landing at 8 m/s on a box resting on the ground rose 5.5 to 9.5 cm with
    /// restitution 0, as in Box2D 3.1.1).
    var warmStartGrowth: Float = 8
    /// What a contact point may always carry between sub-steps, however little it began the step
    /// with: the impulse that this many sub-steps of gravity give its effective mass (at 10 m/s²
    /// and 240 sub-steps a second, a change of 1.3 m/s). Loads that grow from nothing within a
    /// step without an impact, as where a pile's bodies rock from one point to another, stay
    /// below it: capped at 8 times their start alone, the 100-row pyramid at 8 sub-steps and
    /// 100 Hz drifted 0.049 m sideways instead of 0.012 (0.012 with this floor).
    var warmStartFloorSteps: Float = 32
    /// Whether the joint colouring is kept while its inputs are unchanged (tests turn it off to compare).
    var keepsJointColoring = true
    /// Whether the contact colouring is kept while its inputs are unchanged (`KeptContactColoring`;
    /// tests turn it off to compare).
    var keepsContactColoring = true

    // Solver scratch.
    @exclusivity(unchecked) var coloring = GraphColoring()
    /// The overflow colour's contact constraints, in colour order (the other colours' are wide).
    @exclusivity(unchecked) var constraints = Column<ContactConstraint>()
    /// The split colouring's parts (see `SplitColoringKernel`) and their cursors in colour order.
    let coloringParts = ColoringParts()
    /// Where the split colouring cuts the awake range, from the last step's contacts.
    @exclusivity(unchecked) var splitBalance = SplitBalance()
    /// The inputs of the last contact colouring, to keep its result while they stay the same.
    @exclusivity(unchecked) var keptContactColoring = KeptContactColoring()
    @exclusivity(unchecked) var colorCursors = Column<Int32>()
    /// The touching contacts to solve, in colour order.
    @exclusivity(unchecked) var orderedSources = Column<SolverSource>()
    /// `orderedSources` as the wide pairs take them: within each colour's share of a round, the
    /// contacts with two points first (`PrepareWideBlocksKernel`).
    @exclusivity(unchecked) var wideSources = Column<SolverSource>()
    /// The contacts with a segment, in contact order, listed by this step's colouring pass.
    @exclusivity(unchecked) var segmentContacts = Column<Int32>()
    /// Per contact of `segmentContacts`: 1 where its body's centre crossed the segment (see
    /// `keepCentresOffStaticSegments`).
    @exclusivity(unchecked) var segmentCrossings = Column<UInt8>()
    /// The coloured constraints packed four to a block, two blocks to a pair; the blocks
    /// `wideOffsets[c]..<wideOffsets[c+1]` (an even number) are colour c.
    @exclusivity(unchecked) var wideConstraints = Column<WideContactPair>()
    /// Each pair's second manifold point: `wideSecondPoints[k]` is pair k's (read only where
    /// `widePointCounts[k]` is 2).
    @exclusivity(unchecked) var wideSecondPoints = Column<WidePointPair>()
    /// Each pair's extra (contacts, restitution, impact speeds): `wideExtras[k]` is pair k's.
    @exclusivity(unchecked) var wideExtras = Column<WideContactExtra>()
    /// Each pair's normal impulses at the step start, both points' summed, lane by lane: what the
    /// capping relax passes read besides the pairs (`warmStartGrowth`). Pair k's is the kth.
    @exclusivity(unchecked) var wideStartImpulses = Column<SIMD8<Float>>()
    /// Each pair's point count: 1 where no lane has a second point, else 2 (`wideExtras`' order).
    @exclusivity(unchecked) var widePointCounts = Column<UInt8>()
    @exclusivity(unchecked) var wideOffsets = Column<Int32>()
    /// Whether this step's contact passes load the pairs ahead (`widePairsStreamFromMemory`) and
    /// the bodies' states (`bodyStatesStreamFromMemory`): decided once the pairs are laid out,
    /// rather than for each of the step's dozen passes.
    @exclusivity(unchecked) var passesPrefetchPairs = false
    @exclusivity(unchecked) var passesPrefetchStates = false
    /// The solve's stages, gathered and then run in one go (see `StageProgram`).
    @exclusivity(unchecked) var program = StageProgram()

    // Sleep scratch.
    @exclusivity(unchecked) var islandParent = Column<Int32>()
    @exclusivity(unchecked) var bodyScratch = Column<Int32>()
    /// Scratch of the locality pass: sort keys, the permutation they give, and its cycles
    /// written out (see `writeCycles`).
    @exclusivity(unchecked) var localityKeys = Column<UInt64>()
    @exclusivity(unchecked) var localityOrder = Column<Int32>()
    @exclusivity(unchecked) var localityWalk = Column<Int32>()
    /// Scratch of the contacts' sort: where each body's contacts go (see `sortContactsByFirstBody`).
    @exclusivity(unchecked) var localityStarts = Column<Int32>()
    /// Scratch of the shapes' renumbering (`renumberShapesOfAwakeBodies`): the shapes to move in
    /// their new order, the slots they take, each slot's new slot, and the moves' records.
    @exclusivity(unchecked) var shapeOrderMoved = Column<Int32>()
    @exclusivity(unchecked) var shapeOrderTargets = Column<Int32>()
    @exclusivity(unchecked) var shapeNewSlot = Column<Int32>()
    @exclusivity(unchecked) var shapeOrderScratch = Column<UInt64>()
    /// What the locality pass's pieces keep aside (see `CyclePieces`), reserved for the most pieces.
    @exclusivity(unchecked) var localityBodiesSaved = Column<AwakeBodyRecords.Held>(
        capacity: 2 * CyclePieces<AwakeBodyRecords>.maximumPieceCount)
    @exclusivity(unchecked) var localityContactsSaved = Column<ContactRecords.Held>(
        capacity: 2 * CyclePieces<ContactRecords>.maximumPieceCount)
    @exclusivity(unchecked) var islandOfRoot = Column<Int32>()
    /// Slots of the bodies that went to sleep during the last step.
    @exclusivity(unchecked) var fellAsleep = Column<Int32>()

    // Fields
    @exclusivity(unchecked) var fieldRecords: [FieldRecord] = []
    @exclusivity(unchecked) var freeFieldSlots: [Int32] = []
    /// Live fields in creation order: the order they are evaluated in.
    @exclusivity(unchecked) var fieldOrder: [Int32] = []
    /// Each awake body's field force for the current sub-step (dense order).
    @exclusivity(unchecked) var fieldForces = Column<Vec2>()
    /// Charges by body slot.
    @exclusivity(unchecked) var charges = Column<Float>()
    /// Simulated seconds, advanced per sub-step, for animated fields.
    @exclusivity(unchecked) var fieldTime: Double = 0
    /// Time spent evaluating fields, and how many (field, body) evaluations that covered.
    package internal(set) var fieldEvaluationTime: Duration = .zero
    package internal(set) var fieldEvaluationCount = 0
    @exclusivity(unchecked) var wakeScratch = Column<Int32>()
    @exclusivity(unchecked) var nextIslandID: Int32 = 0

    // Events of the last step.
    @exclusivity(unchecked) var beginEvents = Column<ContactBeginEvent>()
    @exclusivity(unchecked) var endEvents = Column<ContactEndEvent>()

    /// Steps taken so far.
    public internal(set) var stepCount = 0
    /// Whether `step(_:)` times its parts into `stepProfile` (off by default: ten clock reads a
    /// step, about 0.4 µs on Linux x86-64).
    public var profilesSteps = false
    /// Where the steps taken while `profilesSteps` was on spent their time; set it to
    /// `StepProfile()` to start again.
    @exclusivity(unchecked) public var stepProfile = StepProfile()
    /// The last argument refused by a call that cannot throw: a removed (or foreign) handle given
    /// to a read, which then answers a neutral value, or to `destroy…` and `wake`, which then do
    /// nothing; or a time step that is not finite and positive, which is not taken. Calls that
    /// can throw throw instead. Nil until the first refusal; set it to nil to clear it.
    public var lastRefusal: DynamicsError?

    /// Creates a world, checking the definition.
    public init(_ definition: WorldDefinition = WorldDefinition()) throws(DynamicsError) {
        self.definition = try definition.validated()
        tolerances = Tolerances(definition)
        pool = WorkerPool(workerCount: definition.workerCount)
        movingGrid = SpatialHash(cellSize: tolerances.cellSize)
        staticGrid = SpatialHash(cellSize: tolerances.cellSize)
    }

    deinit { pool.shutdown() }

    /// Runs one stage's kernel over `0..<count` on the workers.
    @inline(__always)
    func parallel<Kernel: ChunkKernel>(_ task: KernelTask<Kernel>, _ kernel: Kernel, count: Int, minimumChunk: Int) {
        task.kernel = kernel
        pool.run(task, count: count, minimumChunk: minimumChunk)
    }

    /// Number of bodies of every type.
    public var bodyCount: Int { bodies.count }

    /// The most bodies a world holds (2²⁶ − 1): the contact solver keeps each body's place in the
    /// state array as a 32-bit byte offset, and one more state, at rest, follows the bodies.
    public static let maximumBodyCount = (1 << 26) - 1
    /// The most bodies `createBody` accepts: `maximumBodyCount`, lower only in tests.
    var bodyLimit = World.maximumBodyCount

    /// Number of awake (simulated) bodies, kinematic included.
    public var awakeBodyCount: Int { bodies.awakeCount }
    /// Number of sleeping bodies.
    public var sleepingBodyCount: Int { bodies.sleepingCount }
    /// Whether any body is awake.
    public var isAwake: Bool { bodies.awakeCount > 0 }
    /// Number of shapes.
    public var shapeCount: Int { shapes.slots.slotCount - shapes.slots.freeList.count }
    /// Number of joints.
    public var jointCount: Int { joints.slots.slotCount - joints.slots.freeList.count }
    /// Number of contacts whose shapes touch (manifold has points).
    public var touchingContactCount: Int {
        var n = 0
        for i in 0..<contacts.count where contacts[i].flags.contains(.touching) { n += 1 }
        return n
    }
    /// Number of persistent contacts (enlarged boxes overlap), touching or not.
    public var contactCount: Int { contacts.count }

    // MARK: - Handle checks

    func checked(_ id: BodyID, _ argument: String = "body") throws(DynamicsError) -> Int32 {
        try require(bodies.slots.isValid(index: id.index, generation: id.generation), argument,
                    "\(id) is not a live body of this world (removed, or from another world)")
        return id.index
    }

    func bodyID(slot: Int32) -> BodyID { BodyID(index: slot, generation: bodies.slots.generations[Int(slot)]) }
    /// The handle of the shape in `slot` (see `ShapeStore` for slots and handle indices).
    func shapeID(slot: Int32) -> ShapeID {
        let index = shapes.idOfSlot[Int(slot)]
        return ShapeID(index: index, generation: shapes.slots.generations[Int(index)])
    }
    /// The slot of a shape's records; the handle is not checked.
    func shapeSlot(_ id: ShapeID) -> Int { Int(shapes.slotOfID[Int(id.index)]) }

    /// Whether a body handle refers to a live body of this world.
    public func isValid(_ id: BodyID) -> Bool { bodies.slots.isValid(index: id.index, generation: id.generation) }
    /// Whether a shape handle refers to a live shape of this world.
    public func isValid(_ id: ShapeID) -> Bool { shapes.slots.isValid(index: id.index, generation: id.generation) }
    /// Whether a joint handle refers to a live joint of this world.
    public func isValid(_ id: JointID) -> Bool { joints.slots.isValid(index: id.index, generation: id.generation) }
}

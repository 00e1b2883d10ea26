import DynamicsCore
import Foundation

/// Runs behaviors on items (UIKit's `UIDynamicAnimator`): the facade over one `DynamicsCore`
/// world in points (100 points per metre).
///
/// Time advances with `step(by:)`, which does what one display frame of that length does in UIKit:
/// fixed sub-steps of 1/120 s from an accumulator (a frame longer than 0.5 s counts as 1/60 s);
/// or with a `RealTimeDriver`, which calls `step(by:)` at a chosen frame rate while the animator runs.
/// The animator pauses by itself when every item is at rest and resumes when a behavior, an item
/// or a parameter changes. Use an animator from one thread (or queue) at a time.
public final class DynamicAnimator: FrameDriven {
    /// The fixed sub-step: 1/120 s, in single precision as UIKit has it.
    public static let subStep = TimeInterval(Float(1.0 / 120.0))
    /// A frame longer than this counts as 1/60 s.
    public static let longestFrame: TimeInterval = 0.5
    /// How far, in points, `items(in:)` grows each moving item's box before testing it against
    /// the rectangle: UIKit's broadphase margin, 10 pt.
    public static let itemsInRectMargin: CGFloat = 10
    /// How far, in points, the engine's broadphase grows each moving item's box (its
    /// `aabbMarginMeters`): a quarter of UIKit's 10 pt, a little past the 2 pt speculative
    /// distance that the grown box always covers. Two items get a contact, which the narrowphase
    /// updates every step, as soon as their grown boxes meet. With 8 to 16 pt items in a pile
    /// (views-10k, 10 000 items, 33 000 contacts touching), 10 pt kept about 200 000 contacts and
    /// 5 pt 99 000, and a step took 25 to 65 % longer with 10 pt (alternating runs). 2.5 pt keeps
    /// 57 000 where 5 pt kept 96 000 (step 220), and steps views-10k 1.14 to 1.17 times as fast,
    /// its first 150 steps, while the items fall, 1.18 to 1.27 times (side by side, one thread and
    /// two; 3 pt read 1.07 to 1.20, 4 pt 1.05, and 2 pt, where every moving item is placed in the
    /// grid again each step, 1.12 to 1.15). An item that moves further than the margin less 2 pt
    /// is placed again, which costs little. The margin changes which contacts exist, not where
    /// items touch: a pair nearer than the speculative distance is found whatever the margin.
    static let broadphaseMargin: Float = 2.5

    /// The view whose coordinates the animator uses (`init(referenceView:)` only).
    public private(set) weak var referenceView: View?
    /// The layout whose attributes the animator moves (`init(collectionViewLayout:)` only).
    public private(set) weak var collectionViewLayout: CollectionViewLayout?
    /// The top-level behaviors, in the order added.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Told when the animator pauses and resumes.
    public weak var delegate: (any DynamicAnimatorDelegate)?
    /// Whether the animator is running (it steps only while running).
    public private(set) var isRunning = false
    /// The sum of the frame lengths the animator ran (never reset).
    public internal(set) var elapsedTime: TimeInterval = 0
    /// The last call this animator refused, and why.
    public internal(set) var lastUsageError: DynamicsUsageError?
    /// Pixels per point for rounding views and layout attributes when writing them back (2 by
    /// default). Must be finite and above 0: another value is refused (`lastUsageError`) and the
    /// scale kept, since rounding to it would give every view a NaN centre.
    public var displayScale: CGFloat {
        get { storedDisplayScale }
        set {
            guard newValue.isFinite && newValue > 0 else {
                return refuse(DynamicsUsageError(argument: "displayScale", rule: "must be finite and > 0, got \(newValue)"))
            }
            storedDisplayScale = newValue
        }
    }
    /// `displayScale`'s value. Private, and only read or assigned whole, so that the optimizer
    /// drops the run-time exclusivity check that the public stored property had on each read:
    /// one per item written back, 3 % of springy-list's instructions.
    private var storedDisplayScale: CGFloat = 2
    /// Drives the animator in real time while it runs, if set.
    public var realTimeDriver: RealTimeDriver? {
        didSet {
            oldValue?.stop()
            if isRunning { realTimeDriver?.start(self) }
        }
    }

    let mode: Mode
    enum Mode { case abstract, view, layout }

    /// The engine world, in points.
    package let world: World
    var accumulator: TimeInterval = 0
    /// Time spent inside the engine's steps, for measuring what the facade adds.
    package internal(set) var engineTime: Duration = .zero
    let clock = ContinuousClock()
    var needsSync = false
    var needsParameterSync = false
    /// Set while poses are written back to the items, whose setters may call the animator: a sync
    /// then would destroy records and bodies in the middle of the loop, so it waits for the next
    /// frame (`syncIfNeeded`).
    var isWritingBack = false
    /// The world's steps this animator has run: a setter that steps the animator again in the
    /// middle of a write-back shows in it.
    var engineSteps = 0
    /// The views' poses the write-back prepares on the world's threads (`prepareViewPoses`).
    let preparedPoses = PreparedViewPoses()
    /// The fewest awake bodies for which the write-back prepares them: `preparedPoseCount`, or
    /// what a test sets (`Int.max` works every pose out one by one).
    var preparedPoseMinimum = DynamicAnimator.preparedPoseCount
    /// Every item with a body, by identity, and the same records by table index.
    var itemBodies: [ObjectIdentifier: ItemBody] = [:]
    var itemTable: [ItemBody?] = []
    var freeItemIndices: [Int] = []
    /// The user data of the bodies that fell asleep in a sub-step, while they are written back
    /// (`writeBackFellAsleepBodies`): room for one per item table entry, made as the table grows.
    var fellAsleepUserData: [UInt64] = []
    /// The hierarchy flattened depth first (each behavior followed by its children).
    var flatBehaviors: [DynamicBehavior] = []
    /// The push behaviors among `flatBehaviors`, in the same order: the frame looks for them two
    /// or three times, and casting every behavior each time was 5 % of springy-list's
    /// instructions (1 001 behaviors, none of them a push).
    var flatPushes: [PushBehavior] = []
    var gravityVector = CGVector.zero
    var nextCollisionGroup: UInt32 = 1
    var collisionStates: [ObjectIdentifier: CollisionState] = [:]
    var boundaryTable: [BoundaryRecord?] = []
    var freeBoundaryIndices: [Int] = []
    var jointStates: [ObjectIdentifier: JointState] = [:]
    var fieldStates: [ObjectIdentifier: FieldState] = [:]
    var lastReferenceBounds = CGRect.null
    /// Contact events of the current frame, gathered after each sub-step.
    var frameBegins: [(ShapeID, ShapeID, CGPoint)] = []
    var frameEnds: [(ShapeID, ShapeID)] = []
    /// Touching shape contacts per item pair or item–boundary pair (see `deliverEvents`).
    var touchingPairs: [UInt64: Int] = [:]

    /// An animator for any items, in an abstract coordinate system (no reference bounds).
    public convenience init() {
        self.init(mode: .abstract, workerCount: 1)
    }

    /// An animator for views that descend from `view`, in its coordinates. The engine runs on
    /// `workerCount` threads (the results are the same for any count).
    public convenience init(referenceView view: View, workerCount: Int = 1) {
        self.init(mode: .view, workerCount: workerCount)
        referenceView = view
    }

    /// An animator for the layout attributes of `layout`, in its content coordinates; it calls
    /// `invalidateLayout()` after every frame.
    public convenience init(collectionViewLayout layout: CollectionViewLayout, workerCount: Int = 1) {
        self.init(mode: .layout, workerCount: workerCount)
        collectionViewLayout = layout
    }

    /// An animator like `init()` whose engine runs on `workerCount` threads.
    public convenience init(workerCount: Int) {
        self.init(mode: .abstract, workerCount: workerCount)
    }

    init(mode: Mode, workerCount: Int) {
        self.mode = mode
        var definition = WorldDefinition()
        definition.lengthUnitsPerMeter = 100
        definition.gravity = .zero
        definition.subStepCount = 2
        // UIKit's speed cap is 2 m per 1/120 s step; here each step has two sub-steps.
        definition.maxTranslationPerSubStepMeters = 1
        definition.aabbMarginMeters = Self.broadphaseMargin / 100
        definition.workerCount = max(1, min(workerCount, 64))
        do {
            world = try World(definition)
        } catch {
            preconditionFailure("the animator's world definition is invalid: \(error)")
        }
        frameBegins.reserveCapacity(64)
        frameEnds.reserveCapacity(64)
    }

    deinit { realTimeDriver?.stop() }

    // MARK: - Behaviors

    /// Adds a top-level behavior. Ignored if it is already a top-level behavior; refused if it is
    /// anywhere else in this or another animator's hierarchy.
    public func addBehavior(_ behavior: DynamicBehavior) {
        if behaviors.contains(where: { $0 === behavior }) { return }
        guard behavior.dynamicAnimator == nil && behavior.parent == nil else {
            return refuse(DynamicsUsageError(argument: "behavior",
                                             rule: "Adding the same behavior twice to the same animator is not supported: it is already "
                                                + (behavior.dynamicAnimator === self ? "in this animator's hierarchy" : "in a hierarchy")))
        }
        behaviors.append(behavior)
        attach(behavior)
    }

    /// Removes a top-level behavior (ignored for others).
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        detach(behavior)
        behaviors.remove(at: index)
    }

    /// Removes every behavior.
    public func removeAllBehaviors() {
        for behavior in behaviors { detach(behavior) }
        behaviors.removeAll()
    }

    /// Joins a behavior and its subtree to this animator.
    func attach(_ behavior: DynamicBehavior) {
        behavior.dynamicAnimator = self
        if let collision = behavior as? CollisionBehavior {
            collisionStates[ObjectIdentifier(collision)] = CollisionState(group: nextCollisionGroup)
            nextCollisionGroup += 1
        }
        behavior.willMove(to: self)
        for child in behavior.childBehaviors { attach(child) }
        setNeedsSync()
    }

    /// Takes a behavior and its subtree out of this animator.
    func detach(_ behavior: DynamicBehavior) {
        for child in behavior.childBehaviors { detach(child) }
        behavior.willMove(to: nil)
        behavior.dynamicAnimator = nil
        if let collision = behavior as? CollisionBehavior, let state = collisionStates.removeValue(forKey: ObjectIdentifier(collision)) {
            for index in state.boundaryIndices { destroyBoundary(index) }
        }
        destroyField(of: behavior)
        if let state = jointStates.removeValue(forKey: ObjectIdentifier(behavior)) {
            for joint in state.joints where world.isValid(joint) { world.destroyJoint(joint) }
        }
        setNeedsSync()
    }

    func refuse(_ error: DynamicsUsageError) {
        lastUsageError = error
        error.log()
    }

    /// Marks the engine's configuration as stale and resumes the animator if it was paused.
    func setNeedsSync() {
        needsSync = true
        resumeIfNeeded()
    }

    /// Marks behavior parameters as stale (no per-item work) and resumes the animator if paused.
    func setNeedsParameterSync() {
        needsParameterSync = true
        resumeIfNeeded()
    }

    func resumeIfNeeded() {
        guard !isRunning, !behaviors.isEmpty else { return }
        isRunning = true
        delegate?.dynamicAnimatorWillResume(self)
        realTimeDriver?.start(self)
    }

    func pause() {
        guard isRunning else { return }
        isRunning = false
        realTimeDriver?.stop()
        delegate?.dynamicAnimatorDidPause(self)
    }
}

/// The settings of a world. Lengths are in the world's own length units; tolerances that are
/// physical constants are given in metres and scaled by `lengthUnitsPerMeter`.
public struct WorldDefinition: Sendable {
    /// Gravity in length units per second squared (for example (0, −10) in metres with y up).
    public var gravity: Vec2 = Vec2(0, -10)
    /// How many length units make a metre: 1 for metres, 100 for UIKit points.
    public var lengthUnitsPerMeter: Float = 1
    /// Sub-steps per `step(_:)` call; each sub-step integrates, solves and relaxes once.
    public var subStepCount: Int = 4
    /// Whether bodies that stay still fall asleep.
    public var enableSleep: Bool = true
    /// Whether fast bodies are swept against static shapes so they cannot pass through them.
    public var enableContinuous: Bool = true
    /// Worker threads for the step (1 runs it serially). The result does not depend on this.
    public var workerCount: Int = 1
    /// Contact stiffness in hertz, doubled against static and kinematic bodies. Capped at a quarter
    /// of the sub-step rate: 60 Hz for 4 sub-steps of a 1/60 s step (Box2D 3.1.1 caps it at an
    /// eighth). A resting point sinks as its load over its effective mass times (2π · hertz)², so
    /// a tall pile sags less with stiffer contacts, which need more sub-steps (see
    /// <doc:StackingAndStiffness>).
    public var contactHertz: Float = 30
    /// Contact damping ratio.
    public var contactDampingRatio: Float = 10
    /// Stiffness of rigid joints in hertz.
    public var jointHertz: Float = 60
    /// Damping ratio of rigid joints.
    public var jointDampingRatio: Float = 2
    /// The fastest speed, in metres per second, at which overlap is pushed apart.
    public var contactPushMaxVelocityMeters: Float = 3
    /// Impacts slower than this (metres per second) do not bounce (1 m/s, UIKit's 100 pt/s).
    public var restitutionThresholdMeters: Float = 1
    /// Penetration allowed at rest, in metres.
    public var linearSlopMeters: Float = 0.005
    /// Margin of the enlarged ("fat") boxes of the broadphase, in metres: how far a moving
    /// shape's fat box reaches past its box. It is placed again once it has moved this far less
    /// the speculative distance (four times the slop). To the simulation a performance setting
    /// only: two shapes within the speculative distance have a pair whatever the margin, and a
    /// pair further apart has no contact points (`shapes(overlapping:enlarged:)` grows moving
    /// shapes' boxes by it too). The default, twice the speculative distance, is smaller than
    /// Box2D's 0.1: moving a proxy in the spatial hash is cheap, and every pair of shapes that
    /// come within the margin is a contact the narrowphase visits on every step.
    public var aabbMarginMeters: Float = 0.04
    /// The largest translation per sub-step, in metres.
    public var maxTranslationPerSubStepMeters: Float = 2
    /// The largest rotation per sub-step, in radians.
    public var maxRotationPerSubStep: Float = 0.25 * .pi
    /// Linear speed below which a body counts as still, in metres per second.
    public var linearSleepToleranceMeters: Float = 0.01
    /// Angular speed below which a body counts as still, in radians per second (2°/s).
    public var angularSleepTolerance: Float = 2 * .pi / 180
    /// Seconds a body must stay still before it sleeps.
    public var timeToSleep: Float = 0.5
    /// The spatial hash's cell size in length units; `nil` picks one metre.
    public var broadphaseCellSize: Float? = nil
    /// Which implementation integrates positions in bulk.
    public var vectorBackend: VectorBackend = .swift

    /// Creates the default definition (metres, gravity (0, −10), 4 sub-steps, sleeping on).
    public init() {}

    /// The contact stiffness, in hertz, that steps of `timeStep` seconds solve with:
    /// `contactHertz`, or a quarter of the sub-step rate where that is lower (60 Hz for 4
    /// sub-steps of 1/60 s, whatever is asked above it). `timeStep` must be finite and > 0, as
    /// `World.step(_:)` requires.
    public func solverContactHertz(timeStep: Float) -> Float {
        precondition(timeStep.isFinite && timeStep > 0,
                     "solverContactHertz(timeStep:): timeStep must be finite and > 0, got \(timeStep)")
        let subStepRate = 1 / (timeStep / Float(subStepCount))
        return min(contactHertz, 0.25 * subStepRate)
    }

    func validated() throws(DynamicsError) -> WorldDefinition {
        try requireFinite(gravity, "gravity")
        try require(lengthUnitsPerMeter.isFinite && lengthUnitsPerMeter > 0, "lengthUnitsPerMeter", "must be finite and > 0, got \(lengthUnitsPerMeter)")
        try require(subStepCount >= 1 && subStepCount <= 64, "subStepCount", "must be in 1...64, got \(subStepCount)")
        try require(workerCount >= 1 && workerCount <= 256, "workerCount", "must be in 1...256, got \(workerCount)")
        for (name, value) in [("contactHertz", contactHertz), ("contactDampingRatio", contactDampingRatio),
                              ("jointHertz", jointHertz), ("jointDampingRatio", jointDampingRatio),
                              ("contactPushMaxVelocityMeters", contactPushMaxVelocityMeters),
                              ("linearSlopMeters", linearSlopMeters), ("aabbMarginMeters", aabbMarginMeters),
                              ("maxTranslationPerSubStepMeters", maxTranslationPerSubStepMeters),
                              ("maxRotationPerSubStep", maxRotationPerSubStep), ("timeToSleep", timeToSleep)] {
            try require(value.isFinite && value > 0, name, "must be finite and > 0, got \(value)")
        }
        for (name, value) in [("restitutionThresholdMeters", restitutionThresholdMeters),
                              ("linearSleepToleranceMeters", linearSleepToleranceMeters),
                              ("angularSleepTolerance", angularSleepTolerance)] {
            try require(value.isFinite && value >= 0, name, "must be finite and >= 0, got \(value)")
        }
        if let cell = broadphaseCellSize {
            try require(cell.isFinite && cell > 0, "broadphaseCellSize", "must be finite and > 0, got \(cell)")
        }
        return self
    }
}

/// The implementation used for bulk vector work over the body columns.
public enum VectorBackend: String, Sendable, CaseIterable {
    /// Plain Swift loops over the columns.
    case swift
    /// The system's CBLAS (`cblas_saxpy` with strides over the body state).
    case cblas
}

/// Tolerances in length units, derived once from a `WorldDefinition`.
struct Tolerances {
    var linearSlop: Float
    var speculativeDistance: Float
    /// How far a contact's bodies may move relative to each other before its manifold is computed
    /// again rather than moved with them (see `ManifoldCache`).
    var manifoldReuseDistance: Float
    var manifoldReuseSine: Float
    var aabbMargin: Float
    /// How far a moving shape's fat box reaches past its box when it is enlarged: the margin
    /// (at least the speculative distance). The box grown by the speculative distance must stay
    /// inside the fat box, so that a shape that comes that close to another has a pair (and a
    /// speculative contact) with it: the fat box is enlarged once the box has moved the margin
    /// less the speculative distance. (Box2D v3 adds the speculative distance to the fat box
    /// instead; measured here, that made more pairs and contacts than it saved regrids: rain-1k
    /// +5 %, smash +5 % instructions, and views-10k's peak memory 51 -> 67 MB.)
    var fatMargin: Float { max(aabbMargin, speculativeDistance) }
    var maxTranslation: Float
    var maxRotation: Float
    var restitutionThreshold: Float
    var contactPushMaxVelocity: Float
    var linearSleepTolerance: Float
    var angularSleepTolerance: Float
    var timeToSleep: Float
    var cellSize: Float
    var unitsPerMeter: Float

    init(_ d: WorldDefinition) {
        let u = d.lengthUnitsPerMeter
        unitsPerMeter = u
        linearSlop = d.linearSlopMeters * u
        speculativeDistance = 4 * linearSlop
        // A quarter of the slop and about a sixteenth of a degree: a manifold moved that far with its
        // bodies is off by well under the slop (see ManifoldCache).
        manifoldReuseDistance = 0.25 * linearSlop
        manifoldReuseSine = 0.001
        aabbMargin = d.aabbMarginMeters * u
        maxTranslation = d.maxTranslationPerSubStepMeters * u
        maxRotation = d.maxRotationPerSubStep
        restitutionThreshold = d.restitutionThresholdMeters * u
        contactPushMaxVelocity = d.contactPushMaxVelocityMeters * u
        linearSleepTolerance = d.linearSleepToleranceMeters * u
        angularSleepTolerance = d.angularSleepTolerance
        timeToSleep = d.timeToSleep
        cellSize = d.broadphaseCellSize ?? u
    }
}

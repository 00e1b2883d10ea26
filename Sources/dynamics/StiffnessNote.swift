import DynamicsCore
import DynamicsProfiles
import Foundation

/// What `dynamics run` tells on standard error when a profile asks for stiffer contacts than its
/// sub-steps allow: the world caps the stiffness at a quarter of the sub-step rate
/// (`WorldDefinition.solverContactHertz(timeStep:)`) without a word, as Box2D does at an eighth.
enum StiffnessNote {
    /// The note for an engine scene whose `contactHertz` is capped by more than rounding, naming the
    /// file, what it asks, the cap and the fewest sub-steps that would allow it; nil otherwise, and
    /// for facade scenes (`engineTime` not nil), whose animator steps its world its own way.
    static func note(for scene: Scene, file: String) -> String? {
        guard scene.engineTime == nil else { return nil }
        var definition = scene.world.definition
        let dt = scene.profile.timeStep, asked = definition.contactHertz
        let solved = definition.solverContactHertz(timeStep: dt)
        guard solved < asked * (1 - 1e-4) else { return nil }
        let subSteps = definition.subStepCount, subStepRate = Float(subSteps) / dt
        let allowing = (subSteps...64).first { count in
            definition.subStepCount = count
            return definition.solverContactHertz(timeStep: dt) >= asked * (1 - 1e-4)
        }
        let remedy = allowing.map { "\($0) sub-steps would allow it" } ?? "no sub-step count up to 64 allows it"
        return "note: \(file): contactHertz \(format(asked)) is above a quarter of the \(format(subStepRate)) Hz "
            + "sub-step rate (\(subSteps) sub-steps of \(format(dt)) s), so contacts are solved at \(format(solved)) Hz; "
            + remedy
    }

    private static func format(_ value: Float) -> String { String(format: "%.4g", Double(value)) }
}

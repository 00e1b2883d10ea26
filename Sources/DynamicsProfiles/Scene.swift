import DynamicsCore
import Foundation

/// A kinematic body that follows a sine path around where it started: at time t its origin is
/// `start + amplitude · sin(angularFrequency · t)`. Each step sets the velocity that lands it there.
struct KinematicMotion: Sendable {
    var amplitude: Vec2
    var angularFrequency: Float
}

/// A world built from a profile, with the profile's per-step scripting: kinematic motions and
/// spawners. `step()` runs the scripts, then one world step. A facade scene runs an animator
/// instead: `step()` is one frame of it.
public final class Scene {
    /// The profile the scene was built from.
    public let profile: Profile
    /// The world.
    public let world: World
    /// Simulated seconds so far.
    public private(set) var time: Double = 0
    var motions: [(body: BodyID, start: Vec2, motion: KinematicMotion)] = []
    var spawners: [SpawnerState] = []
    var facade: FacadeSceneState?

    init(profile: Profile, world: World) {
        self.profile = profile
        self.world = world
    }

    /// For a facade scene, the time its animator has spent inside the engine's steps so far
    /// (the rest of a frame is what the facade adds); nil for engine scenes.
    public var engineTime: Duration? { facade?.animator.engineTime }

    /// Time spent evaluating fields so far, and how many (field, item) evaluations that covered.
    public var fieldEvaluations: (time: Duration, count: Int) { (world.fieldEvaluationTime, world.fieldEvaluationCount) }

    /// Whether every spawner has placed all its bodies.
    public var isFullySpawned: Bool { spawners.allSatisfy { $0.spawned == $0.spec.count } }

    /// Runs the scripts for this step, then steps the world by the profile's time step.
    public func step() {
        let dt = profile.timeStep
        let next = time + Double(dt)
        if let facade {
            facade.step(Double(dt), time: time)
            time = next
            return
        }
        for m in motions {
            let target = m.start + m.motion.amplitude * Float(sin(Double(m.motion.angularFrequency) * next))
            // Finite by construction: the profile checked the numbers.
            try? world.setLinearVelocity((target - world.position(of: m.body)) / dt, of: m.body)
        }
        for k in spawners.indices { spawners[k].spawn(in: world) }
        world.step(dt)
        time = next
    }
}

extension Profile {
    /// Builds the scene: the world plus its motions and spawners.
    public func makeScene(workerCount: Int = 1) throws(ProfileError) -> Scene {
        if let facade {
            let state = FacadeSceneState(facade, workerCount: workerCount)
            let scene = Scene(profile: self, world: state.animator.world)
            scene.facade = state
            return scene
        }
        let (world, created) = try buildWorld(workerCount: workerCount)
        let scene = Scene(profile: self, world: world)
        for (index, body) in bodies.enumerated() {
            if let motion = body.motion { scene.motions.append((created[index], world.position(of: created[index]), motion)) }
        }
        scene.spawners = spawners.map { SpawnerState(spec: $0.spec) }
        return scene
    }
}

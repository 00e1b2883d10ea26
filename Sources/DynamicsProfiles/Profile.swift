import Foundation
import DynamicsCore

/// A workload file: world settings, bodies with shapes, joints, and generators for large scenes.
///
/// The command line, the benchmarks and the tests all build their scenes from these files, so a
/// scene is described once. See `Profiles/README.md` for the format.
public struct Profile: Sendable {
    /// The most bodies a profile may create (explicit bodies plus generators).
    public static let maxBodies = 2_000_000

    /// The profile's name (defaults to the file name without extension).
    public var name: String
    /// The file it was read from.
    public var file: String
    /// The world's settings (worker count is chosen when building).
    public var world: WorldDefinition
    /// Seconds per step.
    public var timeStep: Float
    /// How many steps a run takes by default.
    public var steps: Int
    /// Steps to take before measuring, so that a benchmark measures the steady state.
    public var warmupSteps: Int
    var bodies: [(definition: BodyDefinition, shapes: [ShapeSpec], path: String, motion: KinematicMotion?)]
    var joints: [JointSpec]
    var generators: [(spec: GeneratorSpec, path: String)]
    var spawners: [(spec: RainSpawnerSpec, path: String)] = []
    var facade: FacadeSceneSpec?

    /// How many bodies the profile creates when the world is built.
    public var bodyCount: Int { bodies.count + generators.reduce(0) { $0 + $1.spec.bodyCount } + (facade?.bodyCount ?? 0) }
    /// How many more bodies its spawners add while the scene runs.
    public var spawnedBodyCount: Int { spawners.reduce(0) { $0 + $1.spec.count } }

    /// Reads and checks a profile file.
    public static func load(path: String) throws(ProfileError) -> Profile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProfileError(file: path, field: "", problem: "cannot be read (missing or not a file)")
        }
        return try parse(data, file: path)
    }

    /// Checks a profile given as JSON data; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(ProfileError) -> Profile {
        let root = try JSONNode.parse(data, file: file)
        let o = try root.object(allowed: ["name", "description", "world", "steps", "warmupSteps", "bodies", "joints", "generators", "spawners", "facade"])
        let defaultName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var profile = Profile(name: try o.optional("name")?.string() ?? defaultName, file: file, world: WorldDefinition(),
                              timeStep: 1.0 / 60, steps: try o.optional("steps")?.integer(in: 1...100_000_000) ?? 100,
                              warmupSteps: try o.optional("warmupSteps")?.integer(in: 0...100_000_000) ?? 0,
                              bodies: [], joints: [], generators: [])
        _ = try o.optional("description")?.string()
        if let w = o.optional("world") { try profile.parseWorld(w) }
        if let list = o.optional("bodies") {
            for b in try list.array(maxCount: maxBodies) { profile.bodies.append(try parseBody(b)) }
        }
        // Every body the profile will ever hold counts against the limit.
        var total = profile.bodies.count
        func admit(_ count: Int, _ node: JSONNode) throws(ProfileError) {
            total += count
            guard total <= maxBodies else { throw node.fail("brings the profile to \(total) bodies; at most \(maxBodies) are allowed") }
        }
        if let list = o.optional("generators") {
            for g in try list.array(maxCount: 10_000) {
                let spec = try GeneratorSpec.parse(g, maxBodies: maxBodies)
                try admit(spec.bodyCount, g)
                profile.generators.append((spec, g.path))
            }
        }
        if let list = o.optional("spawners") {
            for s in try list.array(maxCount: 1_000) {
                let spec = try RainSpawnerSpec.parse(s, maxBodies: maxBodies)
                try admit(spec.count, s)
                profile.spawners.append((spec, s.path))
            }
        }
        if let f = o.optional("facade") {
            for key in ["bodies", "generators", "spawners", "joints"] where o.has(key) {
                throw f.fail("a facade scene cannot also have \"\(key)\"")
            }
            let spec = try FacadeSceneSpec.parse(f, maxBodies: maxBodies)
            try admit(spec.itemCount, f)
            profile.facade = spec
        }
        if let list = o.optional("joints") {
            for j in try list.array(maxCount: maxBodies) { profile.joints.append(try JointSpec.parse(j, bodyCount: profile.bodies.count)) }
        }
        return profile
    }

    mutating func parseWorld(_ node: JSONNode) throws(ProfileError) {
        let o = try node.object(allowed: ["gravity", "lengthUnitsPerMeter", "timeStep", "subSteps", "enableSleep", "enableContinuous",
                                          "cellSize", "contactHertz", "contactDampingRatio", "jointHertz", "jointDampingRatio",
                                          "restitutionThreshold", "aabbMargin", "vectorBackend"])
        if let g = o.optional("gravity") { world.gravity = try g.vector() }
        if let u = o.optional("lengthUnitsPerMeter") { world.lengthUnitsPerMeter = try u.float() }
        if let t = o.optional("timeStep") {
            timeStep = try t.float()
            guard timeStep > 0 && timeStep <= 1 else { throw t.fail("must be in (0, 1] seconds, got \(timeStep)") }
        }
        if let s = o.optional("subSteps") { world.subStepCount = try s.integer(in: 1...64) }
        if let s = o.optional("enableSleep") { world.enableSleep = try s.bool() }
        if let c = o.optional("enableContinuous") { world.enableContinuous = try c.bool() }
        if let c = o.optional("cellSize") { world.broadphaseCellSize = try c.float() }
        if let h = o.optional("contactHertz") { world.contactHertz = try h.float() }
        if let h = o.optional("contactDampingRatio") { world.contactDampingRatio = try h.float() }
        if let h = o.optional("jointHertz") { world.jointHertz = try h.float() }
        if let h = o.optional("jointDampingRatio") { world.jointDampingRatio = try h.float() }
        if let r = o.optional("restitutionThreshold") { world.restitutionThresholdMeters = try r.float() }
        if let m = o.optional("aabbMargin") {
            // `float()` has already refused a value that is not finite.
            let margin = try m.float()
            guard margin > 0 else { throw m.fail("must be finite and > 0 metres, got \(margin)") }
            world.aabbMarginMeters = margin
        }
        if let v = o.optional("vectorBackend") {
            guard let backend = VectorBackend(rawValue: try v.string()) else { throw v.fail("must be \"swift\" or \"cblas\"") }
            world.vectorBackend = backend
        }
        do { _ = try World(world) } catch { throw node.fail(error.description) }
    }

    static func parseBody(_ node: JSONNode) throws(ProfileError) -> (definition: BodyDefinition, shapes: [ShapeSpec], path: String, motion: KinematicMotion?) {
        let o = try node.object(allowed: ["type", "position", "angle", "linearVelocity", "angularVelocity", "linearDamping",
                                          "angularDamping", "gravityScale", "fixedRotation", "allowSleep", "awake", "shapes", "motion"])
        var d = BodyDefinition(type: try parseBodyType(o.optional("type"), default: .dynamic),
                               position: try o.optional("position")?.vector() ?? .zero, angle: try o.float("angle", default: 0))
        if let v = o.optional("linearVelocity") { d.linearVelocity = try v.vector() }
        d.angularVelocity = try o.float("angularVelocity", default: 0)
        d.linearDamping = try o.float("linearDamping", default: 0)
        d.angularDamping = try o.float("angularDamping", default: 0)
        d.gravityScale = try o.float("gravityScale", default: 1)
        d.fixedRotation = try o.optional("fixedRotation")?.bool() ?? false
        d.allowSleep = try o.optional("allowSleep")?.bool() ?? true
        d.isAwake = try o.optional("awake")?.bool() ?? true
        var shapes: [ShapeSpec] = []
        if let list = o.optional("shapes") {
            for s in try list.array(maxCount: 100_000) { shapes.append(try ShapeSpec.parse(s)) }
        }
        var motion: KinematicMotion?
        if let m = o.optional("motion") {
            guard d.type == .kinematic else { throw m.fail("only a kinematic body can follow a motion") }
            let mo = try m.object(allowed: ["amplitude", "angularFrequency"])
            motion = KinematicMotion(amplitude: try mo.required("amplitude").vector(), angularFrequency: try mo.required("angularFrequency").float())
        }
        return (d, shapes, node.path, motion)
    }

    /// Builds the scene's world (without running its motions and spawners: see `makeScene`).
    public func makeWorld(workerCount: Int = 1) throws(ProfileError) -> World {
        if facade != nil { return try makeScene(workerCount: workerCount).world }
        return try buildWorld(workerCount: workerCount).world
    }

    /// Builds the world and returns it with the handles of the profile's listed bodies.
    func buildWorld(workerCount: Int) throws(ProfileError) -> (world: World, bodies: [BodyID]) {
        var definition = world
        definition.workerCount = workerCount
        let world: World
        do { world = try World(definition) } catch { throw ProfileError(file: file, field: "world", problem: error.description) }
        var created: [BodyID] = []
        created.reserveCapacity(bodies.count)
        for body in bodies {
            let id: BodyID
            do { id = try world.createBody(body.definition) } catch { throw ProfileError(file: file, field: body.path, problem: error.description) }
            for (k, shape) in body.shapes.enumerated() {
                try shape.add(to: id, in: world, path: "\(body.path).shapes[\(k)]", file: file)
            }
            created.append(id)
        }
        for generator in generators { try generator.spec.build(in: world, path: generator.path, file: file) }
        for joint in joints { try joint.build(in: world, bodies: created, file: file) }
        return (world, created)
    }
}

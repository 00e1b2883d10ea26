import DynamicsCore
import Foundation
import Testing
@testable import dynamics

@Suite("dynamics run")
struct RunCommandTests {
    @Test("--json has the documented keys, msPerStep as an object and the hash as 16 hex digits")
    func jsonKeys() throws {
        let report = RunReport(profile: "p", bodies: 3, contacts: 2, awakeBodies: 1, steps: 10, threads: 2,
                               median: 1.5, p90: 2.5, stateHash: 0xABC)
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["profile", "bodies", "contacts", "awakeBodies", "steps", "threads", "msPerStep", "stateHash"])
        let ms = try #require(object["msPerStep"] as? [String: Double])
        #expect(ms == ["median": 1.5, "p90": 2.5])
        #expect(object["stateHash"] as? String == "0000000000000abc")
    }

    @Test("--json adds the drift of the bodies the scene started with, when it had any")
    func jsonDrift() throws {
        let report = RunReport(profile: "p", bodies: 3, contacts: 2, awakeBodies: 1, steps: 10, threads: 2, median: 1.5, p90: 2.5,
                               drift: Drift.Report(top: Vec2(0.25, -0.75), mostSideways: 0.5), stateHash: 0xABC)
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(object["drift"] as? [String: Double] == ["topX": 0.25, "topY": -0.75, "mostSideways": 0.5])
        #expect(report.table().contains("top body      moved +0.250 across, -0.750 up"))
        #expect(report.table().contains("sideways      at most 0.500 (any body)"))
    }

    @Test("--parts adds each part's milliseconds per step, in the table with its share and in --json by name")
    func parts() throws {
        let world = try World(WorldDefinition())
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 20, halfHeight: 1)))
        for i in 0..<20 {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i % 5) * 1.1 - 2, 1.5 + Float(i / 5))))
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        }
        world.profilesSteps = true
        for _ in 0..<10 { world.step(1.0 / 60) }
        let profile = world.stepProfile
        let report = RunReport(profile: "p", bodies: 21, contacts: 2, awakeBodies: 20, steps: 10, threads: 1,
                               median: 1.5, p90: 2.5, stateHash: 0xABC, parts: profile)
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let parts = try #require(object["partsMsPerStep"] as? [String: Double])
        #expect(parts.count == StepProfile.Part.allCases.count)
        for part in StepProfile.Part.allCases {
            let ms = profile.millisecondsPerStep(part)
            #expect(abs((parts[part.name] ?? -1) - ms) <= 1e-12 * max(ms, 1e-9), "\(part.name)")
        }
        let rows = report.table().split(separator: "\n").filter { line in
            StepProfile.Part.allCases.contains { line.hasPrefix($0.name + " ") }
        }
        #expect(rows.count == StepProfile.Part.allCases.count, "\(report.table())")
        let shares = rows.compactMap { Double($0.split(separator: " ").last!.dropLast()) }
        #expect(shares.count == rows.count && abs(shares.reduce(0, +) - 100) < 0.5, "\(shares)")
        let without = RunReport(profile: "p", bodies: 3, contacts: 2, awakeBodies: 1, steps: 10, threads: 2, median: 1.5, p90: 2.5,
                                stateHash: 0xABC)
        #expect(!without.table().contains("share") && !without.json().contains("parts"))
    }

    /// Three boxes without gravity, the highest moving 1 m/s to the left, a lower one 2 m/s to
    /// the right: after one second the top body moved −1 across and the most sideways is 2. A box
    /// made after the start, moving faster, counts for nothing.
    @Test("drift follows the highest starting body and the largest sideways move, in length units")
    func driftOfBodies() throws {
        var definition = WorldDefinition()
        definition.gravity = .zero
        let world = try World(definition)
        func box(at p: Vec2, velocity: Vec2) throws {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: p))
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
            try world.setLinearVelocity(velocity, of: body)
        }
        try box(at: Vec2(0, 10), velocity: Vec2(-1, 0))
        try box(at: Vec2(5, 0), velocity: Vec2(2, 0))
        try box(at: Vec2(-5, 0), velocity: .zero)
        let drift = Drift(world)
        try box(at: Vec2(0, 20), velocity: Vec2(9, 0))
        for _ in 0..<60 { world.step(1.0 / 60) }
        let report = try #require(drift.measure(world))
        #expect(abs(report.top.x + 1) < 1e-3 && abs(report.top.y) < 1e-3)
        #expect(abs(report.mostSideways - 2) < 1e-3)
    }

    @Test("a scene that starts without dynamic bodies (rain) reports no drift")
    func noDrift() throws {
        let world = try World(WorldDefinition())
        _ = try world.createBody(BodyDefinition(type: .static, position: .zero))
        #expect(Drift(world).measure(world) == nil)
    }

    @Test("median and p90 are order statistics of the step times")
    func percentiles() {
        var timings = StepTimings(capacity: 10)
        for ms in [5, 1, 4, 2, 3, 10, 9, 8, 7, 6] { timings.record(.milliseconds(ms)) }
        #expect(timings.median == 5)
        #expect(timings.p90 == 9)
    }

    @Test("bad options are rejected with the option's name")
    func badOptions() {
        #expect(throws: (any Error).self) { try Run.parse(["x.json", "--threads", "0"]) }
        #expect(throws: (any Error).self) { try Run.parse(["x.json", "--steps", "0"]) }
        #expect(throws: (any Error).self) { try Run.parse(["x.json", "--max-sideways", "-1"]) }
        #expect(throws: (any Error).self) { try Run.parse(["x.json", "--max-sideways", "nan"]) }
        #expect(throws: (any Error).self) { try Run.parse(["x.json", "--max-top-move", "-0.1"]) }
        #expect(throws: (any Error).self) { try Run.parse(["x.json", "--max-top-move", "inf"]) }
        #expect(throws: (any Error).self) { try Run.parse(["x.json", "--warmup", "-1"]) }
    }
}

/// `--warmup`: steps before the measured ones, on a ball dropped onto a box (gravity on), so that
/// every step changes the state.
@Suite("dynamics run --warmup")
struct RunWarmupTests {
    static let droppedBall = """
        { "type": "static", "shapes": [ { "box": { "halfWidth": 5, "halfHeight": 0.5 } } ] },
        { "type": "dynamic", "position": [0, 2], "angularVelocity": 3, "shapes": [ { "circle": { "radius": 0.5 } } ] }
        """

    @Test("20 warm-up steps and 10 measured end where 30 steps do, and the report counts the 10")
    func warmupThenMeasured() throws {
        let path = try RunStabilityGateTests.profile(bodies: Self.droppedBall, gravity: "[0, -10]")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let warmed = try Run.parse([path, "--warmup", "20", "--steps", "10"]).measure()
        let straight = try Run.parse([path, "--steps", "30"]).measure()
        let measuredOnly = try Run.parse([path, "--steps", "10"]).measure()
        #expect(warmed.stateHash == straight.stateHash)
        #expect(warmed.stateHash != measuredOnly.stateHash)
        #expect(warmed.steps == 10 && warmed.warmupSteps == 20)
        #expect(warmed.table().contains("steps         10 (after 20 of warm-up)"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(warmed.json().utf8)) as? [String: Any])
        #expect(object["warmupSteps"] as? Int == 20 && object["steps"] as? Int == 10)
        // Drift still counts from the scene as built: the ball has fallen through all 30 steps.
        let drop = try #require(warmed.drift).top.y, straightDrop = try #require(straight.drift).top.y
        #expect(drop == straightDrop && drop < -0.5)
    }
}

/// `--max-sideways` and `--max-top-move`, on a box sliding 1 m in a world without gravity or
/// anything to stop it.
@Suite("dynamics run's stability gates")
struct RunStabilityGateTests {
    static func profile(bodies: String, gravity: String = "[0, 0]") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UInt32.random(in: 0...UInt32.max)).json").path
        let json = """
        { "name": "gate", "world": { "gravity": \(gravity) }, "steps": 60, "bodies": [ \(bodies) ] }
        """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let slidingBox = """
        { "type": "dynamic", "linearVelocity": [1, 0], "shapes": [ { "box": { "halfWidth": 0.5, "halfHeight": 0.5 } } ] }
        """

    @Test("a body that slid 1 m passes a 2 m gate and fails a 0.5 m one")
    func gate() throws {
        let path = try Self.profile(bodies: Self.slidingBox)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Run.parse([path, "--max-sideways", "2"]).run()
        #expect(throws: (any Error).self) { try Run.parse([path, "--max-sideways", "0.5"]).run() }
    }

    /// The top body is the highest of the bodies the scene starts with: here a ball 3 m up,
    /// beside the sliding box.
    @Test("--max-top-move measures the highest body's move in any direction, not the others'")
    func topMoveGate() throws {
        let raised = """
            { "type": "dynamic", "position": [0, 3], "linearVelocity": [0, -0.9], "shapes": [ { "circle": { "radius": 0.5 } } ] }
            """
        let path = try Self.profile(bodies: Self.slidingBox + ", " + raised)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The raised ball falls 0.9 m in the 60 steps; the sliding box moves 1 m sideways, which
        // 0.95 would not pass.
        try Run.parse([path, "--max-top-move", "0.95"]).run()
        #expect(throws: (any Error).self) { try Run.parse([path, "--max-top-move", "0.8"]).run() }
        // Sideways, the sliding box is the one that counts.
        #expect(throws: (any Error).self) { try Run.parse([path, "--max-top-move", "0.95", "--max-sideways", "0.95"]).run() }
        try Run.parse([path, "--max-top-move", "0.95", "--max-sideways", "1.05"]).run()
    }

    @Test("a scene that starts without dynamic bodies cannot pass the gate")
    func nothingToCheck() throws {
        let path = try Self.profile(bodies: #"{ "type": "static", "shapes": [ { "box": { "halfWidth": 1, "halfHeight": 1 } } ] }"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: (any Error).self) { try Run.parse([path, "--max-sideways", "2"]).run() }
    }
}

@Suite("dynamics run with a broken profile")
struct RunFailureTests {
    @Test("a broken file makes the command fail instead of crashing")
    func brokenFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UInt32.random(in: 0...UInt32.max)).json").path
        try Data("{ \"world\": { \"subSteps\": \"four\" } }".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let command = try Run.parse([path])
        #expect(throws: (any Error).self) { try command.run() }
    }
}

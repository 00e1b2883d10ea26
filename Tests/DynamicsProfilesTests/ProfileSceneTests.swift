import Foundation
import Testing
import DynamicsCore
import DynamicsProfiles

/// The repository's `Profiles/` folder.
let profilesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Profiles")

@Suite("Profiles build the scenes they describe")
struct ProfileSceneTests {
    /// Every `.json` file in `Profiles/`.
    static let committedNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: profilesDirectory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()

    @Test("there are committed profiles to check")
    func profilesExist() {
        #expect(Self.committedNames.contains("large-pyramid"))
        #expect(Self.committedNames.count >= 6)
    }

    @Test("every committed profile loads, builds and steps", arguments: committedNames)
    func committedProfiles(name: String) throws {
        let profile = try Profile.load(path: profilesDirectory.appendingPathComponent("\(name).json").path)
        let world = try profile.makeWorld()
        #expect(world.bodyCount == profile.bodyCount)
        #expect(profile.name == name)
        world.step(profile.timeStep)
        #expect(world.stateHash() != 0)
    }

    @Test("Box2D's scene sizes: 22 000 boxes in many-pyramids, 10 000 circles in joint-grid, 9 601 bodies in smash, 2 026 in tumbler, 8 000 pentagons in junkyard")
    func benchmarkSceneSizes() throws {
        for (name, count) in [("many-pyramids", 22_001), ("joint-grid", 10_000), ("smash", 9_601), ("tumbler", 2_026), ("junkyard", 8_002)] {
            let profile = try Profile.load(path: profilesDirectory.appendingPathComponent("\(name).json").path)
            #expect(profile.bodyCount == count, "\(name)")
        }
        let grid = try Profile.load(path: profilesDirectory.appendingPathComponent("joint-grid.json").path).makeWorld()
        // 2 × 100 × 99 joints, less the 6 between the 7 static circles of the top row.
        #expect(grid.jointCount == 19_800 - 6)
        #expect(grid.awakeBodyCount == 10_000 - 7)
        for (name, count) in [("rain-1k", 1_000), ("rain-10k", 10_000), ("rain-100k", 100_000)] {
            let rain = try Profile.load(path: profilesDirectory.appendingPathComponent("\(name).json").path)
            #expect(rain.spawnedBodyCount == count, "\(name)")
        }
    }

    @Test("the large pyramid is Box2D's: 5050 boxes on a ground, 1/60 s, 4 sub-steps, no sleeping, 500 steps")
    func largePyramid() throws {
        let profile = try Profile.load(path: profilesDirectory.appendingPathComponent("large-pyramid.json").path)
        #expect(profile.bodyCount == 5051)
        #expect(profile.steps == 500)
        #expect(profile.world.subStepCount == 4)
        #expect(profile.world.enableSleep == false)
        #expect(abs(profile.timeStep - 1.0 / 60) < 1e-6)
        #expect(profile.world.gravity == Vec2(0, -10))
    }

    @Test("world.aabbMargin sets the broadphase margin in metres; without it the engine's default holds")
    func aabbMargin() throws {
        let pinned = try Profile.parse(Data("{ \"world\": { \"aabbMargin\": 0.1 } }".utf8), file: "scene.json")
        #expect(pinned.world.aabbMarginMeters == 0.1)
        let plain = try Profile.parse(Data("{ }".utf8), file: "scene.json")
        #expect(plain.world.aabbMarginMeters == WorldDefinition().aabbMarginMeters)
    }

    /// Profiles/stability/ holds scenes for stability gates, which `bench` and the benchmarks do
    /// not run: the large pyramid with stiffer contacts is large-pyramid's very scene.
    @Test("the stiff large pyramid is large-pyramid's scene with 8 sub-steps and 100 Hz contacts")
    func stiffLargePyramid() throws {
        let base = try Profile.load(path: profilesDirectory.appendingPathComponent("large-pyramid.json").path)
        let stiff = try Profile.load(path: profilesDirectory.appendingPathComponent("stability/large-pyramid-stiff.json").path)
        #expect(stiff.name == "large-pyramid-stiff")
        #expect(stiff.world.subStepCount == 8)
        #expect(stiff.world.contactHertz == 100)
        #expect(stiff.steps == base.steps)
        #expect(stiff.world.gravity == base.world.gravity)
        #expect(stiff.timeStep == base.timeStep)
        #expect(stiff.world.enableSleep == base.world.enableSleep)
        #expect(stiff.world.lengthUnitsPerMeter == base.world.lengthUnitsPerMeter)
        #expect(stiff.world.contactDampingRatio == base.world.contactDampingRatio)
        let a = try base.makeWorld(), b = try stiff.makeWorld()
        #expect(a.bodyCount == b.bodyCount)
        #expect(a.bodyIDs.map { a.position(of: $0) } == b.bodyIDs.map { b.position(of: $0) })
    }

    @Test("generators make the counts they promise, deterministically")
    func generators() throws {
        let json = """
        { "generators": [
            { "pyramid": { "base": 10 } },
            { "stack": { "count": 7, "origin": [30, 0.5], "shape": { "box": { "halfWidth": 0.5, "halfHeight": 0.5 } } } },
            { "grid": { "columns": 4, "rows": 3, "origin": [-30, 0], "shape": { "circle": { "radius": 0.3 } } } },
            { "rain": { "count": 50, "seed": 7, "lower": [-10, 20], "upper": [10, 40] } }
        ] }
        """
        let profile = try Profile.parse(Data(json.utf8), file: "inline.json")
        #expect(profile.bodyCount == 55 + 7 + 12 + 50)
        let a = try profile.makeWorld(), b = try profile.makeWorld()
        #expect(a.bodyCount == 124)
        #expect(a.stateHash() == b.stateHash())
    }

    @Test("a profile gives the same final state for 1, 2 and 4 workers")
    func threadsAgree() throws {
        let profile = try Profile.load(path: profilesDirectory.appendingPathComponent("small-stack.json").path)
        var hashes: [UInt64] = []
        for workers in [1, 2, 4] {
            let world = try profile.makeWorld(workerCount: workers)
            for _ in 0..<profile.steps { world.step(profile.timeStep) }
            hashes.append(world.stateHash())
        }
        #expect(Set(hashes).count == 1)
    }

    @Test("both vector backends give the same state")
    func backendsAgree() throws {
        let json = """
        { "world": { "vectorBackend": "swift" }, "bodies": [ { "type": "static", "shapes": [ { "segment": { "point1": [-20, 0], "point2": [20, 0] } } ] } ],
          "generators": [ { "rain": { "count": 300, "seed": 3, "lower": [-15, 1], "upper": [15, 25] } } ] }
        """
        var hashes: [UInt64] = []
        for backend in ["swift", "cblas"] {
            let profile = try Profile.parse(Data(json.replacingOccurrences(of: "\"swift\"", with: "\"\(backend)\"").utf8), file: "rain.json")
            #expect(profile.world.vectorBackend.rawValue == backend)
            let world = try profile.makeWorld()
            for _ in 0..<120 { world.step(profile.timeStep) }
            hashes.append(world.stateHash())
        }
        #expect(hashes[0] == hashes[1])
    }
}

import Foundation
import Testing
import DynamicsCore
import DynamicsProfiles

@Suite("Scenes run a profile's scripts")
struct SceneTests {
    @Test("a spawner rains its bodies in batches until the count is reached, and they land in the bin")
    func rain() throws {
        let json = """
        { "world": { "enableSleep": true },
          "bodies": [ { "type": "static", "shapes": [ { "chain": { "points": [[-5, 20], [-5, 0], [5, 0], [5, 20]] } } ] } ],
          "spawners": [ { "rain": { "count": 45, "perStep": 10, "seed": 3, "lower": [-4, 6], "upper": [4, 9] } } ] }
        """
        let profile = try Profile.parse(Data(json.utf8), file: "rain.json")
        #expect(profile.bodyCount == 1)
        #expect(profile.spawnedBodyCount == 45)
        let scene = try profile.makeScene()
        scene.step()
        #expect(scene.world.bodyCount == 11)
        for _ in 0..<4 { scene.step() }
        #expect(scene.world.bodyCount == 46)
        #expect(scene.isFullySpawned)
        for _ in 0..<240 { scene.step() }
        #expect(scene.world.bodyCount == 46)
        #expect(abs(scene.time - 245.0 / 60) < 1e-3)
        var inside = 0
        for shape in scene.world.shapes(overlapping: AABB(lower: Vec2(-5, 0), upper: Vec2(5, 10))) {
            if scene.world.type(of: scene.world.body(of: shape)) == .dynamic { inside += 1 }
        }
        #expect(inside == 45, "every body landed in the bin")
    }

    @Test("a kinematic body with a motion follows x = A sin(ωt)")
    func motion() throws {
        let json = """
        { "world": { "gravity": [0, 0] },
          "bodies": [ { "type": "kinematic", "position": [1, 2], "motion": { "amplitude": [60, 0], "angularFrequency": 0.2 },
                        "shapes": [ { "box": { "halfWidth": 2, "halfHeight": 4 } } ] } ] }
        """
        let scene = try Profile.parse(Data(json.utf8), file: "pusher.json").makeScene()
        for _ in 0..<300 {
            scene.step()
            let expected = 1 + 60 * sin(0.2 * scene.time)
            #expect(abs(Double(scene.world.position(of: BodyIDs.first(in: scene.world)).x) - expected) < 1e-2)
        }
    }

    @Test("a motion on a dynamic body is rejected at its field")
    func motionNeedsKinematic() {
        let json = "{ \"bodies\": [ { \"motion\": { \"amplitude\": [1, 0], \"angularFrequency\": 1 } } ] }"
        #expect(throws: ProfileError(file: "m.json", field: "bodies[0].motion", problem: "only a kinematic body can follow a motion")) {
            try Profile.parse(Data(json.utf8), file: "m.json")
        }
    }
}

/// Finds the one body of a single-body world through the box query.
enum BodyIDs {
    static func first(in world: World) -> BodyID {
        world.body(of: world.shapes(overlapping: AABB(lower: Vec2(-1e6, -1e6), upper: Vec2(1e6, 1e6)))[0])
    }
}

import Foundation
import Testing
import DynamicsProfiles

@Suite("Profile errors name the file, the field and the problem")
struct ProfileErrorTests {
    func error(_ json: String) -> ProfileError? {
        do {
            let profile = try Profile.parse(Data(json.utf8), file: "scene.json")
            _ = try profile.makeWorld()
            return nil
        } catch {
            return error
        }
    }

    @Test("malformed JSON")
    func malformed() {
        let e = error("{ \"steps\": 10, ")
        #expect(e?.file == "scene.json")
        #expect(e?.problem.contains("not valid JSON") == true)
    }

    @Test("wrong types, unknown and missing fields, absurd counts", arguments: [
        ("{ \"steps\": \"ten\" }", "steps", "must be a number"),
        ("{ \"steps\": true }", "steps", "must be a number"),
        ("{ \"stepz\": 10 }", "stepz", "unknown field"),
        ("{ \"world\": { \"subSteps\": 0 } }", "world.subSteps", "must be in 1...64"),
        ("{ \"world\": { \"enableSleep\": 1 } }", "world.enableSleep", "must be true or false"),
        ("{ \"world\": { \"aabbMargin\": 0 } }", "world.aabbMargin", "must be finite and > 0"),
        ("{ \"bodies\": [ { \"shapes\": [ { \"circle\": { } } ] } ] }", "bodies[0].shapes[0].circle.radius", "is required"),
        ("{ \"bodies\": [ { \"shapes\": [ { \"box\": { \"halfWidth\": 1 } } ] } ] }", "bodies[0].shapes[0].box.halfHeight", "is required"),
        ("{ \"bodies\": [ { \"type\": \"floating\" } ] }", "bodies[0].type", "must be \"static\""),
        ("{ \"bodies\": [ { \"shapes\": [ { \"box\": { \"halfWidth\": -1, \"halfHeight\": 1 } } ] } ] }", "bodies[0].shapes[0]", "box.halfWidth: must be finite and > 0"),
        ("{ \"bodies\": [ { \"position\": [1] } ] }", "bodies[0].position", "two numbers"),
        ("{ \"generators\": [ { \"grid\": { \"columns\": 100000, \"rows\": 100000, \"shape\": { \"circle\": { \"radius\": 1 } } } } ] }",
         "generators[0]", "at most 2000000"),
        ("{ \"generators\": [ { \"rain\": { \"count\": 1000000000, \"lower\": [0, 0], \"upper\": [1, 1] } } ] }",
         "generators[0].rain.count", "must be in 1...2000000"),
        ("{ \"generators\": [ { \"ropes\": { \"columns\": 1, \"rows\": 1, \"links\": 1 } } ] }", "generators[0].ropes.links", "must be in 2...10000"),
        ("{ \"generators\": [ { \"ropes\": { \"columns\": 1, \"rows\": 1, \"links\": 3, \"radius\": 0 } } ] }", "generators[0].ropes.radius", "must be > 0"),
        ("{ \"generators\": [ { \"ropes\": { \"columns\": 1000, \"rows\": 1000, \"links\": 10 } } ] }", "generators[0].ropes", "at most 2000000"),
        ("{ \"joints\": [ { \"kind\": \"distance\", \"bodyA\": 0, \"anchor\": [0, 0] } ] }", "joints[0]", "lists no bodies"),
        ("{ \"facade\": { \"views\": { \"count\": 10, \"width\": 100, \"height\": 100 } }, \"bodies\": [] }", "facade", "cannot also have \"bodies\""),
        ("{ \"facade\": { \"fieldsSwarm\": { \"count\": 1000000000 } } }", "facade.fieldsSwarm.count", "must be in 1...2000000"),
        ("{ \"facade\": { \"views\": { \"count\": 100000, \"width\": 100, \"height\": 100 } } }", "facade.views", "do not fit"),
        ("{ \"facade\": { \"teapot\": {} } }", "facade.teapot", "unknown field"),
    ])
    func fieldErrors(json: String, field: String, problem: String) {
        let e = error(json)
        #expect(e?.file == "scene.json")
        #expect(e?.field == field, "got \(String(describing: e))")
        #expect(e?.problem.contains(problem) == true, "got \(String(describing: e))")
    }

    @Test("geometry the engine rejects is reported at the shape's path")
    func badGeometry() {
        let concave = "{ \"bodies\": [ { \"shapes\": [ { \"polygon\": { \"vertices\": [[0,0],[2,0],[1,0.2],[2,2],[0,2]] } } ] } ] }"
        let e = error(concave)
        #expect(e?.field == "bodies[0].shapes[0]")
        #expect(e?.problem.contains("convex") == true)
    }

    @Test("a missing file is an error, not a crash")
    func missingFile() {
        #expect(throws: ProfileError.self) { try Profile.load(path: "/nonexistent/profile.json") }
    }
}

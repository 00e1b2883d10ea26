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

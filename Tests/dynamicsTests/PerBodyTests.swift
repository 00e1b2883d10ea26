import DynamicsCore
import Foundation
import Testing
@testable import dynamics

@Suite("dynamics per-body")
struct PerBodyTests {
    /// A file of the repository's Profiles folder.
    func profile(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Profiles/\(name).json").path
    }

    @Test("the sizes' worlds step in turn, and each row has its bodies and a median")
    func measuresEachSize() throws {
        let paths = [profile("small-stack"), profile("small-stack")]
        let command = try PerBody.parse(paths + ["--steps", "6", "--block", "2"])
        let rows = try command.measure(paths, progress: Progress(enabled: false))
        #expect(rows.map(\.profile) == ["small-stack", "small-stack"])
        #expect(rows.allSatisfy { $0.bodies == 29 && $0.medianMs > 0 })
        // Its 28 dynamic bodies are still moving after a few steps; the static bin never wakes.
        #expect(rows.allSatisfy { $0.awakeAtEnd == 28 }, "\(rows.map(\.awakeAtEnd))")
    }

    @Test("a size that ended its measured steps with most of its bodies asleep is named in a warning")
    func sleepingPileWarned() throws {
        let moving = PerBodyResult(profile: "rain-1k", bodies: 1001, medianMs: 0.25, awakeAtEnd: 1000)
        let asleep = PerBodyResult(profile: "rain-1k", bodies: 1001, medianMs: 0.05, awakeAtEnd: 0)
        let half = PerBodyResult(profile: "rain-10k", bodies: 10_001, medianMs: 3, awakeAtEnd: 5001)
        let unknown = PerBodyResult(profile: "rain-100k", bodies: 100_001, medianMs: 40)
        #expect(PerBody.sleepWarnings([moving, half, unknown]).isEmpty)
        let warnings = PerBody.sleepWarnings([asleep, half, unknown])
        #expect(warnings == ["note: rain-1k ended its measured steps with 0 of its 1001 bodies awake: "
                             + "its cost per body is that of a pile that slept, not of one that moves"])
        #expect(PerBodyResult.Record(asleep, reference: asleep).awakeBodiesAtEnd == 0)
        // Measured: small-stack's bodies fall asleep within these 400 steps, and the warning names both worlds.
        let paths = [profile("small-stack"), profile("small-stack")]
        let rows = try PerBody.parse(paths + ["--steps", "400", "--block", "50"]).measure(paths, progress: Progress(enabled: false))
        #expect(rows.allSatisfy { ($0.awakeAtEnd ?? 29) * 2 < $0.bodies }, "\(rows.map(\.awakeAtEnd))")
        #expect(PerBody.sleepWarnings(rows).count == 2)
    }

    @Test("--parts times each size's measured steps and prints each part's nanoseconds per body, last size against first")
    func parts() throws {
        let paths = [profile("small-stack"), profile("small-stack")]
        let rows = try PerBody.parse(paths + ["--steps", "6", "--block", "2", "--parts"]).measure(paths, progress: Progress(enabled: false))
        let first = try #require(rows[0].parts)
        #expect(first.steps == 6 && rows[1].parts?.steps == 6)
        let perBody = try #require(rows[0].partsNanosecondsPerBody)
        #expect(perBody.count == StepProfile.Part.allCases.count)
        for part in StepProfile.Part.allCases {
            let expected = first.millisecondsPerStep(part) * 1e6 / 29
            #expect(abs((perBody[part.name] ?? -1) - expected) <= 1e-9 * max(expected, 1), "\(part.name)")
        }
        #expect(PerBodyResult.Record(rows[0], reference: rows[0]).partsNanosecondsPerBody == perBody)
        let lines = StepParts.perBodyTable(rows).split(separator: "\n")
        #expect(lines.first == "part        small-stack ns  small-stack ns  small-stack/small-stack")
        #expect(lines.count == 2 + StepProfile.Part.allCases.count)
        let solve = try #require(lines.first { $0.hasPrefix("solve ") })
        let expectedSolve = String(format: "%14.1f", first.millisecondsPerStep(.solve) * 1e6 / 29)
        #expect(solve.contains(expectedSolve), "\(solve)")
        let plain = try PerBody.parse(paths + ["--steps", "2"]).measure(paths, progress: Progress(enabled: false))
        #expect(plain[0].parts == nil && plain[0].partsNanosecondsPerBody == nil && StepParts.perBodyTable(plain) == "")
    }

    @Test("profiles that warm up differently are refused, naming both")
    func warmUpsMustMatch() throws {
        let paths = [profile("small-stack"), profile("rain-1k")]
        let command = try PerBody.parse(paths)
        do {
            _ = try command.measure(paths, progress: Progress(enabled: false))
            Issue.record("measured profiles with different warm-ups")
        } catch {
            let message = "\(error)"
            #expect(message.contains("rain-1k warms up for 250 steps") && message.contains("small-stack"), "\(message)")
        }
    }

    @Test("the cost per body is the median over the bodies, the ratio against the first row's")
    func table() {
        let small = PerBodyResult(profile: "rain-1k", bodies: 1000, medianMs: 0.5)
        let large = PerBodyResult(profile: "rain-100k", bodies: 100_000, medianMs: 70)
        #expect(abs(small.microsecondsPerBody - 0.5) < 1e-12)
        #expect(abs(large.microsecondsPerBody - 0.7) < 1e-12)
        #expect(abs(large.ratio(to: small) - 1.4) < 1e-12)
        let lines = perBodyTable([small, large]).split(separator: "\n")
        #expect(lines[0].hasSuffix("per body against rain-1k"))
        #expect(lines.last == "rain-100k          100000     70.000        0.700               1.40x")
    }

    @Test("--json prints each row's figures and its ratio to the first row, under their names")
    func json() throws {
        let small = PerBodyResult(profile: "rain-1k", bodies: 1000, medianMs: 0.5)
        let large = PerBodyResult(profile: "rain-100k", bodies: 100_000, medianMs: 70)
        let text = try jsonText([small, large].map { PerBodyResult.Record($0, reference: small) })
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[1]["profile"] as? String == "rain-100k")
        #expect(rows[1]["bodies"] as? Int == 100_000)
        #expect(rows[1]["medianMs"] as? Double == 70)
        #expect(abs((rows[1]["microsecondsPerBody"] as? Double ?? 0) - 0.7) < 1e-12)
        #expect(abs((rows[1]["ratio"] as? Double ?? 0) - 1.4) < 1e-12)
        #expect(rows[0]["ratio"] as? Double == 1)
    }

    @Test("--rounds keeps each size's fastest round, with that round's parts and awake count")
    func rounds() throws {
        let slow = PerBodyResult(profile: "rain-100k", bodies: 100_001, medianMs: 36, awakeAtEnd: 99_000)
        let fast = PerBodyResult(profile: "rain-100k", bodies: 100_001, medianMs: 33, awakeAtEnd: 98_000)
        #expect(slow.keepingFastest(fast) == fast)
        #expect(fast.keepingFastest(slow) == fast)
        // Measured: every round builds its worlds afresh, so a kept row's parts count its own
        // round's 6 steps (not 18) and its pile is as awake as after one round.
        let paths = [profile("small-stack"), profile("small-stack")]
        let command = try PerBody.parse(paths + ["--steps", "6", "--block", "2", "--rounds", "3", "--parts"])
        #expect(command.rounds == 3)
        let rows = try command.measure(paths, progress: Progress(enabled: false))
        #expect(rows.count == 2 && rows.allSatisfy { $0.bodies == 29 && $0.medianMs > 0 })
        #expect(rows.allSatisfy { $0.parts?.steps == 6 && $0.awakeAtEnd == 28 }, "\(rows.map(\.awakeAtEnd))")
        #expect((try? PerBody.parse([]))?.rounds == 1)
        #expect(rows.allSatisfy { $0.roundRatios.count == 3 } && rows[0].roundRatios == [1, 1, 1],
                "each round's ratio is taken within that round, the reference's being 1")
    }

    /// The table's ratio pairs each size's fastest round; each round's own ratio shows how much
    /// the host drifted between them.
    @Test("--rounds keeps every round's own ratio, and the line gives each size's range")
    func roundRatios() {
        var slow = PerBodyResult(profile: "rain-100k", bodies: 100_000, medianMs: 36)
        var fast = PerBodyResult(profile: "rain-100k", bodies: 100_000, medianMs: 33)
        slow.roundRatios = [1.57]
        fast.roundRatios = [1.29]
        let kept = slow.keepingFastest(fast)
        #expect(kept.medianMs == 33 && kept.roundRatios == [1.57, 1.29])
        let reference = PerBodyResult(profile: "rain-1k", bodies: 1000, medianMs: 0.25, roundRatios: [1, 1])
        #expect(roundRatiosLine([reference, kept]) == "each round's own ratio to rain-1k: rain-100k 1.29-1.57x")
    }

    @Test("--max-ratio names every size over it, and nothing when none is")
    func maxRatio() {
        let rows = [PerBodyResult(profile: "rain-1k", bodies: 1000, medianMs: 0.5),
                    PerBodyResult(profile: "rain-10k", bodies: 10_000, medianMs: 8),
                    PerBodyResult(profile: "rain-100k", bodies: 100_000, medianMs: 70)]
        #expect(PerBody.overLimit(rows, maxRatio: 1.65) == nil)
        let message = PerBody.overLimit(rows, maxRatio: 1.5)
        #expect(message == "rain-10k costs 1.60x rain-1k's per body, above --max-ratio 1.5")
        #expect(PerBody.overLimit(rows, maxRatio: 1.2) == "rain-10k costs 1.60x, rain-100k costs 1.40x rain-1k's per body, above --max-ratio 1.2")
    }

    @Test("bad options are rejected with the option's name")
    func badOptions() {
        for args in [["--threads", "0"], ["--threads", "257"], ["--steps", "0"], ["--block", "0"],
                     ["--rounds", "0"], ["--rounds", "101"],
                     ["--max-ratio", "0"], ["--max-ratio", "nan"], ["only-one.json"]] {
            do {
                _ = try PerBody.parse(args)
                Issue.record("accepted \(args)")
            } catch {
                let expected = args[0].hasPrefix("--") ? args[0] : "<profiles>"
                #expect(PerBody.message(for: error).contains(expected), "\(PerBody.message(for: error))")
            }
        }
        #expect((try? PerBody.parse([]))?.threads == 1)
    }
}

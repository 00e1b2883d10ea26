import DynamicsCore
import Foundation
import Testing
@testable import dynamics

@Suite("dynamics scaling")
struct ScalingTests {
    /// The repository's small stack profile.
    let smallStack = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Profiles/small-stack.json").path

    @Test("the one-thread and two-thread worlds step side by side to the same state, in blocks")
    func worldsAgree() throws {
        let command = try Scaling.parse([smallStack, "--steps", "23", "--block", "5"])
        let result = try command.measure(smallStack, label: "", progress: Progress(enabled: false))
        #expect(result.profile == "small-stack")
        #expect(result.statesAgree)
        #expect(result.oneThreadMs > 0 && result.severalThreadsMs > 0)
    }

    @Test("--parts times the measured steps of both worlds, part by part, and prints each part's speed-up")
    func parts() throws {
        let command = try Scaling.parse([smallStack, "--steps", "23", "--block", "5", "--parts"])
        let result = try command.measure(smallStack, label: "", progress: Progress(enabled: false))
        let one = try #require(result.oneThreadParts), several = try #require(result.severalThreadsParts)
        // The untimed step before each block is left out: only the 23 measured steps count.
        #expect(one.steps == 23 && several.steps == 23)
        #expect(one.seconds(.solve) > 0 && several.seconds(.solve) > 0)
        let rows = StepParts.rows(one: one, several: several)
        #expect(rows.map(\.part) == StepProfile.Part.allCases.map(\.name))
        for (row, part) in zip(rows, StepProfile.Part.allCases) {
            #expect(row.oneThreadMs == one.millisecondsPerStep(part) && row.severalThreadsMs == several.millisecondsPerStep(part))
        }
        let text = StepParts.table(profile: "small-stack", one: one, several: several, threads: 2)
        #expect(text.hasPrefix("small-stack        1 thread ms  2 threads ms  speed-up"))
        #expect(text.split(separator: "\n").count == 2 + StepProfile.Part.allCases.count)
        let record = ScalingResult.Record(result, threads: 2)
        #expect(record.parts == rows)
        let plain = try Scaling.parse([smallStack, "--steps", "3"]).measure(smallStack, label: "", progress: Progress(enabled: false))
        #expect(plain.oneThreadParts == nil && ScalingResult.Record(plain, threads: 2).parts == nil)
    }

    @Test("the speed-up is the one-thread median over the other, and the table shows it")
    func table() {
        let row = ScalingResult(profile: "tumbler", bodies: 2026, oneThreadMs: 1.8, severalThreadsMs: 1.2, statesAgree: true)
        #expect(abs(row.speedUp - 1.5) < 1e-12)
        let text = scalingTable([row], threads: 2)
        #expect(text.contains("2 threads ms"))
        #expect(text.split(separator: "\n").last == "tumbler              2026        1.800         1.200     1.50x")
    }

    /// The issue's target: 1.7 times as fast on 2 threads, for every profile above 2 000 bodies.
    @Test("--min-speed-up names every profile of --min-bodies or more below it, and nothing when none is")
    func minSpeedUp() {
        let rows = [ScalingResult(profile: "rain-1k", bodies: 1001, oneThreadMs: 0.34, severalThreadsMs: 0.27, statesAgree: true),
                    ScalingResult(profile: "tumbler", bodies: 2026, oneThreadMs: 1.8, severalThreadsMs: 1.2, statesAgree: true),
                    ScalingResult(profile: "rain-100k", bodies: 100_001, oneThreadMs: 48, severalThreadsMs: 25, statesAgree: true)]
        #expect(Scaling.belowLimit(rows, minSpeedUp: 1.7, minBodies: 2001, threads: 2)
                == "tumbler 1.50x faster on 2 threads than on one, below --min-speed-up 1.7")
        #expect(Scaling.belowLimit(rows, minSpeedUp: 1.7, minBodies: 0, threads: 2)
                == "rain-1k 1.26x, tumbler 1.50x faster on 2 threads than on one, below --min-speed-up 1.7")
        #expect(Scaling.belowLimit(rows, minSpeedUp: 1.4, minBodies: 2001, threads: 2) == nil)
        #expect(Scaling.belowLimit(rows, minSpeedUp: 1.7, minBodies: 3000, threads: 2) == nil)
    }

    @Test("--json prints each row's medians, threads and speed-up under their names")
    func json() throws {
        let row = ScalingResult(profile: "tumbler", bodies: 2026, oneThreadMs: 1.8, severalThreadsMs: 1.2, statesAgree: true)
        let text = try jsonText([ScalingResult.Record(row, threads: 2)])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["profile"] as? String == "tumbler")
        #expect(rows[0]["bodies"] as? Int == 2026)
        #expect(rows[0]["oneThreadMs"] as? Double == 1.8)
        #expect(rows[0]["severalThreadsMs"] as? Double == 1.2)
        #expect(rows[0]["threads"] as? Int == 2)
        #expect(abs((rows[0]["speedUp"] as? Double ?? 0) - 1.5) < 1e-12)
    }

    /// On a host whose processors are shared at times, a slow spell may fall on one world's
    /// threads alone; with `--rounds`, each world's fastest round counts.
    @Test("--rounds keeps each world's fastest round, with its parts, and the states agree only if they did in every round")
    func rounds() throws {
        let first = ScalingResult(profile: "ropes", bodies: 5001, oneThreadMs: 1.40, severalThreadsMs: 1.80, statesAgree: true,
                                  oneThreadParts: StepProfile(), severalThreadsParts: StepProfile())
        var second = ScalingResult(profile: "ropes", bodies: 5001, oneThreadMs: 1.45, severalThreadsMs: 0.82, statesAgree: true)
        let kept = first.keepingFastest(second)
        #expect(kept.oneThreadMs == 1.40 && kept.severalThreadsMs == 0.82)
        // The parts come with the round they were kept from (the second round had none).
        #expect(kept.oneThreadParts != nil && kept.severalThreadsParts == nil)
        #expect(abs(kept.speedUp - 1.40 / 0.82) < 1e-12 && kept.statesAgree)
        second.statesAgree = false
        #expect(!first.keepingFastest(second).statesAgree && !second.keepingFastest(first).statesAgree)

        let command = try Scaling.parse([smallStack, "--steps", "7", "--block", "3", "--rounds", "2"])
        #expect(command.sideBySide.label("[1/1]", round: 1) == "[1/1] round 2/2")
        let result = try command.measure(smallStack, label: "", progress: Progress(enabled: false))
        #expect(result.statesAgree && result.oneThreadMs > 0 && result.severalThreadsMs > 0)
        #expect(try Scaling.parse([smallStack]).sideBySide.label("[1/1]", round: 0) == "[1/1]")
    }

    /// The table pairs each world's fastest round, which may come from different rounds; each
    /// round's own speed-up shows how much the host drifted between them.
    @Test("--rounds keeps every round's own speed-up, and the line gives each profile's range")
    func roundSpeedUps() throws {
        let first = ScalingResult(profile: "tumbler", bodies: 2026, oneThreadMs: 1.8, severalThreadsMs: 1.3, statesAgree: true,
                                  roundSpeedUps: [1.8 / 1.3])
        let second = ScalingResult(profile: "tumbler", bodies: 2026, oneThreadMs: 2.0, severalThreadsMs: 1.1, statesAgree: true,
                                   roundSpeedUps: [2.0 / 1.1])
        let kept = first.keepingFastest(second)
        #expect(kept.roundSpeedUps == [1.8 / 1.3, 2.0 / 1.1])
        #expect(abs(kept.speedUp - 1.8 / 1.1) < 1e-12, "the table's figure pairs the fastest of each world")
        let other = ScalingResult(profile: "smash", bodies: 9601, oneThreadMs: 3, severalThreadsMs: 1.6, statesAgree: true,
                                  roundSpeedUps: [1.875])
        #expect(roundSpeedUpsLine([kept, other]) == "each round's own speed-up: tumbler 1.38-1.82x, smash 1.88-1.88x")

        let command = try Scaling.parse([smallStack, "--steps", "7", "--block", "3", "--rounds", "2"])
        let measured = try command.measure(smallStack, label: "", progress: Progress(enabled: false))
        #expect(measured.roundSpeedUps.count == 2 && measured.roundSpeedUps.allSatisfy { $0 > 0 })
    }

    @Test("bad options are rejected with the option's name")
    func badOptions() {
        for args in [["--threads", "1"], ["--threads", "257"], ["--steps", "0"], ["--block", "0"], ["--rounds", "0"], ["--rounds", "101"],
                     ["--min-speed-up", "0"], ["--min-speed-up", "nan"], ["--min-bodies", "-1", "--min-speed-up", "1.7"],
                     ["--min-bodies", "2001"]] {
            do {
                _ = try Scaling.parse(args)
                Issue.record("accepted \(args)")
            } catch {
                #expect(Scaling.message(for: error).contains(args[0]), "\(Scaling.message(for: error))")
            }
        }
        #expect((try? Scaling.parse([]))?.threads == 2)
    }
}

import CAllocationCounter
import Foundation
import Testing
@testable import dynamics

@Suite("dynamics bench")
struct BenchTests {
    func result(_ name: String, median: Double) -> BenchResult {
        BenchResult(profile: name, bodies: 10, contacts: 20, steps: 100, threads: 1, medianMs: median, p90Ms: median * 1.2,
                    nsPerContactSubStep: 12.5, allocationsPerStep: 0, fieldNsPerEvaluation: nil, facadeOverheadPercent: nil, stateHash: "0000000000000001")
    }

    @Test("a profile slower than the baseline by more than the tolerance is named; others pass")
    func regressionsAreNamed() {
        let baseline = [result("a", median: 10), result("b", median: 10), result("c", median: 10)]
        let current = [result("a", median: 10.9), result("b", median: 11.1), result("c", median: 5), result("new", median: 99)]
        let slower = regressions(current, against: baseline, tolerancePercent: 10)
        #expect(slower.count == 1)
        #expect(slower.first?.hasPrefix("b: median 11.100 ms against 10.000 ms") == true, "\(slower)")
        #expect(regressions(current, against: baseline, tolerancePercent: 12).isEmpty)
    }

    @Test("a median of a few microseconds is named with its significant digits, not as 0.000 ms")
    func tinyMediansKeepTheirDigits() {
        let slower = regressions([result("tiny", median: 0.00449)], against: [result("tiny", median: 0.000449)], tolerancePercent: 10)
        #expect(slower.first?.hasPrefix("tiny: median 0.00449 ms against 0.000449 ms") == true, "\(slower)")
    }

    /// The fastest round's median and p90 are reported together; allocations are the most of any
    /// round (a fast round that did not allocate must not hide a slow one that did).
    @Test("several rounds report the fastest round, with the most allocations of any")
    func fastestRound() throws {
        var slow = result("a", median: 3), fast = result("a", median: 2), middle = result("a", median: 2.5)
        slow.p90Ms = 9; fast.p90Ms = 2.4; middle.p90Ms = 2.6
        slow.allocationsPerStep = 0; fast.allocationsPerStep = 0; middle.allocationsPerStep = 1.5
        let best = try bestRound([slow, fast, middle]).get()
        #expect(best.medianMs == 2 && best.p90Ms == 2.4)
        #expect(best.allocationsPerStep == 1.5)
        #expect(best.rounds == 3)
        let single = try bestRound([slow]).get()
        #expect(single == slow, "one round is reported as it is, without a round count")
        var uncounted = fast
        uncounted.allocationsPerStep = nil
        #expect(try bestRound([slow, uncounted]).get().allocationsPerStep == nil, "a round that could not count makes the count unknown")
    }

    /// The slowest round is kept beside the fastest, so that a run can say how far its rounds
    /// were apart: a host whose speed drifts makes any single figure doubtful.
    @Test("several rounds keep the slowest round's median; the rounds-apart line names the widest profile and flags drift")
    func roundsApart() throws {
        let pile = try bestRound([result("pile", median: 2), result("pile", median: 2.9), result("pile", median: 2.2)]).get()
        #expect(pile.slowestRoundMedianMs == 2.9)
        #expect(try bestRound([result("pile", median: 2)]).get().slowestRoundMedianMs == nil)
        let steady = try bestRound([result("stack", median: 1), result("stack", median: 1.04)]).get()

        let drifting = try #require(roundsApartLine([steady, pile]))
        #expect(drifting.hasPrefix("rounds apart: a profile's slowest round took at most 1.45x its fastest's median (pile)"), "\(drifting)")
        #expect(drifting.contains("the host's speed drifted"))
        let quiet = try #require(roundsApartLine([steady]))
        #expect(quiet == "rounds apart: a profile's slowest round took at most 1.04x its fastest's median (stack)")
        #expect(roundsApartLine([result("one", median: 1)]) == nil, "one round has nothing to compare")
        let tiny = try bestRound([result("tiny", median: 0.008), result("tiny", median: 0.0094)]).get()
        #expect(roundsApartLine([tiny]) == nil, "a median of microseconds is not judged")
        #expect(roundsApartLine([tiny, steady])?.hasSuffix("(stack)") == true)
    }

    @Test("rounds that end in different states are refused, naming the profile and the hashes")
    func roundsMustAgree() {
        var other = result("pile", median: 1)
        other.stateHash = "00000000000000ff"
        switch bestRound([result("pile", median: 2), other]) {
        case .success(let best): Issue.record("accepted differing hashes: \(best)")
        case .failure(let disagreement):
            #expect(disagreement.description.hasPrefix("pile: the rounds ended in different states"))
            #expect(disagreement.description.contains("0000000000000001, 00000000000000ff"))
        }
    }

    @Test("--rounds takes 1 to 100")
    func roundsOption() throws {
        #expect(try Bench.parse(["--rounds", "3"]).rounds == 3)
        #expect(try Bench.parse([]).rounds == 1)
        #expect(throws: (any Error).self) { try Bench.parse(["--rounds", "0"]) }
        #expect(throws: (any Error).self) { try Bench.parse(["--rounds", "101"]) }
    }

    @Test("baselines round-trip through JSON")
    func baselineRoundTrip() throws {
        let baseline = BenchBaseline(results: [result("a", median: 1.25)])
        let decoded = try decodeBaseline(JSONEncoder().encode(baseline), file: "base.json")
        #expect(decoded.results == baseline.results)
    }

    @Test("the slowest step is reported beside the median and p90, which leave it out")
    func slowestStep() {
        var timings = StepTimings(capacity: 32)
        // 31 steps of 1 ms and one of 9 ms, as a pass every 32 steps makes them.
        for step in 0..<32 { timings.record(.milliseconds(step == 20 ? 9 : 1)) }
        #expect(timings.median == 1 && timings.p90 == 1)
        #expect(timings.maximum == 9)
        #expect(StepTimings(capacity: 0).maximum == 0)
    }

    @Test("a baseline saved before the slowest step was recorded still loads, and shows none")
    func baselineWithoutMaximum() throws {
        let json = """
        {"results":[{"profile":"a","bodies":1,"contacts":0,"steps":10,"threads":1,"medianMs":1.5,"p90Ms":2,"stateHash":"00"}]}
        """
        let decoded = try decodeBaseline(Data(json.utf8), file: "base.json")
        #expect(decoded.results[0].maxMs == nil)
        let cells = benchTable(decoded.results).split(separator: "\n")[2].split(separator: " ")
        #expect(cells[3] == "1.500" && cells[4] == "2.000" && cells[5] == "-", "\(cells)")
    }

    @Test("the table has one row per profile under a header with every column")
    func table() {
        let lines = benchTable([result("large-pyramid", median: 2.5), result("x", median: 0.01)]).split(separator: "\n")
        #expect(lines.count == 4)
        for column in ["profile", "bodies", "contacts", "median ms", "p90 ms", "max ms", "ns/contact/substep", "allocs/step",
                       "facade +%", "field ns"] {
            #expect(lines[0].contains(column))
        }
        #expect(lines[2].hasPrefix("large-pyramid"))
        #expect(lines[2].hasSuffix("0.0          -         -"))
    }

    #if os(Linux)
    @Test("the allocation counter counts heap allocations", .enabled(if: dynamics_allocation_counting_available() != 0))
    func counterCounts() {
        let before = dynamics_allocation_count()
        var arrays: [[Int]] = []
        for i in 0..<10 { arrays.append([Int](repeating: i, count: 100 + i)) }
        let after = dynamics_allocation_count()
        // Kept alive to here, so that no allocation above can be optimised away.
        withExtendedLifetime(arrays) {}
        #expect(after - before >= 10, "counted \(after - before) allocations for 10 arrays")
    }
    #endif
}

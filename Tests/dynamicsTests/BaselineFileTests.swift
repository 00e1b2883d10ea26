import Foundation
import Testing
@testable import dynamics

@Suite("dynamics bench --baseline: the file and what is compared")
struct BaselineFileTests {
    func result(_ name: String, median: Double = 10, threads: Int = 1, steps: Int = 100) -> BenchResult {
        BenchResult(profile: name, bodies: 10, contacts: 20, steps: steps, threads: threads, medianMs: median, p90Ms: median * 1.2,
                    nsPerContactSubStep: 12.5, allocationsPerStep: 0, fieldNsPerEvaluation: nil, facadeOverheadPercent: nil,
                    stateHash: "0000000000000001")
    }

    /// The error `decodeBaseline` throws for `json`, or nil if it accepts it.
    func error(_ json: String) -> BaselineFileError? {
        do throws(BaselineFileError) {
            _ = try decodeBaseline(Data(json.utf8), file: "base.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("a malformed baseline names the file, the field (with list indices) and the problem",
          arguments: [
              ("{", "", "is not JSON written by --save-baseline"),
              ("{ \"runs\": [] }", "results", "is required"),
              ("{ \"results\": [ { \"profile\": \"a\" } ] }", "results[0].bodies", "is required"),
              ("{ \"results\": [ { \"profile\": \"a\", \"bodies\": \"ten\" } ] }", "results[0].bodies", "must be a whole number"),
              ("{ \"results\": [ { \"profile\": \"a\", \"bodies\": null } ] }", "results[0].bodies", "must be a whole number, not null"),
              ("{ \"results\": {} }", "results", "must be a list"),
              ("{ \"results\": [] }", "results", "is empty: there is nothing to compare against"),
          ])
    func malformed(json: String, field: String, problem: String) {
        #expect(error(json) == BaselineFileError(file: "base.json", field: field, problem: problem))
    }

    @Test("a median that is not finite and above zero is refused, naming its result")
    func badMedian() throws {
        for median in [0, -1.5] {
            let json = String(decoding: try JSONEncoder().encode(BenchBaseline(results: [result("a"), result("b", median: median)])),
                              as: UTF8.self)
            #expect(error(json) == BaselineFileError(file: "base.json", field: "results[1].medianMs",
                                                     problem: "must be finite and > 0, got \(median)"))
        }
    }

    @Test("a profile listed twice is refused")
    func duplicateProfile() throws {
        let json = String(decoding: try JSONEncoder().encode(BenchBaseline(results: [result("a"), result("b"), result("a")])),
                          as: UTF8.self)
        #expect(error(json) == BaselineFileError(file: "base.json", field: "results[2].profile", problem: "\"a\" appears more than once"))
    }

    @Test("two profile files of one name cannot share a baseline, since its results go by name")
    func nameClashes() {
        #expect(nameClash(paths: ["a.json", "b.json", "c.json"], names: ["a", "b", "c"]) == nil)
        #expect(nameClash(paths: ["a.json", "b.json", "copy/a.json"], names: ["a", "b", "a"])
                == "a.json and copy/a.json are both named \"a\"; a baseline tells profiles apart by name")
    }

    @Test("a missing file is named")
    func missingFile() {
        do throws(BaselineFileError) {
            _ = try readBaseline(at: "/nonexistent/base.json")
            Issue.record("a missing baseline was read")
        } catch {
            #expect(error.description == "/nonexistent/base.json: cannot be read (missing or not a file)")
        }
    }

    @Test("only like is compared with like: another thread count, step count or a missing profile is left out, and said so")
    func likeWithLike() {
        let baseline = [result("same"), result("threads", threads: 1), result("steps", steps: 100)]
        // Each of these is three times slower than its baseline entry.
        let current = [result("same", median: 30), result("threads", median: 30, threads: 2),
                       result("steps", median: 30, steps: 50), result("new", median: 30)]
        let slower = regressions(current, against: baseline, tolerancePercent: 10)
        #expect(slower.count == 1)
        #expect(slower.first?.hasPrefix("same:") == true, "\(slower)")
        #expect(uncompared(current, against: baseline) == [
            "threads: the baseline ran on 1 thread(s), this run on 2",
            "steps: the baseline measured 100 steps, this run 50",
            "new: not in the baseline",
        ])
        #expect(uncompared([result("same")], against: baseline).isEmpty)
    }
}

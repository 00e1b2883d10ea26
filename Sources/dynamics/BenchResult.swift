import Foundation

/// One profile's result in `dynamics bench`, as printed and as stored in a baseline file.
struct BenchResult: Codable, Equatable {
    var profile: String
    var bodies: Int
    var contacts: Int
    var steps: Int
    var threads: Int
    var medianMs: Double
    var p90Ms: Double
    /// The slowest measured step; absent in older baselines.
    var maxMs: Double? = nil
    /// Whole-step time charged to each touching contact and sub-step, in nanoseconds.
    var nsPerContactSubStep: Double?
    /// Heap allocations per step over the second half of the measured steps (the steady state),
    /// or nil where they cannot be counted.
    var allocationsPerStep: Double?
    /// Nanoseconds per field, item and sub-step, for scenes with fields.
    var fieldNsPerEvaluation: Double?
    /// For facade scenes: frame time beyond the engine's steps, in percent of the engine's time.
    var facadeOverheadPercent: Double?
    var stateHash: String
    /// The contact solver kernel the run used (`SolverKernel`); absent in older baselines.
    var kernel: String? = nil
    /// How many rounds the profile ran, of which this is the fastest (`--rounds`); absent for one.
    var rounds: Int? = nil
    /// The slowest round's median where several rounds ran (`--rounds`); absent for one.
    var slowestRoundMedianMs: Double? = nil
}

/// The result of several rounds of one profile: the round with the lowest median (its p90 and
/// costs with it), with the most allocations per step any round had, so that a round that
/// allocated is never hidden by a faster one. On a host whose speed drifts, the fastest round is
/// the one least slowed by others. Every round must end in the same state: a profile is
/// deterministic, so differing hashes mean something is broken, and no result is returned.
func bestRound(_ rounds: [BenchResult]) -> Result<BenchResult, RoundsDisagree> {
    precondition(!rounds.isEmpty, "rounds: needs at least one result")
    let hashes = Set(rounds.map(\.stateHash))
    guard hashes.count == 1 else { return .failure(RoundsDisagree(profile: rounds[0].profile, hashes: hashes.sorted())) }
    var best = rounds.min { $0.medianMs < $1.medianMs }!
    let counts = rounds.compactMap(\.allocationsPerStep)
    best.allocationsPerStep = counts.count == rounds.count ? counts.max() : nil
    best.rounds = rounds.count > 1 ? rounds.count : nil
    best.slowestRoundMedianMs = rounds.count > 1 ? rounds.map(\.medianMs).max() : nil
    return .success(best)
}

/// How far apart two rounds of one profile may be before the host counts as drifting: the engine
/// stepped side by side with itself has read 0.97× to 1.06× of its own speed.
let roundsDriftRatio = 1.10

/// The shortest median that `roundsApartLine` judges: a step of a few microseconds moves by a
/// tenth from one round to the next in any spell (small-stack read 0.008 and 0.0094 ms).
let roundsApartFloorMs = 0.1

/// One line on how far apart the rounds were: the largest ratio of a profile's slowest round's
/// median to its fastest's, naming the profile, and whether the host drifted. Nil where no
/// result of at least `roundsApartFloorMs` ran several rounds.
func roundsApartLine(_ results: [BenchResult]) -> String? {
    let ratios = results.filter { $0.medianMs >= roundsApartFloorMs }.compactMap { result in
        result.slowestRoundMedianMs.map { (profile: result.profile, ratio: $0 / result.medianMs) }
    }
    guard let widest = ratios.max(by: { $0.ratio < $1.ratio }) else { return nil }
    let line = "rounds apart: a profile's slowest round took at most " + String(format: "%.2f", widest.ratio)
        + "x its fastest's median (\(widest.profile))"
    return widest.ratio > roundsDriftRatio
        ? line + "; over " + String(format: "%.2f", roundsDriftRatio) + "x the host's speed drifted during the run, so run again before trusting a figure"
        : line
}

/// Rounds of one profile that ended in different states.
struct RoundsDisagree: Error, CustomStringConvertible {
    var profile: String
    var hashes: [String]
    var description: String {
        "\(profile): the rounds ended in different states (hashes \(hashes.joined(separator: ", "))); a profile must step the same way every time"
    }
}

/// A saved set of results to compare later runs against.
struct BenchBaseline: Codable {
    var results: [BenchResult]
    /// The machine that recorded them; absent in baselines saved before hosts were recorded.
    var host: HostDescription? = nil
}

/// The profiles that got slower than a baseline allows. Only like is compared with like: a
/// profile the baseline lacks, or ran on another thread count or for another number of steps,
/// is left out (`uncompared` says which and why).
func regressions(_ current: [BenchResult], against baseline: [BenchResult], tolerancePercent: Double) -> [String] {
    var slower: [String] = []
    for result in current {
        guard let old = baseline.first(where: { $0.profile == result.profile }),
              uncomparedReason(result, old) == nil else { continue }
        let limit = old.medianMs * (1 + tolerancePercent / 100)
        if result.medianMs > limit {
            let change = (result.medianMs / old.medianMs - 1) * 100
            slower.append(String(format: "%@: median %@ ms against %@ ms in the baseline (+%.1f%%, tolerance %.1f%%)",
                                 result.profile, milliseconds(result.medianMs), milliseconds(old.medianMs),
                                 change, tolerancePercent))
        }
    }
    return slower
}

/// A median in milliseconds for a message: three decimals from 0.1 ms, three significant digits
/// below, so that a step of a few microseconds does not read 0.000.
func milliseconds(_ value: Double) -> String {
    String(format: value >= 0.1 ? "%.3f" : "%.3g", value)
}

/// The profiles of this run that `regressions` leaves out, one line each saying why.
func uncompared(_ current: [BenchResult], against baseline: [BenchResult]) -> [String] {
    current.compactMap { result in
        guard let old = baseline.first(where: { $0.profile == result.profile }) else {
            return "\(result.profile): not in the baseline"
        }
        return uncomparedReason(result, old).map { "\(result.profile): \($0)" }
    }
}

/// Why `result` cannot be compared with the baseline's `old` run of its profile, if it cannot.
private func uncomparedReason(_ result: BenchResult, _ old: BenchResult) -> String? {
    if result.threads != old.threads {
        return "the baseline ran on \(old.threads) thread(s), this run on \(result.threads)"
    }
    if result.steps != old.steps {
        return "the baseline measured \(old.steps) steps, this run \(result.steps)"
    }
    return nil
}

/// The results as an aligned table.
func benchTable(_ results: [BenchResult]) -> String {
    let header = ["profile", "bodies", "contacts", "median ms", "p90 ms", "max ms", "ns/contact/substep", "allocs/step",
                  "facade +%", "field ns"]
    let rows = results.map { r in
        [r.profile, String(r.bodies), String(r.contacts), String(format: "%.3f", r.medianMs), String(format: "%.3f", r.p90Ms),
         r.maxMs.map { String(format: "%.3f", $0) } ?? "-",
         r.nsPerContactSubStep.map { String(format: "%.1f", $0) } ?? "-",
         r.allocationsPerStep.map { String(format: "%.1f", $0) } ?? "n/a",
         r.facadeOverheadPercent.map { String(format: "%.1f", $0) } ?? "-",
         r.fieldNsPerEvaluation.map { String(format: "%.1f", $0) } ?? "-"]
    }
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
            index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                       : String(repeating: " ", count: widths[index] - cell.count) + cell
        }.joined(separator: "  ")
    }
    return ([line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")] + rows.map(line))
        .joined(separator: "\n")
}

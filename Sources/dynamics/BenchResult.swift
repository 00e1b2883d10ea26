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
}

/// A saved set of results to compare later runs against.
struct BenchBaseline: Codable {
    var results: [BenchResult]
}

/// The profiles that got slower than a baseline allows.
func regressions(_ current: [BenchResult], against baseline: [BenchResult], tolerancePercent: Double) -> [String] {
    var slower: [String] = []
    for result in current {
        guard let old = baseline.first(where: { $0.profile == result.profile }) else { continue }
        let limit = old.medianMs * (1 + tolerancePercent / 100)
        if result.medianMs > limit {
            let change = (result.medianMs / old.medianMs - 1) * 100
            slower.append(String(format: "%@: median %.3f ms against %.3f ms in the baseline (+%.1f%%, tolerance %.1f%%)",
                                 result.profile, result.medianMs, old.medianMs, change, tolerancePercent))
        }
    }
    return slower
}

/// The results as an aligned table.
func benchTable(_ results: [BenchResult]) -> String {
    let header = ["profile", "bodies", "contacts", "median ms", "p90 ms", "ns/contact/substep", "allocs/step", "facade +%", "field ns"]
    let rows = results.map { r in
        [r.profile, String(r.bodies), String(r.contacts), String(format: "%.3f", r.medianMs), String(format: "%.3f", r.p90Ms),
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

import DynamicsCore
import Foundation

/// The `--parts` output of `dynamics run`, `dynamics scaling` and `dynamics per-body`: where the
/// measured steps spent their time, part by part (`StepProfile`).
enum StepParts {
    /// One world's parts: milliseconds per step and each part's share of their sum.
    static func table(_ profile: StepProfile) -> String {
        let total = StepProfile.Part.allCases.reduce(0) { $0 + profile.millisecondsPerStep($1) }
        var lines = ["part         ms/step   share",
                     "----------  --------  ------"]
        for part in StepProfile.Part.allCases {
            let ms = profile.millisecondsPerStep(part)
            lines.append(part.name.padding(toLength: 10, withPad: " ", startingAt: 0)
                         + String(format: "  %8.4f  %5.1f%%", ms, total > 0 ? 100 * ms / total : 0))
        }
        return lines.joined(separator: "\n")
    }

    /// Two worlds' parts side by side (one thread, then `threads`), with each part's speed-up.
    static func table(profile name: String, one: StepProfile, several: StepProfile, threads: Int) -> String {
        let width = max(17, name.count)
        var lines = [name.padding(toLength: width, withPad: " ", startingAt: 0) + "  1 thread ms  \(threads) threads ms  speed-up",
                     String(repeating: "-", count: width) + "  -----------  ------------  --------"]
        for row in rows(one: one, several: several) {
            lines.append(("  " + row.part).padding(toLength: width, withPad: " ", startingAt: 0)
                         + String(format: "  %11.4f  %12.4f  %7.2fx", row.oneThreadMs, row.severalThreadsMs, row.speedUp))
        }
        return lines.joined(separator: "\n")
    }

    /// Sizes of one scene side by side (`dynamics per-body --parts`): each part's mean nanoseconds
    /// per body and step at every size, and the last size's over the first's. Rows without parts
    /// are left out.
    static func perBodyTable(_ rows: [PerBodyResult]) -> String {
        let timed = rows.filter { $0.parts != nil && $0.bodies > 0 }
        guard let first = timed.first, let last = timed.last else { return "" }
        let widths = timed.map { max(12, $0.profile.count + 3) }
        var header = "part      "
        for (size, width) in zip(timed, widths) {
            header += "  " + String(repeating: " ", count: width - size.profile.count - 3) + size.profile + " ns"
        }
        header += "  " + "\(last.profile)/\(first.profile)"
        var lines = [header, String(repeating: "-", count: header.count)]
        for part in StepProfile.Part.allCases {
            var line = part.name.padding(toLength: 10, withPad: " ", startingAt: 0)
            var perBody: [Double] = []
            for (size, width) in zip(timed, widths) {
                let ns = size.nanosecondsPerBody(part) ?? 0
                perBody.append(ns)
                line += "  " + String(format: "%\(width).1f", ns)
            }
            line += perBody[0] > 0 ? String(format: "  %6.2fx", perBody[perBody.count - 1] / perBody[0]) : "       –"
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Milliseconds per step of each part, by name, as `--json` prints them.
    static func object(_ profile: StepProfile) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: StepProfile.Part.allCases.map { ($0.name, profile.millisecondsPerStep($0)) })
    }

    /// One part of two worlds, as `dynamics scaling --parts --json` prints it.
    struct Row: Encodable, Equatable {
        var part: String
        var oneThreadMs: Double
        var severalThreadsMs: Double
        /// The one-thread time over the other (0 where the other took no time).
        var speedUp: Double
    }

    /// Each part of two worlds, in step order.
    static func rows(one: StepProfile, several: StepProfile) -> [Row] {
        StepProfile.Part.allCases.map { part in
            let a = one.millisecondsPerStep(part), b = several.millisecondsPerStep(part)
            return Row(part: part.name, oneThreadMs: a, severalThreadsMs: b, speedUp: b > 0 ? a / b : 0)
        }
    }
}

import ArgumentParser
import DynamicsCore
import DynamicsProfiles
import Foundation

/// `dynamics scaling`: how much faster a profile steps on several threads than on one, measured
/// on the two worlds side by side in one process.
///
/// Two `bench` runs (`--threads 1`, then `--threads 2`) meet the host at different moments, and
/// on a shared machine its speed drifts between them: the same commit's two-thread speed-up of
/// one profile read anywhere from 1.35 to 1.98. Here both worlds are built from the profile and
/// warmed up, then stepped in turn, a block of steps each, so that a slow spell of the host falls
/// on both. Before each block, one untimed step lets the worker threads of that world, idle
/// while the other world stepped, get going again. The worlds go through the same steps, so
/// their final states must agree to the bit (the engine's results do not depend on the number
/// of threads); the command fails if they do not. With `--min-speed-up` it also fails, naming each
/// profile of at least `--min-bodies` bodies that gained less than that from the threads.
struct Scaling: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Step each profile on one thread and on several side by side, and print the speed-up."
    )

    @OptionGroup var sideBySide: SideBySideOptions

    @Option(help: "Worker threads of the world compared with the one-thread world.")
    var threads: Int = 2

    @Option(help: ArgumentHelp("Fail if a profile of at least --min-bodies bodies steps less than this many times as "
                                   + "fast on the threads as on one (for example 1.7, with --min-bodies 2001).",
                               valueName: "factor"))
    var minSpeedUp: Double?

    @Option(help: "The fewest bodies a profile has for --min-speed-up to apply to it (default: 0, every profile).")
    var minBodies: Int?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Flag(help: "Also time each part of the step (pairs, collide, prepare, solve, ...) on both worlds, with its speed-up.")
    var parts = false

    func validate() throws {
        guard threads >= 2 && threads <= 256 else { throw ValidationError("--threads must be in 2...256, got \(threads)") }
        if let minSpeedUp {
            guard minSpeedUp.isFinite && minSpeedUp > 0 else {
                throw ValidationError("--min-speed-up must be finite and > 0, got \(minSpeedUp)")
            }
        }
        if let minBodies {
            guard minSpeedUp != nil else { throw ValidationError("--min-bodies applies to --min-speed-up, which is not given") }
            guard minBodies >= 0 else { throw ValidationError("--min-bodies must be >= 0, got \(minBodies)") }
        }
    }

    func run() throws {
        let paths = try profilePaths(sideBySide.profiles)
        let progress = Progress(enabled: isatty(STDERR_FILENO) != 0)
        var rows: [ScalingResult] = []
        for (index, path) in paths.enumerated() {
            let result = try measure(path, label: "[\(index + 1)/\(paths.count)]", progress: progress)
            guard result.statesAgree else {
                fail("\(result.profile): the one-thread and \(threads)-thread worlds ended in different states")
            }
            rows.append(result)
        }
        progress.clear()
        if json {
            print(try jsonText(rows.map { ScalingResult.Record($0, threads: threads) }))
        } else {
            print(scalingTable(rows, threads: threads))
            if sideBySide.rounds > 1 {
                print("each world's fastest of \(sideBySide.rounds) rounds (by median)")
                print(roundSpeedUpsLine(rows))
            }
            for row in rows {
                guard let one = row.oneThreadParts, let several = row.severalThreadsParts else { continue }
                print("\n" + StepParts.table(profile: row.profile, one: one, several: several, threads: threads))
            }
        }
        if let minSpeedUp,
           let message = Self.belowLimit(rows, minSpeedUp: minSpeedUp, minBodies: minBodies ?? 0, threads: threads) {
            fail(message)
        }
    }

    /// The failure message naming every row of at least `minBodies` bodies whose speed-up is below
    /// `minSpeedUp`, or nil if there is none.
    static func belowLimit(_ rows: [ScalingResult], minSpeedUp: Double, minBodies: Int, threads: Int) -> String? {
        let below = rows.filter { $0.bodies >= minBodies && $0.speedUp < minSpeedUp }
        guard !below.isEmpty else { return nil }
        let named = below.map { "\($0.profile) " + String(format: "%.2f", $0.speedUp) + "x" }
        return named.joined(separator: ", ") + " faster on \(threads) threads than on one, below --min-speed-up \(minSpeedUp)"
    }

    /// The profile at `path` measured `--rounds` times, each world's fastest round kept
    /// (`ScalingResult.keepingFastest`).
    func measure(_ path: String, label prefix: String, progress: Progress) throws -> ScalingResult {
        var best: ScalingResult?
        for round in 0..<sideBySide.rounds {
            let result = try measureOnce(path, label: sideBySide.label(prefix, round: round), progress: progress)
            best = best?.keepingFastest(result) ?? result
        }
        return best!
    }

    /// One round: both worlds built, warmed up and stepped side by side.
    func measureOnce(_ path: String, label prefix: String, progress: Progress) throws -> ScalingResult {
        let scenes = [try loadScene(path, threads: 1), try loadScene(path, threads: threads)]
        let profile = scenes[0].profile
        let timings = stepInTurn(scenes, measured: sideBySide.steps ?? profile.steps, block: sideBySide.block,
                                 label: "\(prefix) \(profile.name)", progress: progress, profilesParts: parts)
        var result = ScalingResult(profile: profile.name, bodies: scenes[0].world.bodyCount, oneThreadMs: timings[0].median,
                                   severalThreadsMs: timings[1].median,
                                   statesAgree: scenes[0].world.stateHash() == scenes[1].world.stateHash(),
                                   oneThreadParts: parts ? scenes[0].world.stepProfile : nil,
                                   severalThreadsParts: parts ? scenes[1].world.stepProfile : nil)
        result.roundSpeedUps = [result.speedUp]
        return result
    }
}

/// One profile's medians on one thread and on several, from `dynamics scaling`.
struct ScalingResult: Equatable {
    var profile: String
    var bodies: Int
    var oneThreadMs: Double
    var severalThreadsMs: Double
    var statesAgree: Bool
    /// Where each world's measured steps spent their time, with `--parts`.
    var oneThreadParts: StepProfile? = nil
    var severalThreadsParts: StepProfile? = nil
    /// Each round's own speed-up (its one-thread median over its several-thread median), in order.
    var roundSpeedUps: [Double] = []

    /// How many times faster the world on several threads stepped (median against median).
    var speedUp: Double { severalThreadsMs > 0 ? oneThreadMs / severalThreadsMs : 0 }

    /// This round and `other` (of the same profile) combined: each world's faster median, with
    /// that round's parts, and both rounds' own speed-ups; the states agree only if they agreed
    /// in both.
    func keepingFastest(_ other: ScalingResult) -> ScalingResult {
        var kept = self
        if other.oneThreadMs < oneThreadMs { kept.oneThreadMs = other.oneThreadMs; kept.oneThreadParts = other.oneThreadParts }
        if other.severalThreadsMs < severalThreadsMs {
            kept.severalThreadsMs = other.severalThreadsMs
            kept.severalThreadsParts = other.severalThreadsParts
        }
        kept.statesAgree = statesAgree && other.statesAgree
        kept.roundSpeedUps = roundSpeedUps + other.roundSpeedUps
        return kept
    }

    /// A row as `--json` prints it.
    struct Record: Encodable, Equatable {
        var profile: String
        var bodies: Int
        var oneThreadMs: Double
        var threads: Int
        var severalThreadsMs: Double
        var speedUp: Double
        /// Each part of the step on both worlds, with `--parts`.
        var parts: [StepParts.Row]?

        init(_ row: ScalingResult, threads: Int) {
            profile = row.profile; bodies = row.bodies; oneThreadMs = row.oneThreadMs
            self.threads = threads; severalThreadsMs = row.severalThreadsMs; speedUp = row.speedUp
            if let one = row.oneThreadParts, let several = row.severalThreadsParts {
                parts = StepParts.rows(one: one, several: several)
            }
        }
    }
}

/// The table `dynamics scaling` prints.
func scalingTable(_ rows: [ScalingResult], threads: Int) -> String {
    var lines = ["profile            bodies  1 thread ms  \(threads) threads ms  speed-up",
                 "-----------------  ------  -----------  ------------  --------"]
    for r in rows {
        lines.append(r.profile.padding(toLength: 17, withPad: " ", startingAt: 0) + "  "
                     + String(format: "%6d  %11.3f  %12.3f  %7.2fx", r.bodies, r.oneThreadMs, r.severalThreadsMs, r.speedUp))
    }
    return lines.joined(separator: "\n")
}

/// One line giving each profile's lowest and highest speed-up of a single round, for `--rounds`:
/// the table's speed-up pairs each world's fastest round, and a wide range says the host drifted.
func roundSpeedUpsLine(_ rows: [ScalingResult]) -> String {
    "each round's own speed-up: " + rows.compactMap { roundRange($0.profile, $0.roundSpeedUps) }.joined(separator: ", ")
}

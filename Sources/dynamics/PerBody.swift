import ArgumentParser
import DynamicsCore
import DynamicsProfiles
import Foundation

/// `dynamics per-body`: how a scene's cost per body grows with its size, measured on the sizes'
/// worlds side by side in one process.
///
/// The rain files are one scene at 1 000, 10 000 and 100 000 bodies. Their ratio of costs per
/// body (the issue's target: at most 1.5 between 100 000 and 1 000 on one thread) comes from two
/// medians, and two `bench` runs a minute apart meet a shared host at different speeds: on one
/// host the same build read that ratio anywhere from 1.42 to 2.31. Here the worlds are built and
/// warmed up together and then stepped in turn, a block each (as in `dynamics scaling`), so that
/// a slow spell falls on every size alike. With `--max-ratio` the command fails, naming each
/// profile whose cost per body is more than that many times the first profile's.
struct PerBody: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "per-body",
        abstract: "Step one scene at several sizes side by side, and print each size's cost per body against the first's."
    )

    /// The profiles compared when none are given: the issue's rain target's two sizes. With
    /// rain-10k stepped between them too, rain-100k's median read 51.0, 54.6 and 58.1 ms against
    /// 47.5 and 48.8 beside rain-1k alone, in alternating runs (ratios 1.52, 1.57, 1.52 against
    /// 1.43, 1.46); the pair alone read 1.51 to 1.55 twenty minutes later, so how much a third
    /// world costs is not settled, but it does not help.
    static let defaultProfiles = ["Profiles/rain-1k.json", "Profiles/rain-100k.json"]

    @Argument(help: "Profile files of one scene at different sizes, the reference first (default: rain-1k and rain-100k).")
    var profiles: [String] = []

    @Option(help: "Worker threads of every world.")
    var threads: Int = 1

    @Option(help: "Measured steps per world (default: the first profile's own).")
    var steps: Int?

    @Option(help: "Timed steps of one world before the next takes its turn.")
    var block: Int = 10

    @Option(help: ArgumentHelp("Times the sizes are measured, their worlds built afresh each time; each size's fastest "
                                   + "round (by median) counts. A slow spell of a shared host that falls on one size's "
                                   + "turns alone then spoils one round, not the ratio.",
                               valueName: "count"))
    var rounds: Int = 1

    @Option(help: "Fail if a profile's cost per body is more than this many times the first profile's.")
    var maxRatio: Double?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Flag(help: "Also time each part of the step (pairs, collide, prepare, solve, ...) and print its cost per body at every size.")
    var parts = false

    func validate() throws {
        guard profiles.isEmpty || profiles.count >= 2 else {
            throw ValidationError("<profiles> needs at least two files (the reference and a size to compare), got 1")
        }
        guard threads >= 1 && threads <= 256 else { throw ValidationError("--threads must be in 1...256, got \(threads)") }
        if let steps { guard steps >= 1 else { throw ValidationError("--steps must be >= 1, got \(steps)") } }
        guard block >= 1 else { throw ValidationError("--block must be >= 1, got \(block)") }
        guard rounds >= 1 && rounds <= 100 else { throw ValidationError("--rounds must be in 1...100, got \(rounds)") }
        if let maxRatio {
            guard maxRatio.isFinite && maxRatio > 0 else { throw ValidationError("--max-ratio must be finite and > 0, got \(maxRatio)") }
        }
    }

    func run() throws {
        let progress = Progress(enabled: isatty(STDERR_FILENO) != 0)
        let rows = try measure(profiles.isEmpty ? Self.defaultProfiles : profiles, progress: progress)
        progress.clear()
        if json {
            print(try jsonText(rows.map { PerBodyResult.Record($0, reference: rows[0]) }))
        } else {
            print(perBodyTable(rows))
            if rounds > 1 {
                print("each size's fastest of \(rounds) rounds (by median)")
                print(roundRatiosLine(rows))
            }
            if parts { print("\n" + StepParts.perBodyTable(rows)) }
            print("host: \(HostDescription.current().summary)")
        }
        for warning in Self.sleepWarnings(rows) { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        if let maxRatio, let message = Self.overLimit(rows, maxRatio: maxRatio) { fail(message) }
    }

    /// A warning for every size whose world ended the measured steps with fewer than half its
    /// bodies awake: a pile that fell asleep in the measured steps costs little per body, and its
    /// ratio then says nothing about how the cost grows with the size. (rain-1k's pile, which
    /// the ratio is taken against, sleeps a few dozen steps after the measured ones end.)
    static func sleepWarnings(_ rows: [PerBodyResult]) -> [String] {
        rows.compactMap { row in
            guard let awake = row.awakeAtEnd, awake * 2 < row.bodies else { return nil }
            return "note: \(row.profile) ended its measured steps with \(awake) of its \(row.bodies) bodies awake: "
                + "its cost per body is that of a pile that slept, not of one that moves"
        }
    }

    /// The failure message naming every row after the first whose cost per body is more than
    /// `maxRatio` times the first's, or nil if there is none.
    static func overLimit(_ rows: [PerBodyResult], maxRatio: Double) -> String? {
        guard let reference = rows.first else { return nil }
        let over = rows.dropFirst().filter { $0.ratio(to: reference) > maxRatio }
        guard !over.isEmpty else { return nil }
        let named = over.map { "\($0.profile) costs " + String(format: "%.2f", $0.ratio(to: reference)) + "x" }
        return named.joined(separator: ", ") + " \(reference.profile)'s per body, above --max-ratio \(maxRatio)"
    }

    /// Measures the profiles `--rounds` times (`measureOnce`) and returns each size's fastest
    /// round (`PerBodyResult.keepingFastest`), the reference's first.
    func measure(_ paths: [String], progress: Progress) throws -> [PerBodyResult] {
        var best: [PerBodyResult] = []
        for round in 0..<rounds {
            let label = rounds > 1 ? "per-body round \(round + 1)/\(rounds)" : "per-body"
            let rows = try measureOnce(paths, label: label, progress: progress)
            best = best.isEmpty ? rows : zip(best, rows).map { $0.keepingFastest($1) }
        }
        return best
    }

    /// One round: builds every profile's world, steps them in turn and returns their rows, the
    /// reference's first, each with its ratio to the reference in this round. The profiles must
    /// share a warm-up, which the worlds go through together.
    func measureOnce(_ paths: [String], label: String, progress: Progress) throws -> [PerBodyResult] {
        let scenes = try paths.map { try loadScene($0, threads: threads) }
        let reference = scenes[0].profile
        for scene in scenes.dropFirst() where scene.profile.warmupSteps != reference.warmupSteps {
            throw ValidationError("\(scene.profile.name) warms up for \(scene.profile.warmupSteps) steps and "
                                  + "\(reference.name) for \(reference.warmupSteps); per-body compares sizes of one scene, "
                                  + "which warm up alike")
        }
        let timings = stepInTurn(scenes, measured: steps ?? reference.steps, block: block,
                                 label: label, progress: progress, profilesParts: parts)
        var rows = zip(scenes, timings).map { scene, timing in
            PerBodyResult(profile: scene.profile.name, bodies: scene.world.bodyCount, medianMs: timing.median,
                          parts: parts ? scene.world.stepProfile : nil, awakeAtEnd: scene.world.awakeBodyCount)
        }
        let first = rows[0]
        for index in rows.indices { rows[index].roundRatios = [rows[index].ratio(to: first)] }
        return rows
    }
}

/// One size's median step, from `dynamics per-body`.
struct PerBodyResult: Equatable {
    var profile: String
    var bodies: Int
    var medianMs: Double
    /// Where the measured steps spent their time, with `--parts`.
    var parts: StepProfile? = nil
    /// The bodies awake when the measured steps ended (nil where unknown).
    var awakeAtEnd: Int? = nil
    /// This size's cost per body over the reference's in each round on its own, in order.
    var roundRatios: [Double] = []

    /// The median step's cost per body, in microseconds.
    var microsecondsPerBody: Double { bodies > 0 ? medianMs * 1000 / Double(bodies) : 0 }

    /// `part`'s mean cost per body and step, in nanoseconds (nil without `--parts`).
    func nanosecondsPerBody(_ part: StepProfile.Part) -> Double? {
        guard let parts, bodies > 0 else { return nil }
        return parts.millisecondsPerStep(part) * 1e6 / Double(bodies)
    }

    /// Each part's mean cost per body and step, in nanoseconds, by part name (nil without `--parts`).
    var partsNanosecondsPerBody: [String: Double]? {
        guard parts != nil, bodies > 0 else { return nil }
        return Dictionary(uniqueKeysWithValues: StepProfile.Part.allCases.map { ($0.name, nanosecondsPerBody($0) ?? 0) })
    }

    /// This round's row and `other` (the same size's in another round) combined: the row of the
    /// faster median, with that round's parts and awake count, and both rows' round ratios.
    func keepingFastest(_ other: PerBodyResult) -> PerBodyResult {
        var kept = other.medianMs < medianMs ? other : self
        kept.roundRatios = roundRatios + other.roundRatios
        return kept
    }

    /// How many times `reference`'s cost per body this size's is.
    func ratio(to reference: PerBodyResult) -> Double {
        reference.microsecondsPerBody > 0 ? microsecondsPerBody / reference.microsecondsPerBody : 0
    }

    /// A row as `--json` prints it, with its ratio to the reference (the first row).
    struct Record: Encodable, Equatable {
        var profile: String
        var bodies: Int
        var medianMs: Double
        var microsecondsPerBody: Double
        var ratio: Double
        /// Each part's nanoseconds per body and step, with `--parts`.
        var partsNanosecondsPerBody: [String: Double]?
        /// The bodies awake when the measured steps ended.
        var awakeBodiesAtEnd: Int?

        init(_ row: PerBodyResult, reference: PerBodyResult) {
            profile = row.profile; bodies = row.bodies; medianMs = row.medianMs
            microsecondsPerBody = row.microsecondsPerBody; ratio = row.ratio(to: reference)
            partsNanosecondsPerBody = row.partsNanosecondsPerBody
            awakeBodiesAtEnd = row.awakeAtEnd
        }
    }
}

/// The table `dynamics per-body` prints, each row's ratio against the first row.
func perBodyTable(_ rows: [PerBodyResult]) -> String {
    guard let reference = rows.first else { return "" }
    var lines = ["profile            bodies  median ms  µs per body  per body against \(reference.profile)",
                 "-----------------  ------  ---------  -----------  ------------------"]
    for r in rows {
        lines.append(r.profile.padding(toLength: 17, withPad: " ", startingAt: 0) + "  "
                     + String(format: "%6d  %9.3f  %11.3f  %17.2fx", r.bodies, r.medianMs, r.microsecondsPerBody,
                              r.ratio(to: reference)))
    }
    return lines.joined(separator: "\n")
}

/// One line giving each size's lowest and highest ratio to the reference (the first row) within a
/// single round, for `--rounds`: the table's ratio pairs each size's fastest round, which may come
/// from different rounds, and a wide range says the host drifted.
func roundRatiosLine(_ rows: [PerBodyResult]) -> String {
    "each round's own ratio to \(rows.first?.profile ?? "the first size"): "
        + rows.dropFirst().compactMap { roundRange($0.profile, $0.roundRatios) }.joined(separator: ", ")
}

import ArgumentParser
import DynamicsCore
import DynamicsProfiles
import Foundation

/// `dynamics run`: build one profile's scene, step it, and report timings, how far the bodies it
/// started with moved (`Drift`), and a state hash. Exits with a failure if any body's state is no
/// longer finite at the end.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build a profile's scene, step it, and print bodies, contacts, timings, drift and a state hash."
    )

    @Argument(help: "The profile file (JSON), for example Profiles/large-pyramid.json.")
    var profile: String

    @Option(help: "Steps to run (default: the profile's own).")
    var steps: Int?

    @Option(help: ArgumentHelp("Steps to run first, before the measured ones: not timed, and not in the steps or "
                                   + "figures reported. Drift is still measured from the scene as built.",
                               valueName: "steps"))
    var warmup: Int = 0

    @Option(help: "Worker threads (1 runs serially; the result is the same for any count).")
    var threads: Int = 1

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Flag(help: "Also print where the steps spent their time, part by part (pairs, collide, prepare, solve, ...).")
    var parts = false

    @Option(help: ArgumentHelp("Fail if a dynamic body the scene started with ends further than this sideways of "
                                   + "where it started (length units): a stability gate, for example 0.1 on "
                                   + "Profiles/large-pyramid.json.", valueName: "distance"))
    var maxSideways: Float?

    @Option(help: ArgumentHelp("Fail if the body that started highest (a pyramid's top box) ends further than this "
                                   + "from where it started, in any direction (length units): whether a stack still "
                                   + "stands, for example 0.1 on Profiles/stability/large-pyramid-stiff.json.",
                               valueName: "distance"))
    var maxTopMove: Float?

    func validate() throws {
        guard threads >= 1 && threads <= 256 else { throw ValidationError("--threads must be in 1...256, got \(threads)") }
        if let steps { guard steps >= 1 else { throw ValidationError("--steps must be >= 1, got \(steps)") } }
        guard warmup >= 0 else { throw ValidationError("--warmup must be >= 0, got \(warmup)") }
        for (name, limit) in [("--max-sideways", maxSideways), ("--max-top-move", maxTopMove)] {
            guard let limit else { continue }
            guard limit.isFinite && limit >= 0 else {
                throw ValidationError("\(name) must be a finite distance >= 0, got \(limit)")
            }
        }
    }

    func run() throws {
        let report = try measure()
        print(json ? report.json() : report.table())
        try gate(report.drift, profile: report.profile)
    }

    /// Builds the scene, runs the warm-up and the measured steps, and reports them; fails if the
    /// state is no longer finite at the end.
    func measure() throws -> RunReport {
        let scene = try loadScene(profile, threads: threads)
        let loaded = scene.profile, world = scene.world
        if let note = StiffnessNote.note(for: scene, file: profile) {
            FileHandle.standardError.write(Data((note + "\n").utf8))
        }
        let stepCount = steps ?? loaded.steps
        let drift = Drift(world)
        let progress = Progress(enabled: isatty(STDERR_FILENO) != 0)
        for i in 0..<warmup {
            scene.step()
            if i % 16 == 0 { progress.show("\(loaded.name): warm-up \(i + 1)/\(warmup)") }
        }
        world.stepProfile = StepProfile()
        world.profilesSteps = parts
        let timings = runMeasuredSteps(scene, count: stepCount, progress: progress)
        progress.clear()
        guard world.isStateFinite else {
            FileHandle.standardError.write(Data("\(loaded.name): the state is no longer finite after \(warmup + stepCount) steps\n".utf8))
            throw ExitCode.failure
        }
        return RunReport(profile: loaded.name, bodies: world.bodyCount, contacts: world.touchingContactCount,
                         awakeBodies: world.awakeBodyCount, steps: stepCount, warmupSteps: warmup, threads: threads,
                         median: timings.median, p90: timings.p90, drift: drift.measure(world),
                         stateHash: world.stateHash(), parts: parts ? world.stepProfile : nil)
    }

    /// Fails, naming the figures, if the drift is past `maxSideways` or `maxTopMove`, or there is
    /// none to check while either is set. Both limits are checked before failing, so that one run
    /// names every breach.
    func gate(_ drift: Drift.Report?, profile: String) throws {
        let asked = [("--max-sideways", maxSideways), ("--max-top-move", maxTopMove)].filter { $0.1 != nil }.map(\.0)
        guard !asked.isEmpty else { return }
        guard let drift else {
            let options = asked.joined(separator: " and "), verb = asked.count > 1 ? "need" : "needs"
            FileHandle.standardError.write(Data("\(profile): \(options) \(verb) a scene that starts with dynamic bodies; this one has none\n".utf8))
            throw ExitCode.failure
        }
        var breaches: [String] = []
        if let maxSideways, !(drift.mostSideways <= maxSideways) {
            breaches.append("a body ended \(drift.mostSideways) sideways of where it started, more than --max-sideways \(maxSideways)")
        }
        if let maxTopMove, !(drift.topDistance <= maxTopMove) {
            breaches.append("the top body ended \(drift.topDistance) from where it started (\(drift.top.x) across, "
                            + "\(drift.top.y) up), more than --max-top-move \(maxTopMove)")
        }
        guard breaches.isEmpty else {
            for breach in breaches { FileHandle.standardError.write(Data("\(profile): \(breach)\n".utf8)) }
            throw ExitCode.failure
        }
    }
}

/// Steps `scene` `count` times and times each step: the measured steps of `dynamics run`, in a
/// function of their own so that a profiler can count them alone. `Benchmarks/count-instructions.sh`
/// counts the instructions retired inside it (callgrind's `--toggle-collect`), so its name is part
/// of that script.
@inline(never)
func runMeasuredSteps(_ scene: Scene, count: Int, progress: Progress) -> StepTimings {
    let clock = ContinuousClock()
    var timings = StepTimings(capacity: count)
    for i in 0..<count {
        let start = clock.now
        scene.step()
        timings.record(clock.now - start)
        if i % 16 == 0 { progress.show("\(scene.profile.name): step \(i + 1)/\(count)") }
    }
    return timings
}

/// What `dynamics run` reports.
struct RunReport {
    var profile: String
    var bodies: Int
    var contacts: Int
    var awakeBodies: Int
    /// The measured steps.
    var steps: Int
    /// The steps run before the measured ones (`--warmup`).
    var warmupSteps: Int = 0
    var threads: Int
    var median: Double
    var p90: Double
    /// How far the bodies the scene started with moved; nil when it started without dynamic ones.
    var drift: Drift.Report?
    var stateHash: UInt64
    /// Where the steps spent their time, with `--parts`.
    var parts: StepProfile? = nil

    var hashString: String {
        let hex = String(stateHash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    func table() -> String {
        """
        profile       \(profile)
        bodies        \(bodies)
        contacts      \(contacts)
        awake bodies  \(awakeBodies)
        steps         \(steps)\(warmupSteps > 0 ? " (after \(warmupSteps) of warm-up)" : "")
        threads       \(threads)
        ms/step       median \(format(median))  p90 \(format(p90))\(driftLines)
        state hash    \(hashString)
        """ + (parts.map { "\n\n" + StepParts.table($0) } ?? "")
    }

    /// The drift rows of the table (with their leading line break), or nothing.
    private var driftLines: String {
        guard let drift else { return "" }
        return """

        top body      moved \(signed(drift.top.x)) across, \(signed(drift.top.y)) up
        sideways      at most \(format(Double(drift.mostSideways))) (any body)
        """
    }

    func json() -> String {
        var object: [String: Any] = [
            "profile": profile, "bodies": bodies, "contacts": contacts, "awakeBodies": awakeBodies, "steps": steps,
            "threads": threads, "msPerStep": ["median": median, "p90": p90], "stateHash": hashString,
        ]
        if warmupSteps > 0 { object["warmupSteps"] = warmupSteps }
        if let parts { object["partsMsPerStep"] = StepParts.object(parts) }
        if let drift {
            object["drift"] = ["topX": Double(drift.top.x), "topY": Double(drift.top.y), "mostSideways": Double(drift.mostSideways)]
        }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private func format(_ v: Double) -> String { String(format: "%.3f", v) }
    private func signed(_ v: Float) -> String { String(format: "%+.3f", Double(v)) }
}

/// Reads a profile and builds its scene; a bad file prints `error: file: field: problem` and fails.
func loadScene(_ path: String, threads: Int) throws -> Scene {
    do {
        return try Profile.load(path: path).makeScene(workerCount: threads)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode.failure
    }
}

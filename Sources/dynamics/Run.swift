import ArgumentParser
import DynamicsCore
import DynamicsProfiles
import Foundation

/// `dynamics run`: build one profile's scene, step it, and report timings and a state hash.
/// Exits with a failure if any body's state is no longer finite at the end.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build a profile's scene, step it, and print bodies, contacts, timings and a state hash."
    )

    @Argument(help: "The profile file (JSON), for example Profiles/large-pyramid.json.")
    var profile: String

    @Option(help: "Steps to run (default: the profile's own).")
    var steps: Int?

    @Option(help: "Worker threads (1 runs serially; the result is the same for any count).")
    var threads: Int = 1

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard threads >= 1 && threads <= 256 else { throw ValidationError("--threads must be in 1...256, got \(threads)") }
        if let steps { guard steps >= 1 else { throw ValidationError("--steps must be >= 1, got \(steps)") } }
    }

    func run() throws {
        let scene = try loadScene(profile, threads: threads)
        let loaded = scene.profile, world = scene.world
        let stepCount = steps ?? loaded.steps
        let clock = ContinuousClock()
        var timings = StepTimings(capacity: stepCount)
        let progress = Progress(enabled: isatty(STDERR_FILENO) != 0)
        for i in 0..<stepCount {
            let start = clock.now
            scene.step()
            timings.record(clock.now - start)
            if i % 16 == 0 { progress.show("\(loaded.name): step \(i + 1)/\(stepCount)") }
        }
        progress.clear()
        guard world.isStateFinite else {
            FileHandle.standardError.write(Data("\(loaded.name): the state is no longer finite after \(stepCount) steps\n".utf8))
            throw ExitCode.failure
        }
        let report = RunReport(profile: loaded.name, bodies: world.bodyCount, contacts: world.touchingContactCount,
                               awakeBodies: world.awakeBodyCount, steps: stepCount, threads: threads,
                               median: timings.median, p90: timings.p90, stateHash: world.stateHash())
        print(json ? report.json() : report.table())
    }
}

/// What `dynamics run` reports.
struct RunReport {
    var profile: String
    var bodies: Int
    var contacts: Int
    var awakeBodies: Int
    var steps: Int
    var threads: Int
    var median: Double
    var p90: Double
    var stateHash: UInt64

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
        steps         \(steps)
        threads       \(threads)
        ms/step       median \(format(median))  p90 \(format(p90))
        state hash    \(hashString)
        """
    }

    func json() -> String {
        let object: [String: Any] = [
            "profile": profile, "bodies": bodies, "contacts": contacts, "awakeBodies": awakeBodies, "steps": steps,
            "threads": threads, "msPerStep": ["median": median, "p90": p90], "stateHash": hashString,
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private func format(_ v: Double) -> String { String(format: "%.3f", v) }
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

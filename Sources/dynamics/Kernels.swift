import ArgumentParser
import DynamicsCore
import DynamicsProfiles
import Foundation

/// `dynamics kernels`: how fast a profile steps with each contact solver kernel this processor
/// has, measured on one world per kernel side by side in one process.
///
/// The kernel is chosen per process (`SolverKernel.select`), so the worlds take turns: before
/// each world's block of steps its kernel is selected, and one untimed step follows, as in
/// `dynamics scaling`. A slow spell of the host then falls on every kernel alike, where separate
/// `bench --kernel` runs meet it at different moments. The kernels compute the same bits, so the
/// worlds must end in the same state; the command fails if they do not.
struct Kernels: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Step each profile with every contact solver kernel side by side, and print their speeds."
    )

    @OptionGroup var sideBySide: SideBySideOptions

    @Option(help: "Worker threads of every world.")
    var threads: Int = 1

    func validate() throws {
        guard threads >= 1 && threads <= 256 else { throw ValidationError("--threads must be in 1...256, got \(threads)") }
    }

    func run() throws {
        let kernels = SolverKernel.available
        defer { SolverKernel.select(.best) }
        let paths = try profilePaths(sideBySide.profiles)
        let progress = Progress(enabled: isatty(STDERR_FILENO) != 0)
        var rows: [KernelsResult] = []
        for (index, path) in paths.enumerated() {
            let result = try measure(path, kernels: kernels, label: "[\(index + 1)/\(paths.count)]", progress: progress)
            guard result.statesAgree else {
                fail("\(result.profile): the worlds of the kernels \(kernels.map(\.rawValue).joined(separator: ", ")) ended in different states")
            }
            rows.append(result)
        }
        progress.clear()
        print(kernelsTable(rows, kernels: kernels, threads: threads))
        if sideBySide.rounds > 1 { print("each kernel's fastest of \(sideBySide.rounds) rounds (by median)") }
    }

    /// The profile at `path` measured `--rounds` times, each kernel's fastest round kept
    /// (`KernelsResult.keepingFastest`).
    func measure(_ path: String, kernels: [SolverKernel], label prefix: String, progress: Progress) throws -> KernelsResult {
        var best: KernelsResult?
        for round in 0..<sideBySide.rounds {
            let result = try measureOnce(path, kernels: kernels, label: sideBySide.label(prefix, round: round), progress: progress)
            best = best?.keepingFastest(result) ?? result
        }
        return best!
    }

    /// One round: a world per kernel built, warmed up and stepped side by side.
    func measureOnce(_ path: String, kernels: [SolverKernel], label prefix: String, progress: Progress) throws -> KernelsResult {
        var scenes: [Scene] = []
        for kernel in kernels {
            SolverKernel.select(kernel)
            scenes.append(try loadScene(path, threads: threads))
        }
        let profile = scenes[0].profile
        let timings = stepInTurn(scenes, measured: sideBySide.steps ?? profile.steps, block: sideBySide.block,
                                 label: "\(prefix) \(profile.name)", progress: progress) { SolverKernel.select(kernels[$0]) }
        let hashes = Set(scenes.map { $0.world.stateHash() })
        return KernelsResult(profile: profile.name, bodies: scenes[0].world.bodyCount,
                             medianMs: timings.map(\.median), statesAgree: hashes.count == 1)
    }
}

extension SolverKernel {
    /// The kernels this processor and build can run, lowest first.
    static var available: [SolverKernel] {
        let best = SolverKernel.best
        return SolverKernel.allCases.prefix { $0 != best } + [best]
    }
}

/// One profile's median step with each kernel, from `dynamics kernels`.
struct KernelsResult: Equatable {
    var profile: String
    var bodies: Int
    /// Per kernel, in the order of the table's columns.
    var medianMs: [Double]
    var statesAgree: Bool

    /// This round and `other` (of the same profile and kernels) combined: each kernel's faster
    /// median; the states agree only if they agreed in both.
    func keepingFastest(_ other: KernelsResult) -> KernelsResult {
        var kept = self
        kept.medianMs = zip(medianMs, other.medianMs).map { min($0, $1) }
        kept.statesAgree = statesAgree && other.statesAgree
        return kept
    }
}

/// The table `dynamics kernels` prints: each kernel's median ms per step, and the last kernel's
/// speed-up over each of the others.
func kernelsTable(_ rows: [KernelsResult], kernels: [SolverKernel], threads: Int) -> String {
    let names = kernels.map(\.rawValue)
    var header = "profile            bodies"
    for name in names { header += "  " + "\(name) ms".leftPadded(to: 12) }
    for name in names.dropLast() { header += "  " + "vs \(name)".leftPadded(to: 12) }
    var lines = [header, String(repeating: "-", count: header.count)]
    for r in rows {
        var line = r.profile.padding(toLength: 17, withPad: " ", startingAt: 0) + "  " + String(format: "%6d", r.bodies)
        for ms in r.medianMs { line += "  " + String(format: "%12.3f", ms) }
        let last = r.medianMs.last ?? 0
        for ms in r.medianMs.dropLast() { line += "  " + String(format: "%11.2fx", last > 0 ? ms / last : 0) }
        lines.append(line)
    }
    lines.append("\(threads) thread(s); every kernel gives the same state (checked)")
    return lines.joined(separator: "\n")
}

extension String {
    /// The string right-aligned in `width` characters (unchanged if longer).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

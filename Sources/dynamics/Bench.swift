import ArgumentParser
import DynamicsCore
import DynamicsProfiles
import Foundation

/// `dynamics bench`: the stress-test and regression job over many profiles.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every profile (or the ones given), print a table of timings, and compare against a baseline."
    )

    @Argument(help: "Profile files (default: every .json file in Profiles/).")
    var profiles: [String] = []

    @Option(help: "Worker threads.")
    var threads: Int = 1

    @Option(help: "Contact solver kernel: baseline or avx (default: the best this processor has; results are the same bits).")
    var kernel: SolverKernel?

    @Option(help: "Measured steps per profile (default: each profile's own).")
    var steps: Int?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(help: "Write the results to this file as a baseline.")
    var saveBaseline: String?

    @Option(help: "Compare against this baseline file; exit non-zero naming every profile that got slower.")
    var baseline: String?

    @Option(help: "How much slower than the baseline (in percent of its median) still passes.")
    var tolerance: Double = 10

    @Option(help: "Times to run every profile, round after round; each profile reports its fastest round (for hosts whose speed drifts).")
    var rounds: Int = 1

    func validate() throws {
        guard threads >= 1 && threads <= 256 else { throw ValidationError("--threads must be in 1...256, got \(threads)") }
        if let steps { guard steps >= 1 else { throw ValidationError("--steps must be >= 1, got \(steps)") } }
        guard tolerance >= 0 && tolerance.isFinite else { throw ValidationError("--tolerance must be a percentage >= 0, got \(tolerance)") }
        guard rounds >= 1 && rounds <= 100 else { throw ValidationError("--rounds must be in 1...100, got \(rounds)") }
    }

    func run() throws {
        if let kernel {
            let chosen = SolverKernel.select(kernel)
            guard chosen == kernel else { fail("--kernel \(kernel.rawValue): this processor or build cannot run it (best: \(SolverKernel.best.rawValue))") }
        }
        let paths = try profilePaths(profiles)
        if saveBaseline != nil || baseline != nil {
            let names = paths.map { path in
                do throws(ProfileError) { return try Profile.load(path: path).name } catch { fail(error.description) }
            }
            if let clash = nameClash(paths: paths, names: names) { fail(clash) }
        }
        let oldBaseline = baseline.map { path in
            do throws(BaselineFileError) { return try readBaseline(at: path) } catch { fail(error.description) }
        }
        let progress = Progress(enabled: isatty(STDERR_FILENO) != 0)
        let host = HostDescription.current()
        // Round after round over every profile, so that a slow spell of the host falls on one
        // round of several profiles rather than on every round of one.
        var byProfile = [[BenchResult]](repeating: [], count: paths.count)
        for round in 0..<rounds {
            for (index, path) in paths.enumerated() {
                let counter = rounds > 1 ? "round \(round + 1)/\(rounds), " : ""
                byProfile[index].append(try measure(path, label: "[\(counter)\(index + 1)/\(paths.count)]", progress: progress))
            }
        }
        let results = byProfile.map { runs in
            switch bestRound(runs) {
            case .success(let best): best
            case .failure(let disagreement): fail(disagreement.description)
            }
        }
        progress.clear()

        if json {
            print(try jsonText(results))
        } else {
            print(benchTable(results))
            print("contact solver kernel: \(SolverKernel.current.rawValue) (best here: \(SolverKernel.best.rawValue))")
            print("host: \(host.summary)")
            if rounds > 1 { print("each profile's fastest of \(rounds) rounds (by median); allocations: the most of any round") }
            if let apart = roundsApartLine(results) { print(apart) }
        }
        if let saveBaseline {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do { try encoder.encode(BenchBaseline(results: results, host: host)).write(to: URL(fileURLWithPath: saveBaseline)) } catch {
                fail("cannot write the baseline \(saveBaseline): \(error.localizedDescription)")
            }
        }
        if let oldBaseline, let baselinePath = baseline {
            if let note = hostNote(recorded: oldBaseline.host, current: host) {
                FileHandle.standardError.write(Data((note + "\n").utf8))
            }
            let current = SolverKernel.current.rawValue
            if let other = oldBaseline.results.compactMap(\.kernel).first(where: { $0 != current }) {
                FileHandle.standardError.write(Data("note: the baseline was measured with the \(other) kernel, this run used \(current)\n".utf8))
            }
            let left = uncompared(results, against: oldBaseline.results)
            if left.count == results.count {
                fail("--baseline \(baselinePath): no profile of this run could be compared with it:\n"
                     + left.map { "  " + $0 }.joined(separator: "\n"))
            }
            if !left.isEmpty {
                FileHandle.standardError.write(Data(("not compared with the baseline:\n" + left.map { "  " + $0 }.joined(separator: "\n")
                    + "\n").utf8))
            }
            let slower = regressions(results, against: oldBaseline.results, tolerancePercent: tolerance)
            if !slower.isEmpty {
                FileHandle.standardError.write(Data(("slower than the baseline:\n" + slower.map { "  " + $0 }.joined(separator: "\n") + "\n").utf8))
                throw ExitCode.failure
            }
        }
    }

    /// Builds the profile at `path`, warms it up and times its measured steps.
    private func measure(_ path: String, label prefix: String, progress: Progress) throws -> BenchResult {
        progress.clear()
        let scene = try loadScene(path, threads: threads)
        let profile = scene.profile, world = scene.world
        let measured = steps ?? profile.steps
        let label = "\(prefix) \(profile.name)"
        for step in 0..<profile.warmupSteps {
            scene.step()
            progress.show("\(label): warm-up \(step + 1)/\(profile.warmupSteps)")
        }
        let clock = ContinuousClock()
        var timings = StepTimings(capacity: measured)
        var allocations: Int64 = 0
        // Timings cover every measured step (as Box2D's benchmark does); allocations are counted
        // over the second half, the steady state, after pairs and buffers have grown.
        let steadyFrom = measured / 2
        let engineBefore = scene.engineTime
        let fieldsBefore = scene.fieldEvaluations
        var total = Duration.zero
        for step in 0..<measured {
            let before = AllocationCount.process
            let start = clock.now
            scene.step()
            let elapsed = clock.now - start
            timings.record(elapsed)
            total += elapsed
            if step >= steadyFrom { allocations += AllocationCount.process - before }
            if step % 16 == 0 { progress.show("\(label): step \(step + 1)/\(measured)") }
        }
        guard world.isStateFinite else { fail("\(profile.name): the state is no longer finite after \(measured) steps") }
        let contacts = world.touchingContactCount
        let median = timings.median
        return BenchResult(
            profile: profile.name, bodies: world.bodyCount, contacts: contacts, steps: measured, threads: threads,
            medianMs: median, p90Ms: timings.p90, maxMs: timings.maximum,
            nsPerContactSubStep: contacts > 0 ? median * 1e6 / Double(contacts * profile.world.subStepCount) : nil,
            allocationsPerStep: !AllocationCount.isAvailable ? nil : Double(allocations) / Double(measured - steadyFrom),
            fieldNsPerEvaluation: fieldCost(before: fieldsBefore, after: scene.fieldEvaluations),
            facadeOverheadPercent: facadeOverhead(total: total, engine: scene.engineTime.flatMap { after in engineBefore.map { after - $0 } }),
            stateHash: String(format: "%016llx", world.stateHash()), kernel: SolverKernel.current.rawValue)
    }

    /// Nanoseconds per field, item and sub-step over the measured steps; nil without fields.
    private func fieldCost(before: (time: Duration, count: Int), after: (time: Duration, count: Int)) -> Double? {
        let count = after.count - before.count
        guard count > 0 else { return nil }
        return (after.time - before.time) / .nanoseconds(1) / Double(count)
    }

    /// What a facade scene's frames cost beyond the engine's steps, in percent of the engine's time.
    private func facadeOverhead(total: Duration, engine: Duration?) -> Double? {
        guard let engine, engine > .zero else { return nil }
        return (total / engine - 1) * 100
    }
}

/// The profiles named on the command line, or every .json file in Profiles/ when none is named.
func profilePaths(_ given: [String]) throws -> [String] {
    if !given.isEmpty { return given }
    let directory = "Profiles"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
        fail("no profiles given and no Profiles/ folder here; run from the package root or name the files")
    }
    let paths = names.filter { $0.hasSuffix(".json") }.sorted().map { "\(directory)/\($0)" }
    guard !paths.isEmpty else { fail("Profiles/ holds no .json files") }
    return paths
}

/// Prints an error and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    Foundation.exit(1)
}

/// A one-line progress display on standard error, only when it is a terminal.
struct Progress {
    let enabled: Bool
    func show(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }
    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

extension SolverKernel: ExpressibleByArgument {}

import ArgumentParser
import DynamicsProfiles
import Foundation

/// `dynamics soak`: a very long run that reports memory and speed as it goes.
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a profile for a very long time (sleeping off) and report memory and speed per interval.")

    @Argument(help: "The profile file.")
    var profile: String = "Profiles/rain-1k.json"

    @Option(help: "Steps to run.")
    var steps: Int = 1_000_000

    @Option(help: "Steps per report line.")
    var every: Int = 10_000

    @Option(help: "Worker threads.")
    var threads: Int = 1

    func validate() throws {
        guard steps >= 1 && steps <= 1_000_000_000 else { throw ValidationError("--steps must be in 1...1000000000, got \(steps)") }
        guard every >= 1 else { throw ValidationError("--every must be >= 1, got \(every)") }
        guard threads >= 1 && threads <= 256 else { throw ValidationError("--threads must be in 1...256, got \(threads)") }
    }

    func run() throws {
        var loaded: Profile
        do { loaded = try Profile.load(path: profile) } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        loaded.world.enableSleep = false
        let scene = try loaded.makeScene(workerCount: threads)
        let clock = ContinuousClock()
        var timings = StepTimings(capacity: every)
        var first: (ms: Double, rss: Int)?
        var last: (ms: Double, rss: Int) = (0, 0)
        print("steps      bodies  median ms   p90 ms   resident MiB  allocs/step")
        var done = 0
        while done < steps {
            let count = min(every, steps - done)
            timings = StepTimings(capacity: count)
            let allocationsBefore = AllocationCount.process
            for _ in 0..<count {
                let start = clock.now
                scene.step()
                timings.record(clock.now - start)
            }
            done += count
            guard scene.world.isStateFinite else {
                FileHandle.standardError.write(Data("error: the state is no longer finite after \(done) steps\n".utf8))
                throw ExitCode.failure
            }
            let allocations = Double(AllocationCount.process - allocationsBefore) / Double(count)
            let rss = residentBytes()
            last = (timings.median, rss)
            if first == nil { first = last }
            print(String(format: "%-9d  %6d  %9.3f  %7.3f  %13.1f  %11.2f", done, scene.world.bodyCount, timings.median, timings.p90,
                         Double(rss) / 1_048_576, allocations))
            fflush(nil)
        }
        if let first {
            print(String(format: "memory: %.1f MiB after the first interval, %.1f MiB at the end (%+.1f MiB); speed: %.3f → %.3f ms per step (%+.1f %%)",
                         Double(first.rss) / 1_048_576, Double(last.rss) / 1_048_576, Double(last.rss - first.rss) / 1_048_576,
                         first.ms, last.ms, (last.ms / max(first.ms, 1e-9) - 1) * 100))
        }
    }

    /// The process's resident memory, from /proc (0 where that is not available).
    private func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

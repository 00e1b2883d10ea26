import DynamicsCore
import Foundation
import Testing
@testable import dynamics

@Suite("dynamics kernels", .serialized)
struct KernelsTests {
    /// The repository's small stack profile.
    let smallStack = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Profiles/small-stack.json").path

    @Test("the available kernels run from the baseline up to the best, each once")
    func available() {
        let kernels = SolverKernel.available
        #expect(kernels.first == .baseline)
        #expect(kernels.last == SolverKernel.best)
        #expect(Set(kernels).count == kernels.count)
    }

    /// Two worlds of the kernel in use: selecting another here would race with `SolverKernelTests`
    /// (another target, run in the same process), which asks which kernel is current. That every
    /// kernel gives the same bits is checked there.
    @Test("the worlds step in turn, a block each, to the same state")
    func worldsAgree() throws {
        let kernels = [SolverKernel.current, SolverKernel.current]
        let command = try Kernels.parse([smallStack, "--steps", "23", "--block", "5"])
        let result = try command.measure(smallStack, kernels: kernels, label: "", progress: Progress(enabled: false))
        #expect(result.profile == "small-stack")
        #expect(result.statesAgree)
        #expect(result.medianMs.count == kernels.count)
        #expect(result.medianMs.allSatisfy { $0 > 0 })
    }

    @Test("the table gives each kernel's median and the last kernel's speed-up over the others")
    func table() {
        let row = KernelsResult(profile: "tumbler", bodies: 2026, medianMs: [3.0, 2.0], statesAgree: true)
        let text = kernelsTable([row], kernels: [.baseline, .avx], threads: 1)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "profile            bodies   baseline ms        avx ms   vs baseline")
        #expect(lines[2] == "tumbler              2026         3.000         2.000         1.50x")
        #expect(lines.last == "1 thread(s); every kernel gives the same state (checked)")
    }

    @Test("--rounds keeps each kernel's fastest round, and the states agree only if they did in every round")
    func rounds() {
        let first = KernelsResult(profile: "tumbler", bodies: 2026, medianMs: [3.0, 2.4], statesAgree: true)
        var second = KernelsResult(profile: "tumbler", bodies: 2026, medianMs: [3.3, 2.0], statesAgree: true)
        #expect(first.keepingFastest(second) == KernelsResult(profile: "tumbler", bodies: 2026, medianMs: [3.0, 2.0], statesAgree: true))
        second.statesAgree = false
        #expect(!first.keepingFastest(second).statesAgree)
    }

    @Test("bad options are rejected with the option's name")
    func badOptions() {
        for args in [["--threads", "0"], ["--threads", "257"], ["--steps", "0"], ["--block", "0"], ["--rounds", "0"], ["--rounds", "101"]] {
            do {
                _ = try Kernels.parse(args)
                Issue.record("accepted \(args)")
            } catch {
                #expect(Kernels.message(for: error).contains(args[0]), "\(Kernels.message(for: error))")
            }
        }
        #expect((try? Kernels.parse([]))?.threads == 1)
    }
}

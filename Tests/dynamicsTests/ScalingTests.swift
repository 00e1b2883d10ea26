import Foundation
import Testing
@testable import dynamics

@Suite("dynamics scaling")
struct ScalingTests {
    /// The repository's small stack profile.
    let smallStack = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Profiles/small-stack.json").path

    @Test("the one-thread and two-thread worlds step side by side to the same state, in blocks")
    func worldsAgree() throws {
        let command = try Scaling.parse([smallStack, "--steps", "23", "--block", "5"])
        let result = try command.measure(smallStack, label: "", progress: Progress(enabled: false))
        #expect(result.profile == "small-stack")
        #expect(result.statesAgree)
        #expect(result.oneThreadMs > 0 && result.severalThreadsMs > 0)
    }

    @Test("the speed-up is the one-thread median over the other, and the table shows it")
    func table() {
        let row = ScalingResult(profile: "tumbler", bodies: 2026, oneThreadMs: 1.8, severalThreadsMs: 1.2, statesAgree: true)
        #expect(abs(row.speedUp - 1.5) < 1e-12)
        let text = scalingTable([row], threads: 2)
        #expect(text.contains("2 threads ms"))
        #expect(text.split(separator: "\n").last == "tumbler              2026        1.800         1.200     1.50x")
    }

    @Test("bad options are rejected with the option's name")
    func badOptions() {
        for args in [["--threads", "1"], ["--threads", "257"], ["--steps", "0"], ["--block", "0"]] {
            do {
                _ = try Scaling.parse(args)
                Issue.record("accepted \(args)")
            } catch {
                #expect(Scaling.message(for: error).contains(args[0]), "\(Scaling.message(for: error))")
            }
        }
        #expect((try? Scaling.parse([]))?.threads == 2)
    }
}

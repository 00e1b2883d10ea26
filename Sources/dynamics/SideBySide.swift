import ArgumentParser
import DynamicsCore
import DynamicsProfiles

/// The options of the commands that step several worlds of one profile in turn
/// (`dynamics scaling`, `dynamics kernels`).
struct SideBySideOptions: ParsableArguments {
    @Argument(help: "Profile files (default: every .json file in Profiles/).")
    var profiles: [String] = []

    @Option(help: "Measured steps per world (default: each profile's own).")
    var steps: Int?

    @Option(help: "Timed steps of one world before the next takes its turn.")
    var block: Int = 10

    @Option(help: ArgumentHelp("Times each profile is measured, its worlds built afresh each time; each world's fastest "
                                   + "round (by median) counts. On a host whose processors are shared now and then, a "
                                   + "slow spell that falls on one world's threads alone then spoils one round, not the result.",
                               valueName: "count"))
    var rounds: Int = 1

    func validate() throws {
        if let steps { guard steps >= 1 else { throw ValidationError("--steps must be >= 1, got \(steps)") } }
        guard block >= 1 else { throw ValidationError("--block must be >= 1, got \(block)") }
        guard rounds >= 1 && rounds <= 100 else { throw ValidationError("--rounds must be in 1...100, got \(rounds)") }
    }

    /// The label of round `round` (from 0) of a profile's measurement: `prefix`, with the round's
    /// number where there are several.
    func label(_ prefix: String, round: Int) -> String {
        rounds > 1 ? "\(prefix) round \(round + 1)/\(rounds)" : prefix
    }
}

/// Steps `scenes` (built from one profile) through the profile's warm-up together, then in turn:
/// each takes `block` timed steps (fewer at the end), after one untimed step that gets its worker
/// threads going again, until each has taken `measured`. `beforeTurn(k)` runs before each of
/// scene `k`'s steps or turns. A slow spell of the host thus falls on every scene alike. Returns
/// each scene's step times. With `profilesParts`, each world's `stepProfile` is started afresh
/// and records the timed steps alone.
func stepInTurn(_ scenes: [Scene], measured: Int, block: Int, label: String, progress: Progress,
                profilesParts: Bool = false, beforeTurn: (Int) -> Void = { _ in }) -> [StepTimings] {
    let warmup = scenes[0].profile.warmupSteps
    for step in 0..<warmup {
        for (k, scene) in scenes.enumerated() {
            beforeTurn(k)
            scene.step()
        }
        progress.show("\(label): warm-up \(step + 1)/\(warmup)")
    }
    for scene in scenes { scene.world.stepProfile = StepProfile() }
    let clock = ContinuousClock()
    var timings = scenes.map { _ in StepTimings(capacity: measured) }
    var done = 0
    while done < measured {
        let count = min(block, measured - done)
        for (k, scene) in scenes.enumerated() {
            beforeTurn(k)
            scene.step()
            scene.world.profilesSteps = profilesParts
            for _ in 0..<count {
                let start = clock.now
                scene.step()
                timings[k].record(clock.now - start)
            }
            scene.world.profilesSteps = false
        }
        done += count
        progress.show("\(label): step \(done)/\(measured)")
    }
    return timings
}

/// `name` with the lowest and highest of `values` (one figure per round, such as a speed-up), as
/// the lines after the `scaling` and `per-body` tables print them: "tumbler 1.37-1.74x". Nil
/// without values.
func roundRange(_ name: String, _ values: [Double]) -> String? {
    guard let low = values.min(), let high = values.max() else { return nil }
    return "\(name) " + String(format: "%.2f-%.2fx", low, high)
}

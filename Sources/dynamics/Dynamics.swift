import ArgumentParser

/// The `dynamics` command: run workload profiles of the DynamicsCore engine.
@main
struct Dynamics: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics",
        abstract: "Run, time and compare physics scenes described by profile files.",
        subcommands: [Run.self, Bench.self, Scaling.self, PerBody.self, Kernels.self, Render.self, Soak.self]
    )
}

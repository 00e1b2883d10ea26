import Benchmark
@_spi(Benchmarking) import DynamicsCore
import DynamicsProfiles
import Foundation
import MallocInterposerSwift
import ThreadAllocationCounter

/// The repository's `Profiles/` folder, found from this file's location.
let profilesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Profiles")

/// The heap allocations of the benchmark's own thread during a sample, which with one worker are
/// the engine's, and the column buffers it mapped (`BufferMappings`). The harness's
/// `mallocCountTotal` counts every thread of the process, its own memory sampler's too, so it
/// grows with a sample's duration and moves with the host's speed.
let engineMallocCount = BenchmarkMetric.custom("engineMallocCount")

/// What every benchmark records.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, engineMallocCount, .peakMemoryResident]

/// Steps (or phase runs) per sample of the step, phase and profile benchmarks: their figures are for
/// this many steps.
let stepsPerSample = 10

/// How far a run may drift from the committed thresholds before `thresholds check` fails (only p90
/// values are recorded). Engine heap allocations: not at all, as they are the same in every run,
/// so one allocation more in a sample fails the gate. Wall clock and throughput: by 50 %, because
/// runs of the same code on the shared 2-core machine class differ by up to about 40 %. Peak
/// memory: by 10 %.
func gate() -> [BenchmarkMetric: BenchmarkThresholds] {
    [
        engineMallocCount: .init(absolute: [.p90: 0]),
        .wallClock: .init(relative: [.p90: 50]),
        .throughput: .init(relative: [.p90: 50]),
        .peakMemoryResident: .init(relative: [.p90: 10]),
    ]
}

/// Runs `body` as the measured part of a sample and records the allocations this thread made in it:
/// heap allocations, and the large column buffers that the engine maps without `malloc`.
func measure(_ benchmark: Benchmark, _ body: () -> Void) {
    benchmark.startMeasurement()
    let mappingsBefore = BufferMappings.threadCount
    thread_allocations_begin()
    body()
    let allocations = thread_allocations_end() + BufferMappings.threadCount - mappingsBefore
    benchmark.measurement(engineMallocCount, Int(allocations))
}

/// The steps a profile benchmark runs before its measured ones: the profile's own warm-up, or for a
/// profile without one (Box2D's scenes, timed from their first step) half its run, where
/// `dynamics bench` starts counting allocations. Ten steps in were too early: smash's and the
/// junkyard's bodies had not met yet (no contact) and the tumbler's boxes were still falling (about
/// 200 contacts of its 4 000). At least 10 steps.
func steadyStateWarmup(_ profile: Profile) -> Int {
    max(profile.warmupSteps > 0 ? profile.warmupSteps : profile.steps / 2, 10)
}

/// Loads a committed profile and steps it `warmup(profile)` times (by default its own warm-up, at
/// least 10 steps), on one worker thread.
func warmScene(_ name: String, backend: VectorBackend = .swift,
               warmup: (Profile) -> Int = { max($0.warmupSteps, 10) }) throws -> Scene {
    var profile = try Profile.load(path: profilesDirectory.appendingPathComponent("\(name).json").path)
    profile.world.vectorBackend = backend
    let scene = try profile.makeScene(workerCount: 1)
    for _ in 0..<warmup(profile) { scene.step() }
    return scene
}

let benchmarks: @Sendable () -> Void = {
    // Count allocations from here on (the harness counts only while a malloc metric of its own is
    // asked for, and none is), through the per-thread hook.
    MallocInterposerSwift.setAllocationHook(thread_allocations_hook)
    MallocInterposerSwift.hook()

    // The allocation gate's own check: exactly one allocation per sample, which the count must see.
    // Were the hook not counting, this would read 0 and `thresholds check` would fail (exit 4, an
    // unexpected improvement) instead of every other benchmark passing unchecked. It records the
    // count alone: its half-microsecond samples' time says nothing.
    Benchmark("Harness.one-allocation",
              configuration: .init(metrics: [engineMallocCount],
                                   thresholds: [engineMallocCount: .init(absolute: [.p90: 0])])) { benchmark in
        measure(benchmark) {
            for _ in benchmark.scaledIterations {
                let block = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
                blackHole(block)
                block.deallocate()
            }
        }
    }

    // The bulk vector kernel: CBLAS against the plain Swift loop, at the integrator's stride.
    for count in [1_000, 10_000, 100_000] {
        for backend in VectorBackend.allCases {
            Benchmark("Kernel.axpy.\(backend.rawValue).\(count)",
                      configuration: .init(metrics: metrics, scalingFactor: .kilo, thresholds: gate())) { benchmark in
                let stride = 8
                let x = UnsafeMutablePointer<Float>.allocate(capacity: count * stride)
                let y = UnsafeMutablePointer<Float>.allocate(capacity: count * stride)
                x.initialize(repeating: 1.5, count: count * stride)
                y.initialize(repeating: 0, count: count * stride)
                defer { x.deallocate(); y.deallocate() }
                measure(benchmark) {
                    for _ in benchmark.scaledIterations {
                        stridedAXPY(count: count, 0.004, x: x, strideX: stride, y: y, strideY: stride, backend: backend)
                    }
                }
                blackHole(y[0])
            }
        }
    }

    // Each phase of a step alone, on the settled large pyramid (5 050 boxes, about 15 000 contacts).
    // Integration runs with each vector backend.
    let phaseCases: [(StepPhase, VectorBackend)] = StepPhase.allCases.flatMap { phase in
        phase == .integrate ? VectorBackend.allCases.map { (phase, $0) } : [(phase, .swift)]
    }
    for (phase, backend) in phaseCases {
        let name = phase == .integrate ? "Phase.integrate.\(backend.rawValue)" : "Phase.\(phase.rawValue)"
        Benchmark("\(name).large-pyramid",
                  configuration: .init(metrics: metrics, maxDuration: .seconds(5), maxIterations: 100, thresholds: gate())) { benchmark in
            let scene = try warmScene("large-pyramid", backend: backend)
            let timeStep = scene.profile.timeStep
            measure(benchmark) {
                for _ in benchmark.scaledIterations {
                    for _ in 0..<stepsPerSample { scene.world.runPhase(phase, timeStep: timeStep) }
                }
            }
        }
    }

    // One world step of 10 000 free bodies (integration dominates), with each backend.
    for backend in VectorBackend.allCases {
        Benchmark("Step.free-bodies-10k.\(backend.rawValue)", configuration: .init(metrics: metrics, thresholds: gate())) { benchmark in
            var definition = WorldDefinition()
            definition.gravity = Vec2(0, -10)
            definition.enableSleep = false
            definition.vectorBackend = backend
            let world = try World(definition)
            for i in 0..<10_000 {
                var body = BodyDefinition(type: .dynamic, position: Vec2(Float(i % 100) * 3, Float(i / 100) * 3))
                body.angularVelocity = 1
                try world.createBody(body)
            }
            world.step(1.0 / 60)
            measure(benchmark) {
                for _ in benchmark.scaledIterations {
                    for _ in 0..<stepsPerSample { world.step(1.0 / 60) }
                }
            }
        }
    }

    // Steady-state steps of every committed profile (`steadyStateWarmup`). Every sample builds and
    // warms its scene afresh, so every sample measures the same steps and makes the same
    // allocations, however many samples fit in the time.
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: profilesDirectory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    for name in names {
        Benchmark("Profile.\(name)",
                  configuration: .init(metrics: metrics, maxDuration: .seconds(10), maxIterations: 50,
                                       thresholds: gate())) { benchmark in
            let scene = try warmScene(name, warmup: steadyStateWarmup)
            measure(benchmark) {
                for _ in benchmark.scaledIterations {
                    for _ in 0..<stepsPerSample { scene.step() }
                }
            }
        }
    }
}

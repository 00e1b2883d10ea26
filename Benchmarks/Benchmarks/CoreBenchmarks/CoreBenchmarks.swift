import Benchmark
import DynamicsCore
import DynamicsProfiles
import Foundation

/// The repository's `Profiles/` folder, found from this file's location.
let profilesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Profiles")

let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident]

    // The bulk vector kernel: CBLAS against the plain Swift loop, at the integrator's stride.
    for count in [1_000, 10_000, 100_000] {
        for backend in VectorBackend.allCases {
            Benchmark("Kernel/axpy/\(backend.rawValue)/\(count)",
                      configuration: .init(metrics: metrics, scalingFactor: .kilo)) { benchmark in
                let stride = 8
                let x = UnsafeMutablePointer<Float>.allocate(capacity: count * stride)
                let y = UnsafeMutablePointer<Float>.allocate(capacity: count * stride)
                x.initialize(repeating: 1.5, count: count * stride)
                y.initialize(repeating: 0, count: count * stride)
                defer { x.deallocate(); y.deallocate() }
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    stridedAXPY(count: count, 0.004, x: x, strideX: stride, y: y, strideY: stride, backend: backend)
                }
                blackHole(y[0])
            }
        }
    }

    // One world step of 10 000 free bodies (integration dominates), with each backend.
    for backend in VectorBackend.allCases {
        Benchmark("Step/free-bodies-10k/\(backend.rawValue)", configuration: .init(metrics: metrics)) { benchmark in
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
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { world.step(1.0 / 60) }
        }
    }

    // Steady-state steps of every committed profile (after its warm-up, at least 10 steps).
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: profilesDirectory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    for name in names {
        Benchmark("Profile/\(name)", configuration: .init(metrics: metrics, maxDuration: .seconds(10), maxIterations: 200)) { benchmark in
            let scene = try Profile.load(path: profilesDirectory.appendingPathComponent("\(name).json").path).makeScene(workerCount: 1)
            for _ in 0..<max(scene.profile.warmupSteps, 10) { scene.step() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { scene.step() }
        }
    }
}

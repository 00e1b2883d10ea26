import DynamicsCore
import Testing
@testable import dynamics

@Suite("Timing a step's parts allocates nothing")
struct StepProfileAllocationTests {
    // Release builds only (`swift test -c release`), as `FacadeAllocationTests`: a debug build
    // boxes generics on the heap where the optimised code does not.
    #if os(Linux) && !DEBUG
    @Test("a settling pile stepped with profilesSteps on: 0 allocations per step, on one worker and two",
          .enabled(if: AllocationCount.isAvailable), arguments: [1, 2])
    func settlingPile(workers: Int) throws {
        var definition = WorldDefinition()
        definition.workerCount = workers
        let world = try World(definition)
        let ground = try world.createBody(BodyDefinition(type: .static))
        try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 20, halfHeight: 1)))
        for i in 0..<200 {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i % 20) * 1.1 - 11, 1.6 + Float(i / 20) * 1.1)))
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
        }
        world.profilesSteps = true
        for _ in 0..<120 { world.step(1.0 / 60) }
        let before = AllocationCount.thread
        for _ in 0..<60 { world.step(1.0 / 60) }
        let allocations = AllocationCount.thread - before
        #expect(world.stepProfile.steps == 180)
        #expect(allocations == 0, "\(allocations) allocations in 60 steps")
    }
    #endif
}

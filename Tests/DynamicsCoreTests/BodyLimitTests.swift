@testable import DynamicsCore
import Testing

@Suite("The body limit")
struct BodyLimitTests {
    @Test("the limit is the most bodies whose resting state, after them, has a 32-bit byte offset")
    func limitFitsTheSolverOffsets() {
        // The resting state sits at dense index `bodyCount`; the solver keeps it as index × 32.
        #expect(World.maximumBodyCount * 32 <= Int(Int32.max))
        #expect((World.maximumBodyCount + 1) * 32 > Int(Int32.max))
    }

    @Test("a body past the limit is refused by name, nothing changes, and a freed place can be taken again")
    func pastTheLimitIsRefused() throws {
        let world = try makeWorld(gravity: 10)
        world.bodyLimit = 3
        let first = try addBox(world, at: Vec2(0, 2))
        _ = try addBox(world, at: Vec2(2, 2))
        _ = try addBox(world, at: Vec2(4, 2))
        do {
            _ = try world.createBody(BodyDefinition(type: .dynamic))
            Issue.record("a fourth body was accepted")
        } catch {
            #expect(error.argument == "definition", "\(error)")
            #expect(error.rule.contains("3 bodies"), "\(error)")
        }
        #expect(world.bodyCount == 3)
        world.destroyBody(first)
        _ = try addBox(world, at: Vec2(6, 2))
        #expect(world.bodyCount == 3)
        for _ in 0..<60 { world.step(1.0 / 60) }
        #expect(world.isStateFinite)
    }
}

import Testing
@testable import DynamicsCore

/// The last colours of a contact pass, each no larger than one chunk, run in one stage on one
/// thread (`World.smallColorsFrom`, `SmallColorsPassKernel`).
@Suite("Small colours in one stage")
struct SmallColorsTests {
    /// A bin of boxes and balls thrown about: its colours run down to single pairs.
    static func pile(workers: Int, merged: Bool) throws -> World {
        let world = try makeWorld(workers: workers)
        world.mergesSmallColors = merged
        // Shared with the workers although small.
        world.solvesSmallProgramsAlone = false
        try addBin(world, wallHeight: 8)
        try addBinLoad(world)
        return world
    }

    @Test("the same bits as a stage a colour, sweeping forwards and backwards, on 1 and 2 threads", arguments: [1, 2])
    func sameBitsAsStagePerColor(workers: Int) throws {
        let merged = try Self.pile(workers: workers, merged: true), apart = try Self.pile(workers: workers, merged: false)
        var mergedSteps = 0
        for _ in 0..<120 {
            merged.step(1.0 / 60)
            apart.step(1.0 / 60)
            // Two or more colours past the first small one: the stage holds several.
            let small = merged.smallColorsFrom
            if small + 1 < GraphColoring.maxColors && merged.wideOffsets[small + 2] > merged.wideOffsets[small + 1] { mergedSteps += 1 }
            #expect(merged.stateHash() == apart.stateHash())
        }
        #expect(apart.smallColorsFrom == GraphColoring.maxColors)
        #expect(mergedSteps > 10, "the pile should have several small colours in most steps (\(mergedSteps) of 120)")
    }
}

import Foundation
import Testing
import DynamicsCore
import DynamicsProfiles

@Suite("The ropes generator")
struct RopesTests {
    /// Two columns of three rows of five-bead ropes over a floor, without sleeping.
    static let json = """
    { "world": { "enableSleep": false },
      "bodies": [ { "type": "static", "shapes": [ { "segment": { "point1": [-40, 0], "point2": [40, 0] } } ] } ],
      "generators": [ { "ropes": { "columns": 2, "rows": 3, "links": 5, "radius": 0.2, "spacing": 0.5,
                                   "origin": [-3, 2], "pitch": [4, 0.8] } } ] }
    """

    @Test("columns × rows ropes of links beads, links − 1 joints each, rows shifted by the golden ratio's fraction")
    func layout() throws {
        let profile = try Profile.parse(Data(Self.json.utf8), file: "ropes.json")
        #expect(profile.bodyCount == 1 + 2 * 3 * 5)
        let world = try profile.makeWorld()
        #expect(world.bodyCount == 31)
        #expect(world.jointCount == 2 * 3 * 4)
        let beads = Array(world.bodyIDs.dropFirst())
        // Rope (row 1, column 1), bead 3: shifted across by 0.618 of a pitch in its row.
        let expected = Vec2(-3 + (1 + 0.618034) * 4 + 3 * 0.5, 2 + 0.8)
        #expect((world.position(of: beads[(1 * 2 + 1) * 5 + 3]) - expected).length < 1e-4)
        for (a, b) in world.jointAnchors { #expect(abs((a - b).length - 0.5) < 1e-5) }
    }

    @Test("dropped onto the floor, the rigid joints hold every bead its spacing from the next, and the state is the same on 1 and 2 workers")
    func jointsHoldOnLanding() throws {
        let profile = try Profile.parse(Data(Self.json.utf8), file: "ropes.json")
        var hashes: [UInt64] = []
        for workers in [1, 2] {
            let world = try profile.makeWorld(workerCount: workers)
            for _ in 0..<120 { world.step(profile.timeStep) }
            let widest = world.jointAnchors.map { abs(($0.0 - $0.1).length - 0.5) }.max() ?? .infinity
            #expect(widest < 0.01, "a joint is \(widest) m off its length")
            // The beads rest on the floor or on each other, not in it.
            #expect(world.bodyIDs.dropFirst().allSatisfy { world.position(of: $0).y > 0.15 })
            hashes.append(world.stateHash())
        }
        #expect(hashes[0] == hashes[1])
    }
}

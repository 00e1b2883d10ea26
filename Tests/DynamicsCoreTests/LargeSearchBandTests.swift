import Testing
@testable import DynamicsCore

/// A moved large proxy's pair search is cut into row bands, one per part of the pair search
/// (`World.searchesInBands`), so that no one thread queries a long wall's hundreds of cells alone.
/// The contacts created, and so every step, must be the same as with each search done whole.
@Suite("Pair searches of large proxies in bands")
struct LargeSearchBandTests {
    /// A small tumbler: a kinematic hollow box of four 16 m walls turning at 0.5 rad/s, holding
    /// 240 boxes and balls; beside it a 40 m plank (a large proxy only two or three cells high, fewer
    /// rows than bands) falling on a 200 m static floor (another large proxy). State hash and
    /// contact count after each step, whether any step had banded searches, and the plank's height.
    func run(bands: Bool, workers: Int) throws -> ([UInt64], [Int], Bool, Float) {
        let world = try makeWorld(gravity: 10, workers: workers)
        world.bandsLargeSearches = bands
        var def = BodyDefinition(type: .kinematic, position: .zero)
        def.angularVelocity = 0.5
        let drum = try world.createBody(def)
        for (center, horizontal) in [(Vec2(0, 8), true), (Vec2(0, -8), true), (Vec2(8, 0), false), (Vec2(-8, 0), false)] {
            let box = ShapeGeometry.box(halfWidth: horizontal ? 8.5 : 0.5, halfHeight: horizontal ? 0.5 : 8.5, center: center)
            try world.createShape(on: drum, ShapeDefinition(box))
        }
        for i in 0..<240 {
            let p = Vec2(Float(i % 16) - 7.5, Float(i / 16) - 7.0)
            if i % 3 == 0 { try addBall(world, at: p, radius: 0.3) } else { _ = try addBox(world, at: p, half: 0.3) }
        }
        let floor = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, -30)))
        try world.createShape(on: floor, ShapeDefinition(.box(halfWidth: 100, halfHeight: 0.5)))
        let plank = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(50, -25)))
        try world.createShape(on: plank, ShapeDefinition(.box(halfWidth: 20, halfHeight: 0.25)))
        var hashes: [UInt64] = [], contacts: [Int] = []
        var banded = false
        for _ in 0..<150 {
            world.step(1.0 / 60)
            banded = banded || world.bandedSearches.count > 0
            hashes.append(world.stateHash())
            contacts.append(world.contacts.count)
        }
        return (hashes, contacts, banded, world.position(of: plank).y)
    }

    @Test("the same contacts and steps as whole searches, on 1 and 3 workers")
    func sameAsWhole() throws {
        let (wholeHashes, wholeContacts, wholeBanded, wholePlank) = try run(bands: false, workers: 1)
        #expect(!wholeBanded)
        #expect(wholePlank > -29.5, "precondition: the plank lies on the floor")
        for workers in [1, 3] {
            let (hashes, contacts, banded, plank) = try run(bands: true, workers: workers)
            #expect(banded, "precondition: the walls' searches were banded")
            #expect(plank > -29.5, "\(workers) workers: the plank lies on the floor")
            #expect(contacts == wholeContacts, "\(workers) workers")
            #expect(hashes == wholeHashes, "\(workers) workers")
        }
    }
}

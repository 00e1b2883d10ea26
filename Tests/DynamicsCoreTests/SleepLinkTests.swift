import Testing
@testable import DynamicsCore

/// The sleep update links the touching contacts below and above the colouring's cut on two
/// threads (`SleepLinkKernel`): the bodies that fall asleep, and the islands they fall asleep
/// in, are those of one thread.
@Suite("Sleep links on several threads")
struct SleepLinkTests {
    /// 24 rows of six boxes on the ground, 20 m apart. Every third row has a box that never
    /// sleeps beside its right end, every third a spinning kinematic ball beside its left end, and
    /// the rest are alone. The links are shared between threads however few the contacts.
    func rows(workers: Int) throws -> (World, [[BodyID]]) {
        let world = try makeWorld(gravity: 10, sleep: true, workers: workers)
        world.sleepLinksSharedFrom = 0
        try addGround(world, halfWidth: 300)
        var rows: [[BodyID]] = []
        for r in 0..<24 {
            let x = Float(-240 + 20 * r)
            let row = try (0..<6).map { try addBox(world, at: Vec2(x + Float($0), 0.5)) }
            switch r % 3 {
            case 0:
                var def = BodyDefinition(type: .dynamic, position: Vec2(x + 6, 0.5))
                def.allowSleep = false
                let body = try world.createBody(def)
                try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5)))
            case 1:
                var def = BodyDefinition(type: .kinematic, position: Vec2(x - 1, 0.5))
                def.angularVelocity = 1
                let ball = try world.createBody(def)
                try world.createShape(on: ball, ShapeDefinition(.circle(radius: 0.5), friction: 0))
            default:
                break
            }
            rows.append(row)
        }
        return (world, rows)
    }

    @Test("the same rows fall asleep, in the same islands, on one, two and three workers")
    func sameIslandsOnAnyWorkerCount() throws {
        var results: [(hash: UInt64, islands: [[Int32]])] = []
        for workers in [1, 2, 3] {
            let (world, rows) = try rows(workers: workers)
            run(world, seconds: 3)
            for (r, row) in rows.enumerated() {
                let asleep = row.filter { !world.isAwake($0) }.count
                #expect(asleep == (r % 3 == 2 ? 6 : 0), "\(workers) workers, row \(r): \(asleep) of 6 asleep")
            }
            let islands = rows.map { row in row.map { world.bodies.island[Int($0.index)] } }
            for (r, ids) in islands.enumerated() where r % 3 == 2 {
                #expect(Set(ids).count == 1 && ids[0] >= 0, "\(workers) workers, row \(r): one island, got \(ids)")
            }
            results.append((world.stateHash(), islands))
        }
        for k in 1..<results.count {
            #expect(results[k].hash == results[0].hash, "\(k + 1) workers: state differs from one worker's")
            #expect(results[k].islands == results[0].islands, "\(k + 1) workers: islands differ from one worker's")
        }
    }
}

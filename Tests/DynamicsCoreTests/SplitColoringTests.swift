import Testing
@testable import DynamicsCore

/// The contacts are coloured in parts split by body (`ContactSplitKernel`, `SplitColoringKernel`):
/// the lower and upper halves of the awake range on two threads, then the contacts joining them.
/// Every solved contact must be listed once, no movable body twice in a colour, and the steps
/// must be the same for any worker count.
@Suite("Contact colouring split by body")
struct SplitColoringTests {
    /// A pile of 1 600 boxes and balls poured into a 30 m bin: well over the contacts from which
    /// the parts run on the workers.
    func makePile(workers: Int) throws -> World {
        let world = try makeWorld(gravity: 10, workers: workers)
        try addBin(world, wallHeight: 40)
        for i in 0..<1_600 {
            let p = Vec2(Float(i % 40) * 0.7 - 13.65, Float(i / 40) * 0.7 + 1)
            if i % 3 == 0 { try addBall(world, at: p, radius: 0.3) } else { _ = try addBox(world, at: p, half: 0.3) }
        }
        return world
    }

    /// What is wrong with the last step's colouring: solved contacts not listed exactly once,
    /// a movable body twice in one colour, a part that was empty.
    func problems(_ world: World) -> [String] {
        var found: [String] = []
        let awake = world.bodies.awakeCount
        func movable(_ d: Int32) -> Bool { d >= 0 && Int(d) < awake && world.bodies.sim[Int(d)].invMass > 0 }
        var listed = [Int](repeating: 0, count: world.contacts.count)
        for c in 0...GraphColoring.maxColors {
            var bodies = Set<Int32>()
            for k in Int(world.coloring.offsets[c])..<Int(world.coloring.offsets[c + 1]) {
                let source = world.orderedSources[k]
                listed[Int(source.contact)] += 1
                guard c < GraphColoring.maxColors else { continue }
                for d in [source.denseA, source.denseB] where movable(d) {
                    if !bodies.insert(d).inserted { found.append("body \(d) twice in colour \(c)") }
                }
            }
        }
        for i in 0..<world.contacts.count {
            let flags = world.contacts[i].flags
            let solved = flags.contains(.touching) && flags.contains(.simulated)
            if listed[i] != (solved ? 1 : 0) { found.append("contact \(i) listed \(listed[i]) times, solved: \(solved)") }
        }
        for p in 0..<ColoringParts.count where world.coloringParts.base[p].sources.count == 0 {
            found.append("part \(p) was empty")
        }
        return found
    }

    @Test("every solved contact once, no body twice in a colour, the same steps on 1 and 3 workers")
    func validAndIndependentOfWorkers() throws {
        let one = try makePile(workers: 1), three = try makePile(workers: 3)
        var largest = 0
        for step in 0..<75 {
            one.step(1.0 / 60)
            three.step(1.0 / 60)
            #expect(one.stateHash() == three.stateHash(), "step \(step)")
            largest = max(largest, one.contacts.count)
            if step >= 60 && step % 10 == 0 {
                let found = problems(three)
                #expect(found.isEmpty, "step \(step): \(found.prefix(5))")
            }
        }
        #expect(largest >= World.splitColoringCount, "precondition: enough contacts for the parts to run on the workers")
    }
}

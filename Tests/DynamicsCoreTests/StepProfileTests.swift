import Dispatch
import DynamicsCore
import Testing

@Suite("Step profile: where a step's time goes, part by part")
struct StepProfileTests {
    /// A bin being filled with 300 boxes and balls: every part of the step has work.
    func binWorld(workers: Int = 1) throws -> World {
        let world = try makeWorld(workers: workers)
        try addBin(world, wallHeight: 6)
        try addBinLoad(world)
        return world
    }

    @Test("off by default: stepping records nothing")
    func offByDefault() throws {
        let world = try binWorld()
        #expect(!world.profilesSteps)
        run(world, seconds: 0.25)
        #expect(world.stepProfile == StepProfile())
        #expect(world.stepProfile.steps == 0 && world.stepProfile.totalSeconds == 0)
    }

    @Test("on: every step is counted, the working parts take time, and the parts fit in the steps' wall-clock time",
          arguments: [1, 2])
    func partsAddUp(workers: Int) throws {
        let world = try binWorld(workers: workers)
        run(world, seconds: 0.5)
        world.profilesSteps = true
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<20 { world.step(1.0 / 60) }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let profile = world.stepProfile
        #expect(profile.steps == 20)
        for part in [StepProfile.Part.pairs, .collide, .color, .prepare, .solve, .finalize] {
            #expect(profile.seconds(part) > 0, "\(part.name) took no time")
        }
        let sum = StepProfile.Part.allCases.reduce(0) { $0 + profile.seconds($1) }
        #expect(abs(sum - profile.totalSeconds) <= 1e-9 * max(1, sum))
        // The parts are intervals inside the steps: together no longer than the steps, and
        // nearly all of them (only a few statements at each step's start are outside).
        #expect(sum <= wall, "parts \(sum) s against \(wall) s of steps")
        #expect(sum >= 0.5 * wall, "parts \(sum) s against \(wall) s of steps: a part is not timed")
        let perStep = profile.millisecondsPerStep(.solve)
        #expect(abs(perStep - profile.seconds(.solve) * 1e3 / 20) <= 1e-12 * max(1, perStep))
    }

    @Test("timing the parts changes no result, and turning it off stops the count")
    func changesNothing() throws {
        let timed = try binWorld(), plain = try binWorld()
        timed.profilesSteps = true
        run(timed, seconds: 1)
        run(plain, seconds: 1)
        #expect(timed.stateHash() == plain.stateHash())
        #expect(timed.stepProfile.steps == 60)
        timed.profilesSteps = false
        let before = timed.stepProfile
        run(timed, seconds: 0.1)
        #expect(timed.stepProfile == before)
        timed.stepProfile = StepProfile()
        #expect(timed.stepProfile.steps == 0 && timed.stepProfile.totalSeconds == 0)
        #expect(timed.stepProfile.millisecondsPerStep(.solve) == 0)
    }

    @Test("the parts are named as the command line prints them, in the order of the step")
    func names() {
        #expect(StepProfile.Part.allCases.map(\.name)
                == ["locality", "pairs", "collide", "color", "prepare", "solve", "finalize", "sleep"])
        #expect(StepProfile.Part.allCases.map(\.rawValue) == Array(0..<8))
    }
}

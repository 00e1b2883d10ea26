import Testing
import DynamicsCore

@Suite("Awake bodies' poses read in place")
struct AwakeBodyPosesTests {
    /// Twelve boxes whose centre of mass is off their origin, spinning as they fall; every third
    /// one created asleep. Their user data is 100 plus their number.
    static func spinningBoxes() throws -> (World, [BodyID]) {
        let world = try makeWorld(gravity: 10)
        var ids: [BodyID] = []
        for k in 0..<12 {
            var definition = BodyDefinition(type: .dynamic, position: Vec2(Float(k) * 3, 5), angle: 0.1 * Float(k))
            definition.userData = UInt64(100 + k)
            definition.angularVelocity = 1 + Float(k)
            definition.isAwake = k % 3 != 0
            let body = try world.createBody(definition)
            try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.25, center: Vec2(0.4, 0.2))))
            ids.append(body)
        }
        return (world, ids)
    }

    @Test("the view gives each awake body's origin, rotation and user data, as awakeBodyPose(at:) and transform(of:) do")
    func matchesPerBodyReads() throws {
        let (world, ids) = try Self.spinningBoxes()
        for _ in 0..<30 { world.step(1.0 / 60) }
        #expect(world.awakeBodyCount == 8)
        let seen = world.withAwakeBodyPoses { poses -> Set<UInt64> in
            #expect(poses.count == world.awakeBodyCount)
            var seen = Set<UInt64>()
            for i in 0..<poses.count {
                let pose = world.awakeBodyPose(at: i)
                let xf = world.transform(of: pose.body)
                // The origin, not the centre of mass (0.45 m away from it on these boxes).
                #expect(poses.position(at: i) == xf.position && poses.position(at: i) == pose.position)
                #expect(poses.rotation(at: i) == xf.rotation && poses.rotation(at: i) == pose.rotation)
                #expect(poses.userData(at: i) == world.userData(of: pose.body))
                seen.insert(poses.userData(at: i))
            }
            return seen
        }
        let awake = ids.indices.filter { $0 % 3 != 0 }.map { UInt64(100 + $0) }
        #expect(seen == Set(awake))
    }

    @Test("a body woken inside the view joins the awake bodies after those the view covers")
    func wakingInsideKeepsTheView() throws {
        let (world, ids) = try Self.spinningBoxes()
        world.step(1.0 / 60)
        let before = (0..<world.awakeBodyCount).map { world.awakeBodyPose(at: $0) }
        world.withAwakeBodyPoses { poses in
            world.wake(ids[0])
            world.wake(ids[3])
            #expect(world.awakeBodyCount == before.count + 2)
            #expect(poses.count == before.count)
            for i in 0..<poses.count {
                #expect(poses.userData(at: i) == before[i].userData && poses.position(at: i) == before[i].position)
            }
        }
    }

    struct Stop: Error {}

    @Test("an error thrown inside the view reaches the caller, with its type")
    func errorReachesCaller() throws {
        let (world, _) = try Self.spinningBoxes()
        #expect(throws: Stop.self) {
            try world.withAwakeBodyPoses { poses throws(Stop) in
                if poses.count > 0 { throw Stop() }
            }
        }
    }

    @Test("an index outside 0..<count stops the program, as awakeBodyPose(at:) does")
    func indexOutOfRange() async {
        await #expect(processExitsWith: .failure) {
            let (world, _) = try Self.spinningBoxes()
            world.withAwakeBodyPoses { poses in _ = poses.position(at: poses.count) }
        }
        await #expect(processExitsWith: .failure) {
            let (world, _) = try Self.spinningBoxes()
            world.withAwakeBodyPoses { poses in _ = poses.rotation(at: -1) }
        }
    }
}

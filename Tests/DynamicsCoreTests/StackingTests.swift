import Testing
import DynamicsCore

@Suite("Stacking and sleep")
struct StackingTests {
    @Test("a stack of 10 boxes stands for 10 s and then sleeps")
    func stack() throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        var boxes: [BodyID] = []
        for i in 0..<10 { boxes.append(try addBox(world, at: Vec2(0, 0.5 + Float(i)))) }
        let top = boxes.last!
        let initial = world.position(of: top)
        // Soft contacts compress under load like stiff springs (about 3 cm over ten contacts);
        // let that settle for one second, then the stack must stand still.
        run(world, seconds: 1)
        #expect((world.position(of: top) - initial).length < 0.05, "settling compressed the stack by more than 5 cm")
        let start = world.position(of: top)
        var maxMove: Float = 0
        for _ in 0..<600 {
            world.step(1.0 / 60)
            maxMove = max(maxMove, (world.position(of: top) - start).length)
        }
        #expect(maxMove < 0.01, "top box moved \(maxMove) m (1 % of its size is 0.01 m)")
        #expect(world.awakeBodyCount == 0, "\(world.awakeBodyCount) bodies still awake")
    }

    @Test("a 20-row pyramid stands for 10 s and then sleeps")
    func pyramid() throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        let rows = 20
        var top: BodyID?
        for row in 0..<rows {
            let count = rows - row
            for i in 0..<count {
                let x = (Float(i) - Float(count - 1) / 2) * 1.0
                top = try addBox(world, at: Vec2(x, 0.5 + Float(row)))
            }
        }
        let initial = world.position(of: top!)
        run(world, seconds: 1)
        #expect((world.position(of: top!) - initial).length < 0.05, "settling compressed the pyramid by more than 5 cm")
        let start = world.position(of: top!)
        var maxMove: Float = 0
        for _ in 0..<600 {
            world.step(1.0 / 60)
            maxMove = max(maxMove, (world.position(of: top!) - start).length)
        }
        #expect(maxMove < 0.01, "top box moved \(maxMove) m")
        #expect(world.awakeBodyCount == 0, "\(world.awakeBodyCount) bodies still awake")
    }

    @Test("a sleeping pile wakes when something lands on it")
    func wakesOnContact() throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        let bottom = try addBox(world, at: Vec2(0, 0.5))
        run(world, seconds: 2)
        #expect(!world.isAwake(bottom))
        let dropped = try addBox(world, at: Vec2(0, 5))
        // It falls 3.5 m (0.84 s) and lands on the sleeping box, which must wake and hold it.
        run(world, seconds: 1.2)
        #expect(world.isAwake(bottom))
        #expect(abs(world.position(of: dropped).y - 1.5) < 0.05)
        run(world, seconds: 3)
        #expect(world.awakeBodyCount == 0)
    }
}

import Testing
import DynamicsCore

/// A body woken in the middle of a step (a contact that starts touching it wakes it in the
/// narrowphase's serial pass) keeps its contacts with the static world in that very step.
@Suite("Contacts of a body woken mid-step")
struct WakeContactTests {
    /// A thin plank asleep on the ground is struck by a heavy box falling at 6 m/s, which starts
    /// 6 cm above it: more than the speculative distance, so that the contact between them starts
    /// touching only once they overlap, in the step the plank wakes. Without its ground contact in
    /// that step, the strike drives the plank into the ground.
    @Test("a sleeping plank struck from above does not sink into the ground in the step it wakes")
    func struckPlankHoldsTheGround() throws {
        let world = try makeWorld(gravity: 10, sleep: true)
        try addGround(world)
        let plank = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 0.05)))
        try world.createShape(on: plank, ShapeDefinition(.box(halfWidth: 1, halfHeight: 0.05)))
        for _ in 0..<240 where world.isAwake(plank) { world.step(1.0 / 60) }
        #expect(!world.isAwake(plank), "the plank should have fallen asleep")
        var falling = BodyDefinition(type: .dynamic, position: Vec2(0, 0.1 + 0.06 + 0.6))
        falling.linearVelocity = Vec2(0, -6)
        let box = try world.createBody(falling)
        try world.createShape(on: box, ShapeDefinition(.box(halfWidth: 0.6, halfHeight: 0.6), density: 5))
        var lowest = world.position(of: plank).y
        for _ in 0..<20 {
            world.step(1.0 / 60)
            lowest = min(lowest, world.position(of: plank).y)
        }
        // The soft contacts give a little under the 36 kg box's strike (the plank's centre went
        // down to 0.028 m); without its ground contact in the wake step, to −0.045, through the
        // ground's surface.
        #expect(lowest > 0.05 - 0.03, "the plank's centre went down to \(lowest) m")
        #expect(world.isAwake(plank))
    }
}

import Testing
import DynamicsCore

@Suite("Restitution")
struct RestitutionTests {
    /// Drops a ball from `height` (bottom above the ground) and returns the highest bottom after the first bounce.
    func bounceHeight(restitution: Float, height: Float) throws -> Float {
        let world = try makeWorld(gravity: 10, subSteps: 4)
        try addGround(world, restitution: restitution)
        let radius: Float = 0.25
        let ball = try addBall(world, at: Vec2(0, height + radius), radius: radius, restitution: restitution)
        var bounced = false
        var peak: Float = 0
        for _ in 0..<(60 * 8) {
            world.step(1.0 / 60)
            let vy = world.linearVelocity(of: ball).y
            if !bounced && vy > 0 { bounced = true }
            if bounced {
                peak = max(peak, world.position(of: ball).y - radius)
                if vy < 0 { break }
            }
        }
        return peak
    }

    /// Restitution reverses the approach speed at the start of the impact step, which is up to
    /// g·dt below the speed at impact: the peak lies between e²h·(1 − g·dt/v)² and e²h, v = √(2gh).
    /// Half a per cent on either side is left for the soft contact and the step's phase.
    @Test("rises to e² of the drop height, less what the last step's gravity adds", arguments: [Float(0.5), 0.8])
    func risesToESquared(e: Float) throws {
        let height: Float = 10, g: Float = 10, dt: Float = 1.0 / 60
        let peak = try bounceHeight(restitution: e, height: height)
        let expected = e * e * height
        let lag = g * dt / (2 * g * height).squareRoot()
        let lowest = expected * (1 - lag) * (1 - lag) * 0.995, highest = expected * 1.005
        #expect(peak >= lowest && peak <= highest, "peak \(peak), expected \(lowest)...\(highest)")
    }

    @Test("an impact slower than 1 m/s does not bounce")
    func belowThreshold() throws {
        // Falling 0.04 m gives about 0.89 m/s at impact.
        let peak = try bounceHeight(restitution: 1, height: 0.04)
        #expect(peak < 0.002, "peak \(peak)")
    }
}

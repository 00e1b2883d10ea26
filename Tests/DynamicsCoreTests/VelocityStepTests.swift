import Testing
@testable import DynamicsCore

/// The sub-steps integrate velocities from each body's `VelocityStep`, worked out once per step,
/// instead of from its record: the velocities must come out with the same bits.
@Suite("Velocity steps")
struct VelocityStepTests {
    @Test("integrating from the velocity steps gives the same bits as from the body records", arguments: [1, 2, 3])
    func sameBitsAsRecords(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func unit() -> Float { Float(random.next() >> 40) / Float(1 << 24) }
        func signed(_ scale: Float) -> Float { (unit() * 2 - 1) * scale }
        var sims: [BodySim] = [], states: [BodyState] = []
        for b in 0..<64 {
            // Kinematic bodies, fixed rotation, damping and forces in every combination; some
            // speeds past the per-sub-step caps.
            let dynamic = b % 7 != 0
            let invMass: Float = dynamic ? 0.1 + unit() : 0, invInertia: Float = dynamic ? 0.2 + unit() : 0
            sims.append(BodySim(center: .zero, rotation: .identity, localCenter: .zero,
                                mass: dynamic ? 1 / invMass : 0, invMass: invMass,
                                inertia: dynamic ? 1 / invInertia : 0, invInertia: invInertia,
                                linearDamping: b % 3 == 0 ? 0 : 2 * unit(), angularDamping: b % 4 == 0 ? 0 : 3 * unit(),
                                gravityScale: b % 5 == 0 ? -0.5 : 1, force: Vec2(signed(40), signed(40)), torque: signed(20),
                                sleepTime: 0, minExtent: 0.1, maxExtent: 1, type: dynamic ? .dynamic : .kinematic,
                                fixedRotation: b % 6 == 1, allowSleep: true))
            let fast: Float = b % 9 == 0 ? 2_000 : 5
            states.append(BodyState(linearVelocity: Vec2(signed(fast), signed(fast)), angularVelocity: signed(fast * 10),
                                    inverseMass: invMass, deltaPosition: .zero, deltaRotation: .identity))
        }
        let h: Float = 1.0 / 240, gravity = Vec2(0.5, -9.8)
        let steps = sims.map { VelocityStep($0, gravity: gravity, h: h) }
        let fromRecords = Self.integrated(states, sims, steps: nil, gravity: gravity, h: h)
        let fromSteps = Self.integrated(states, sims, steps: steps, gravity: gravity, h: h)
        var differing: [String] = []
        for i in 0..<states.count {
            let a = fromRecords[i], b = fromSteps[i]
            if a.linearVelocity.x.bitPattern != b.linearVelocity.x.bitPattern || a.linearVelocity.y.bitPattern != b.linearVelocity.y.bitPattern
                || a.angularVelocity.bitPattern != b.angularVelocity.bitPattern {
                differing.append("body \(i): \(a.linearVelocity), \(a.angularVelocity) vs \(b.linearVelocity), \(b.angularVelocity)")
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // The scene moved: forces, damping and caps were all at work.
        #expect(zip(states, fromSteps).filter { $0.linearVelocity != $1.linearVelocity }.count > states.count / 2)
    }

    /// `states` after four sub-steps' velocity integration of the bodies `sims`: from the velocity
    /// steps `steps`, or (nil) from the records, as with fields acting whose forces are all zero.
    static func integrated(_ states: [BodyState], _ sims: [BodySim], steps: [VelocityStep]?, gravity: Vec2, h: Float) -> [BodyState] {
        var states = states, sims = sims
        let velocitySteps = steps ?? sims.map { VelocityStep($0, gravity: gravity, h: h) }
        let zeroForces = [Vec2](repeating: .zero, count: sims.count)
        states.withUnsafeMutableBufferPointer { states in
            sims.withUnsafeMutableBufferPointer { sims in
                velocitySteps.withUnsafeBufferPointer { velocitySteps in
                    zeroForces.withUnsafeBufferPointer { zeroForces in
                        let integrator = Integrator(states: states.baseAddress!, sims: sims.baseAddress!, gravity: gravity, h: h,
                                                    maxTranslation: 4, maxRotation: 0.25 * .pi,
                                                    fieldForces: steps == nil ? zeroForces.baseAddress! : nil,
                                                    velocitySteps: velocitySteps.baseAddress!)
                        for _ in 0..<4 { integrator.integrateVelocities(0..<sims.count) }
                    }
                }
            }
        }
        return states
    }
}

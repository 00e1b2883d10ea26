import CKernelSupport
import Testing
@testable import DynamicsCore

/// The sub-steps integrate velocities from each body's `VelocityStep`, worked out once per step,
/// instead of from its record: the velocities must come out with the same bits.
@Suite("Velocity steps")
struct VelocityStepTests {
    @Test("integrating from the velocity steps gives the same bits as from the body records", arguments: [1, 2, 3])
    func sameBitsAsRecords(seed: UInt64) {
        let (sims, states) = Self.scene(seed: seed)
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

    /// 67 bodies: kinematic ones, fixed rotation, damping and forces in every combination, some
    /// speeds past the per-sub-step caps, and some not turning at all (whose rotation change, not
    /// of unit length here, must not be normalised).
    static func scene(seed: UInt64) -> ([BodySim], [BodyState]) {
        var random = SplitMix64(seed: seed)
        func unit() -> Float { Float(random.next() >> 40) / Float(1 << 24) }
        func signed(_ scale: Float) -> Float { (unit() * 2 - 1) * scale }
        var sims: [BodySim] = [], states: [BodyState] = []
        for b in 0..<67 {
            let dynamic = b % 7 != 0
            let invMass: Float = dynamic ? 0.1 + unit() : 0, invInertia: Float = dynamic ? 0.2 + unit() : 0
            sims.append(BodySim(center: .zero, rotation: .identity, localCenter: .zero,
                                mass: dynamic ? 1 / invMass : 0, invMass: invMass,
                                inertia: dynamic ? 1 / invInertia : 0, invInertia: invInertia,
                                linearDamping: b % 3 == 0 ? 0 : 2 * unit(), angularDamping: b % 4 == 0 ? 0 : 3 * unit(),
                                gravityScale: b % 5 == 0 ? -0.5 : 1, force: Vec2(signed(40), signed(40)), torque: signed(20),
                                sleepTime: 0, minExtent: 0.1, maxExtent: 1, type: dynamic ? .dynamic : .kinematic,
                                fixedRotation: b % 6 == 1, allowSleep: true, hasCollidingShapes: true))
            let fast: Float = b % 9 == 0 ? 2_000 : 5
            states.append(BodyState(linearVelocity: Vec2(signed(fast), signed(fast)), angularVelocity: b % 8 == 2 ? 0 : signed(fast * 10),
                                    inverseMass: invMass, deltaPosition: .zero, deltaRotation: Rotation(cosine: 0.6 + 0.01 * unit(), sine: 0.8)))
        }
        return (sims, states)
    }

    @Test("the C side of a velocity step has the Swift layout")
    func layout() {
        #expect(MemoryLayout<VelocityStep>.stride == MemoryLayout<dynamics_velocity_step>.stride)
        #expect(MemoryLayout<VelocityStep>.offset(of: \.linear) == MemoryLayout<dynamics_velocity_step>.offset(of: \.linearX))
        #expect(MemoryLayout<VelocityStep>.offset(of: \.angular) == MemoryLayout<dynamics_velocity_step>.offset(of: \.angular))
        #expect(MemoryLayout<VelocityStep>.offset(of: \.linearFactor) == MemoryLayout<dynamics_velocity_step>.offset(of: \.linearFactor))
        #expect(MemoryLayout<VelocityStep>.offset(of: \.angularFactor) == MemoryLayout<dynamics_velocity_step>.offset(of: \.angularFactor))
        #expect(MemoryLayout<VelocityStep>.offset(of: \.flags) == MemoryLayout<dynamics_velocity_step>.offset(of: \.flags))
    }

    /// At the AVX level the velocity steps and the positions are integrated eight bodies at a time
    /// in C; every byte of every state must be as the Swift loop leaves it, for ranges of any
    /// length and start (the last bodies of a range go one at a time).
    @Test("eight bodies at once give the bits of one at a time", .enabled(if: Integrator.integratesEightAtOnce),
          arguments: [0..<67, 3..<20, 5..<12, 60..<67, 8..<8])
    func eightAtOnce(range: Range<Int>) {
        let (sims, states) = Self.scene(seed: UInt64(range.lowerBound * 100 + range.upperBound))
        let h: Float = 1.0 / 240, gravity = Vec2(0.5, -9.8)
        let steps = sims.map { VelocityStep($0, gravity: gravity, h: h) }
        let wide = Self.integrated(states, sims, steps: steps, gravity: gravity, h: h, eightAtOnce: true, range: range, positions: true)
        let one = Self.integrated(states, sims, steps: steps, gravity: gravity, h: h, eightAtOnce: false, range: range, positions: true)
        let differing = (0..<states.count).filter { i in
            withUnsafeBytes(of: wide[i]) { a in withUnsafeBytes(of: one[i]) { b in !a.elementsEqual(b) } }
        }
        #expect(differing.isEmpty, "bodies \(differing.prefix(8)) differ")
        // Outside the range nothing moved; inside it, the velocities, positions and rotations did.
        let outside = (0..<states.count).filter { !range.contains($0) }
        #expect(outside.allSatisfy { i in withUnsafeBytes(of: wide[i]) { a in withUnsafeBytes(of: states[i]) { a.elementsEqual($0) } } })
        if !range.isEmpty {
            #expect(range.filter { wide[$0].deltaRotation != states[$0].deltaRotation }.count > range.count / 2)
            #expect(range.filter { wide[$0].deltaPosition != states[$0].deltaPosition }.count > range.count / 2)
        }
    }

    /// `states` after four sub-steps' velocity integration of the bodies `sims` (of those in `range`,
    /// all by default; with `positions`, each sub-step integrates their positions too): from the
    /// velocity steps `steps`, or (nil) from the records, as with fields acting whose forces are all
    /// zero; eight at a time in C or one at a time in Swift as `eightAtOnce` says.
    static func integrated(_ states: [BodyState], _ sims: [BodySim], steps: [VelocityStep]?, gravity: Vec2, h: Float,
                           eightAtOnce: Bool = Integrator.integratesEightAtOnce, range: Range<Int>? = nil,
                           positions: Bool = false) -> [BodyState] {
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
                                                    velocitySteps: velocitySteps.baseAddress!, eightAtOnce: eightAtOnce)
                        for _ in 0..<4 {
                            integrator.integrateVelocities(range ?? 0..<sims.count)
                            if positions { integrator.integratePositions(range ?? 0..<sims.count, backend: .swift) }
                        }
                    }
                }
            }
        }
        return states
    }
}

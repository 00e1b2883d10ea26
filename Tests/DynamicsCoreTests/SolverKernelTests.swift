import Testing
import DynamicsCore

/// The contact passes are compiled for the baseline and for AVX (eight lanes, two blocks at once);
/// whichever runs, the world must come out with the same bits.
@Suite("Solver kernels compute the same bits", .serialized)
struct SolverKernelTests {
    /// A scene that reaches every branch of the contact passes: a pyramid (full and partial
    /// blocks, many colours), boxes thrown flat onto the ground at up to 41 m/s (two-point impacts
    /// that need the extra sweeps, next to blocks that do not), bouncy boxes (the restitution pass)
    /// and balls (one-point lanes); and a spring joint between two of the thrown boxes, beside
    /// which the contacts' warm start is carried while the joint's changes are left out
    /// (`VelocityCarry`, in C and in Swift).
    static func scene(workers: Int) throws -> World {
        let world = try makeWorld(workers: workers)
        try addGround(world, restitution: 0.5)
        for row in 0..<10 {
            for i in 0..<(10 - row) {
                try addBox(world, at: Vec2(-20 + Float(i) + Float(row) / 2, 0.5 + Float(row)))
            }
        }
        var thrown: [BodyID] = []
        for i in 0..<13 {
            let box = try addBox(world, at: Vec2(2 + 1.5 * Float(i), 2 + Float(i % 4)), restitution: i % 3 == 0 ? 0.8 : 0)
            try world.setLinearVelocity(Vec2(0, -Float(5 + 3 * i)), of: box)
            thrown.append(box)
            let ball = try addBall(world, at: Vec2(2.5 + 1.5 * Float(i), 8 + Float(i % 3)), restitution: i % 2 == 0 ? 0.6 : 0)
            try world.setLinearVelocity(Vec2(Float(i % 5) - 2, -Float(2 * i)), of: ball)
        }
        var spring = DistanceJointDefinition(bodyA: thrown[1], bodyB: thrown[2], length: 2)
        spring.enableSpring = true
        spring.hertz = 4
        try world.createDistanceJoint(spring)
        return world
    }

    static func finalHash(_ kernel: SolverKernel, workers: Int) throws -> UInt64 {
        #expect(SolverKernel.select(kernel) == kernel)
        let world = try scene(workers: workers)
        run(world, seconds: 2)
        return world.stateHash()
    }

    @Test("the AVX kernel and the baseline give the same state hash, on one worker and on two",
          .enabled(if: SolverKernel.best == .avx, "this processor has no AVX"))
    func sameBits() throws {
        defer { SolverKernel.select(.best) }
        for workers in [1, 2] {
            let baseline = try Self.finalHash(.baseline, workers: workers)
            let avx = try Self.finalHash(.avx, workers: workers)
            #expect(baseline == avx, "\(workers) worker(s): baseline \(baseline), avx \(avx)")
        }
    }

    @Test("asking for a kernel the processor lacks falls back to the best it has; the baseline is always there")
    func selectFallsBack() {
        defer { SolverKernel.select(.best) }
        #expect(SolverKernel.select(.avx) == SolverKernel.best)
        #expect(SolverKernel.current == SolverKernel.best)
        #expect(SolverKernel.select(.baseline) == .baseline)
        #expect(SolverKernel.current == .baseline)
    }
}

import Testing
@testable import DynamicsCore

/// The relax pass of every sub-step but the last caps what each contact point carries into the
/// next sub-step (`World.warmStartGrowth`): the wide passes and the scalar ones (the overflow
/// colour's) must cap the same lanes to the same impulses and take the same amounts off the
/// bodies' carried rows.
@Suite("Warm start cap between sub-steps")
struct WarmStartCapTests {
    @Test("the capping relax pass agrees with the scalar one: impulses, velocities and carried rows",
          arguments: [3, 7, 11])
    func agreeWithScalar(seed: UInt64) {
        let scene = RandomSolverInputs(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        scene.withKernel { kernel, sources, restingIndex in
            let constraints = sources.map(kernel.prepare)
            let lanes = WidePassTests.disjointLanes(constraints)
            let pairCount = lanes.count
            let wide = WidePassTests.layOut(constraints, lanes, restingIndex: restingIndex)
            defer { wide.deallocate() }
            var scalarStates = scene.states, wideStates = scene.states
            // Rows that differ body by body, one for every state and the resting one. The resting
            // state's row, which lanes without a movable body name on every thread, must never be
            // written (two threads would write it at once): its −0s would turn +0 where a zero is
            // added to them.
            var rows = (0..<scene.states.count).map { SIMD4<Float>(Float($0), -Float($0), 0.5 * Float($0), 0) }
            let resting = Int(restingIndex)
            rows[resting] = SIMD4(repeating: -0.0)
            var scalarRows = rows, wideRows = rows
            var scalar = constraints
            var mismatches: [String] = []
            scalarStates.withUnsafeMutableBufferPointer { scalarBuffer in
                wideStates.withUnsafeMutableBufferPointer { wideBuffer in
                    scalarRows.withUnsafeMutableBufferPointer { scalarCarried in
                        wideRows.withUnsafeMutableBufferPointer { wideCarried in
                            var scalarContext = kernel.context
                            scalarContext.pushMaxVelocity = 1000
                            var wideContext = scalarContext
                            scalarContext.states = scalarBuffer.baseAddress!
                            wideContext.states = wideBuffer.baseAddress!
                            for pass in [ContactPass.warmStart, .solve, .cappingRelax] {
                                var s = scalarContext, w = wideContext
                                if pass == .cappingRelax {
                                    // Small, so that the solve's growth goes over them in many lanes.
                                    s.warmStartGrowth = 1.25; w.warmStartGrowth = 1.25
                                    s.warmStartFloor = 0.05; w.warmStartFloor = 0.05
                                    s.carried = scalarCarried.baseAddress!; w.carried = wideCarried.baseAddress!
                                }
                                scalar.withUnsafeMutableBufferPointer { base in
                                    for members in lanes { for m in members { pass.run(over: base.baseAddress!, m..<m + 1, s) } }
                                }
                                wide.kernel(pass, context: w, keepLargestImpulses: false, prefetchesPairs: false)
                                    .run(0..<pairCount)
                                mismatches += WidePassTests.compare(pass, scalarBuffer, wideBuffer, scalar, wide.pairs, wide.seconds,
                                                                    lanes)
                            }
                        }
                    }
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
            for i in rows.indices {
                let e = scalarRows[i], a = wideRows[i]
                #expect(abs(e.x - a.x) <= 1e-4 * max(1, abs(e.x)) && abs(e.y - a.y) <= 1e-4 * max(1, abs(e.y))
                        && abs(e.z - a.z) <= 1e-4 * max(1, abs(e.z)), "carried row \(i): \(e) vs \(a)")
            }
            // The cap held: no point carries more than 1.25 times its manifold's normal impulse at
            // the step start or 0.05 times its effective mass, and friction stays within the cone of
            // the capped impulse.
            var capped = 0
            for (k, before) in zip(scalar, constraints) {
                let start = before.point0.normalImpulse + before.secondPoint.normalImpulse
                for p in [k.point0, k.secondPoint] {
                    let cap = max(1.25 * start, 0.05 * p.normalMass)
                    #expect(p.normalImpulse <= cap)
                    #expect(abs(p.tangentImpulse) <= k.friction * p.normalImpulse)
                    if p.normalImpulse == cap && cap > 0 { capped += 1 }
                }
            }
            #expect(capped > 0, "no point reached the cap: the cap was not exercised")
            let restingBits = [wideRows[resting].x, wideRows[resting].y, wideRows[resting].z, wideRows[resting].w].map(\.bitPattern)
            #expect(restingBits == Array(repeating: (-0.0 as Float).bitPattern, count: 4), "the resting row was written")
            #expect(constraints.contains { $0.denseA < 0 || $0.denseB < 0 }, "no lane names the resting state")
            #expect(rows.indices.contains { scalarRows[$0] != rows[$0] }, "no carried row changed")
        }
    }

    /// The control for `StackingTests.impactChainDoesNotBounce`: with the cap off, the same landing
    /// throws the box back up, so that test's scene does exercise the cap.
    @Test("without the cap, a box landing at 8 m/s on a box on the ground rises again")
    func reboundWithoutCap() throws {
        let world = try makeWorld(gravity: 10, sleep: false)
        world.warmStartGrowth = 0
        try addGround(world)
        try addBox(world, at: Vec2(0, 0.5))
        run(world, seconds: 1)
        let dropped = try addBox(world, at: Vec2(0, 5))
        var highestAfterImpact: Float = 0, landed = false
        for _ in 0..<120 {
            world.step(1.0 / 60)
            if world.linearVelocity(of: dropped).y > -0.5 && world.position(of: dropped).y < 2 { landed = true }
            if landed { highestAfterImpact = max(highestAfterImpact, world.position(of: dropped).y) }
        }
        #expect(landed)
        #expect(highestAfterImpact > 1.53, "rose only to \(highestAfterImpact) m")
    }
}

import Foundation
import Testing
@testable import DynamicsCore

/// Pairs whose lanes all began the step speculative (points separated, nothing to warm start)
/// are marked by the preparation, and the solve and relax passes skip such a pair while solving
/// it would change nothing (`World.skipsSpeculativePairs`). The skip must never change a bit.
@Suite("Speculative pairs")
struct SpeculativePairTests {
    /// The speculative contacts of `scene`, prepared and laid out in pairs of lanes that share no
    /// body, with each pair's byte as the preparation would mark it.
    static func speculativePairs(_ scene: RandomSolverInputs, _ kernel: PrepareContactsKernel, _ sources: [SolverSource],
                                 restingIndex: Int32) -> (arrays: WideArrays, count: Int, bytes: [UInt8]) {
        let constraints = sources.filter { scene.speculative.contains(Int($0.contact)) }.map(kernel.prepare)
        let lanes = WidePassTests.disjointLanes(constraints)
        let arrays = WidePassTests.layOut(constraints, lanes, restingIndex: restingIndex)
        let bytes = lanes.map { members in
            BlockShape(twoPoints: members.contains { constraints[$0].pointCount > 1 }, speculative: true).pairByte
        }
        return (arrays, lanes.count, bytes)
    }

    /// The same speculative pairs solved twice, marked (and skipped where idle) and unmarked. At
    /// a hundredth of the random velocities no point closes within a sub-step, so every marked
    /// pair is skipped and must keep the bits a solve gives it (a friction impulse clamped to zero
    /// is +0, as the skip leaves it); at full speed many close and their pairs are solved. Scaled
    /// by −0, every velocity is a zero, half of them −0, which a solve adding a zero may turn into
    /// +0: a pair with such a body is solved, not skipped.
    @Test("marked pairs end with the bits of unmarked ones", arguments: [3, 7, 11], [Float(0.01), 1, -0.0])
    func sameBitsAsSolved(seed: UInt64, speedScale: Float) {
        var scene = RandomSolverInputs(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        for i in scene.states.indices {
            scene.states[i].linearVelocity *= speedScale
            scene.states[i].angularVelocity *= speedScale
        }
        scene.withKernel { kernel, sources, restingIndex in
            let sides = (0..<2).map { _ in Self.speculativePairs(scene, kernel, sources, restingIndex: restingIndex) }
            defer { for side in sides { side.arrays.deallocate() } }
            let count = sides[0].count, bytes = sides[0].bytes
            let plain = bytes.map { BlockShape(pairByte: $0).twoPoints ? UInt8(2) : 1 }
            var states = [scene.states, scene.states]
            var solvedLanes = 0
            bytes.withUnsafeBufferPointer { marked in
                plain.withUnsafeBufferPointer { unmarked in
                    for pass in [ContactPass.warmStart, .solve, .relax, .solve, .relax, .restitution] {
                        for side in 0..<2 {
                            states[side].withUnsafeMutableBufferPointer { buffer in
                                var context = kernel.context
                                context.states = buffer.baseAddress!
                                sides[side].arrays.kernel(pass, context: context,
                                                          pointCounts: side == 0 ? marked.baseAddress! : unmarked.baseAddress!,
                                                          keepLargestImpulses: true, prefetchesPairs: false,
                                                          skipsSpeculativePairs: side == 0)
                                    .run(0..<count)
                            }
                        }
                        let sameStates = states[0].withUnsafeBytes { a in states[1].withUnsafeBytes { b in a.elementsEqual(b) } }
                        let samePairs = memcmp(sides[0].arrays.pairs, sides[1].arrays.pairs,
                                               count * MemoryLayout<WideContactPair>.stride) == 0
                        let sameSeconds = memcmp(sides[0].arrays.seconds, sides[1].arrays.seconds,
                                                 count * MemoryLayout<WidePointPair>.stride) == 0
                        #expect(sameStates && samePairs && sameSeconds,
                                "after \(pass): states \(sameStates), pairs \(samePairs), second points \(sameSeconds)")
                    }
                }
            }
            for k in 0..<count {
                let pair = sides[0].arrays.pairs[k]
                for lane in 0..<8 where pair.point0.normalImpulse[lane] > 0 { solvedLanes += 1 }
            }
            if speedScale < 1 {
                #expect(solvedLanes == 0, "a point closed at \(speedScale) of the speed: the skip was not exercised")
            } else {
                #expect(solvedLanes > 0, "no speculative point closed: the solve of a marked pair was not exercised")
            }
        }
    }

    /// Bodies at rest and points apart: every marked pair stays idle. The effective masses of its
    /// points are poisoned with NaN, which a solve would spread into the impulses and velocities.
    @Test("a marked pair whose points stay apart is not solved at all")
    func idlePairsAreSkipped() {
        var scene = RandomSolverInputs(seed: 0x5EED)
        for i in scene.states.indices {
            scene.states[i].linearVelocity = .zero
            scene.states[i].angularVelocity = 0
        }
        scene.withKernel { kernel, sources, restingIndex in
            let (arrays, count, bytes) = Self.speculativePairs(scene, kernel, sources, restingIndex: restingIndex)
            defer { arrays.deallocate() }
            let poison = SIMD8<Float>(repeating: .nan)
            for k in 0..<count {
                let first = arrays.pairs[k].point0.normalMass, second = arrays.seconds[k].normalMass
                arrays.pairs[k].point0.normalMass = first.replacing(with: poison, where: first .> 0)
                arrays.seconds[k].normalMass = second.replacing(with: poison, where: second .> 0)
            }
            var states = scene.states
            bytes.withUnsafeBufferPointer { marked in
                states.withUnsafeMutableBufferPointer { buffer in
                    var context = kernel.context
                    context.states = buffer.baseAddress!
                    for pass in [ContactPass.solve, .relax, .solve, .relax] {
                        arrays.kernel(pass, context: context, pointCounts: marked.baseAddress!, keepLargestImpulses: true,
                                      prefetchesPairs: false)
                            .run(0..<count)
                    }
                }
            }
            let unchanged = states.withUnsafeBytes { a in scene.states.withUnsafeBytes { b in a.elementsEqual(b) } }
            #expect(unchanged, "a skipped pair changed a body's state")
            for k in 0..<count {
                #expect(arrays.pairs[k].point0.normalImpulse == .zero && arrays.pairs[k].point0.tangentImpulse == .zero,
                        "pair \(k) was solved")
            }
        }
    }

    /// A bin of balls and boxes dropped in, a 20-row pyramid beside it, and a block of balls 1 cm
    /// apart falling together onto the ground: in its fall every contact of the block is
    /// speculative and idle, and from its landing many speculative lanes close.
    static func scene(workers: Int, skips: Bool) throws -> World {
        let world = try makeWorld(workers: workers)
        world.skipsSpeculativePairs = skips
        try addGround(world, halfWidth: 100)
        try addBin(world, wallHeight: 8)
        for row in 0..<20 {
            let count = 20 - row
            for i in 0..<count { try addBox(world, at: Vec2(40 + Float(i) - Float(count - 1) / 2, 0.5 + Float(row))) }
        }
        try addBinLoad(world)
        for i in 0..<400 { try addBall(world, at: Vec2(-60 + Float(i % 20) * 0.51, 3 + Float(i / 20) * 0.51)) }
        return world
    }

    /// The bodies' states and the contacts' impulses, bit for bit, after every step.
    @Test("a world steps to the same bits with and without skipping, on 1 and 2 threads", arguments: [1, 2])
    func sameBitsInWorld(workers: Int) throws {
        let skipping = try Self.scene(workers: workers, skips: true), solving = try Self.scene(workers: workers, skips: false)
        var markedPairs = 0
        for step in 0..<150 {
            skipping.step(1.0 / 60)
            solving.step(1.0 / 60)
            for k in 0..<skipping.widePointCounts.count where BlockShape(pairByte: skipping.widePointCounts.base[k]).speculative {
                markedPairs += 1
            }
            #expect(skipping.stateHash() == solving.stateHash(), "step \(step)")
            let sameImpulses = skipping.contactImpulses.count == solving.contactImpulses.count
                && memcmp(skipping.contactImpulses.base, solving.contactImpulses.base,
                          skipping.contactImpulses.count * MemoryLayout<ContactImpulses>.stride) == 0
            #expect(sameImpulses, "contact impulses after step \(step)")
        }
        #expect(markedPairs > 1_000, "too few speculative pairs to exercise the skip (\(markedPairs) in 150 steps)")
    }
}

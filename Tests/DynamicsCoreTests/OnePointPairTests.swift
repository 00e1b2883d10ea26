import Foundation
import Testing
@testable import DynamicsCore

/// Wide pairs none of whose lanes has a second point are solved without it
/// (`PrepareWideBlocksKernel`, the passes' `pointCounts`).
@Suite("One-point pairs")
struct OnePointPairTests {
    /// The one-point side's second points are poisoned with NaNs after the lanes are written: a
    /// pass that read one would spread them into the states, and one that wrote one would change
    /// them.
    @Test("the one-point path solves a pair of one-point contacts to the bits of the two-point path, never touching its second point",
          arguments: [5, 9, 13])
    func sameBitsAsTwoPoints(seed: UInt64) {
        let scene = RandomSolverInputs(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        scene.withKernel { kernel, sources, restingIndex in
            let constraints = sources.map(kernel.prepare).filter { $0.pointCount == 1 }
            #expect(constraints.count >= 8, "too few one-point contacts to fill a pair")
            let lanes = WidePassTests.disjointLanes(constraints)
            let pairCount = lanes.count
            // Side 0 runs the two-point path (no counts), side 1 the one-point path.
            let sides = (0..<2).map { _ in WideArrays(count: pairCount) }
            defer { for side in sides { side.deallocate() } }
            let pairs = sides.map(\.pairs), seconds = sides.map(\.seconds), extras = sides.map(\.extras)
            let onePoint = [UInt8](repeating: 1, count: pairCount)
            for side in 0..<2 {
                for (p, members) in lanes.enumerated() {
                    for lane in 0..<8 {
                        let k = lane < members.count ? constraints[members[lane]] : .unused
                        sides[side].block(2 * p + lane / 4).setLane(lane % 4, k, restingIndex: restingIndex)
                    }
                }
            }
            let secondBytes = pairCount * MemoryLayout<WidePointPair>.stride
            UnsafeMutableRawPointer(seconds[1]).initializeMemory(as: UInt8.self, repeating: 0xFF, count: secondBytes)
            var twoPointStates = scene.movedStates
            var onePointStates = twoPointStates
            onePoint.withUnsafeBufferPointer { counts in
                twoPointStates.withUnsafeMutableBufferPointer { twoStates in
                    onePointStates.withUnsafeMutableBufferPointer { oneStates in
                        for pass in [ContactPass.warmStart, .solve, .relax, .solve, .relax, .restitution] {
                            var context = kernel.context
                            context.states = twoStates.baseAddress!
                            sides[0].kernel(pass, context: context, keepLargestImpulses: true, prefetchesPairs: false).run(0..<pairCount)
                            context.states = oneStates.baseAddress!
                            sides[1].kernel(pass, context: context, pointCounts: counts.baseAddress!, keepLargestImpulses: true,
                                            prefetchesPairs: true)
                                .run(0..<pairCount)
                            let sameStates = memcmp(twoStates.baseAddress!, oneStates.baseAddress!,
                                                    twoStates.count * MemoryLayout<BodyState>.stride) == 0
                            let samePairs = memcmp(pairs[0], pairs[1], pairCount * MemoryLayout<WideContactPair>.stride) == 0
                            let sameExtras = memcmp(extras[0], extras[1], pairCount * MemoryLayout<WideContactExtra>.stride) == 0
                            let poisoned = UnsafeRawBufferPointer(start: seconds[1], count: secondBytes).allSatisfy { $0 == 0xFF }
                            #expect(sameStates && samePairs && sameExtras && poisoned,
                                    "after \(pass): states \(sameStates), pairs \(samePairs), extras \(sameExtras), second points untouched \(poisoned)")
                        }
                    }
                }
            }
            // The passes did something: the velocities moved from where they started.
            #expect(zip(scene.states, onePointStates).contains { $0.linearVelocity != $1.linearVelocity })
        }
    }

    @Test("in a pile of balls and boxes each pair's point count is its lanes' largest, and pairs of two come first in each colour's round",
          arguments: [1, 2])
    func pileCountsAndOrder(workers: Int) throws {
        let world = try makeWorld(workers: workers)
        try addBin(world, wallHeight: 8)
        for i in 0..<400 {
            let at = Vec2(Float(i % 20) * 1.2 - 11.5, 1.5 + Float(i / 20) * 1.1)
            if i % 3 == 0 { try addBox(world, at: at, half: 0.4, angle: 0.1 * Float(i % 7)) } else { try addBall(world, at: at, radius: 0.4) }
        }
        run(world, seconds: 2)
        let counts = world.widePointCounts.base, extras = world.wideExtras.base
        var ones = 0, twos = 0
        for k in 0..<world.widePointCounts.count {
            let lanes = extras[k].contactIndex
            var most: Int32 = 0
            for lane in 0..<8 where lanes[lane] >= 0 { most = max(most, world.solverManifolds.base[Int(lanes[lane])].pointCount) }
            let count: Int32 = BlockShape(pairByte: counts[k]).twoPoints ? 2 : 1
            #expect(count == min(2, most), "pair \(k): count \(count), its lanes' largest \(most)")
            if count == 1 { ones += 1 } else { twos += 1 }
        }
        #expect(ones > 0 && twos > 0, "the pile should have pairs of both kinds (one point: \(ones), two: \(twos))")
        // Within each colour's share of a round the pairs of two points come first.
        let rounds = ColorRounds(wideOffsets: world.wideOffsets.base)
        for color in 0..<rounds.colorCount {
            for r in 0..<rounds.count {
                let share = Array(rounds.pairs(of: color, inRound: r).map { BlockShape(pairByte: counts[$0]).twoPoints ? 2 : 1 })
                #expect(share == share.sorted(by: >), "colour \(color) round \(r): \(share)")
            }
        }
    }
}

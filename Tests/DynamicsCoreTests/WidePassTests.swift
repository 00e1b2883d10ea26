import Foundation
import Testing
@testable import DynamicsCore

/// The wide contact passes (CKernelSupport, at whichever kernel level is in use) against the
/// scalar passes of `ContactConstraint`, which the overflow colour runs: the same constraints,
/// the same bodies, pass after pass. The two add their terms in different orders, so they agree
/// to rounding, not bit for bit. A lane given the wrong softness (the static one for two dynamic
/// bodies, or the reverse) or another lane's restitution or impact speed misses by far more.
@Suite("Wide contact passes")
struct WidePassTests {
    @Test("warm start, solve, relax and restitution agree with the scalar passes, pairs and states prefetched or not",
          arguments: [3, 7, 11], [(pairs: false, states: false), (pairs: true, states: false), (pairs: true, states: true)])
    func agreeWithScalar(seed: UInt64, prefetching: (pairs: Bool, states: Bool)) {
        let scene = RandomSolverInputs(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        scene.withKernel { kernel, sources, restingIndex in
            let constraints = sources.map(kernel.prepare)
            let lanes = Self.disjointLanes(constraints)
            let pairCount = lanes.count
            let wide = Self.layOut(constraints, lanes, restingIndex: restingIndex)
            defer { wide.deallocate() }
            // Both sides start from the states the constraints were prepared with, moved a little
            // since the step start so that the separations change.
            var scalarStates = scene.movedStates, wideStates = scalarStates
            var scalar = constraints
            var mismatches: [String] = []
            var bounced = 0
            scalarStates.withUnsafeMutableBufferPointer { scalarBuffer in
                wideStates.withUnsafeMutableBufferPointer { wideBuffer in
                    // A push-out cap no lane reaches: the wide passes sweep a two-point impact
                    // over the whole block and the scalar passes over the one constraint, so they
                    // part ways wherever a lane approaches faster than the cap.
                    var scalarContext = kernel.context
                    scalarContext.pushMaxVelocity = 1000
                    var wideContext = scalarContext
                    scalarContext.states = scalarBuffer.baseAddress!
                    wideContext.states = wideBuffer.baseAddress!
                    for pass in [ContactPass.warmStart, .solve, .relax, .solve, .relax, .restitution] {
                        let before = scalar
                        scalar.withUnsafeMutableBufferPointer { base in
                            for members in lanes { for m in members { pass.run(over: base.baseAddress!, m..<m + 1, scalarContext) } }
                        }
                        wide.kernel(pass, context: wideContext, keepLargestImpulses: true, prefetchesPairs: prefetching.pairs,
                                    prefetchesStates: prefetching.states)
                            .run(0..<pairCount)
                        mismatches += Self.compare(pass, scalarBuffer, wideBuffer, scalar, wide.pairs, wide.seconds, lanes)
                        if pass == .restitution {
                            bounced = zip(before, scalar).filter { $0.point0.normalImpulse != $1.point0.normalImpulse }.count
                        }
                    }
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
            #expect(bounced > 0, "no lane bounced: the restitution pass was not exercised")
        }
    }

    /// The prefetches only start loads: the passes with the pairs and the bodies' states loaded
    /// ahead leave every byte of the states, pairs, second points and extras as the passes
    /// without them do.
    @Test("prefetching the pairs and the bodies' states ahead changes no bit", arguments: [3, 7, 11])
    func prefetchingChangesNoBit(seed: UInt64) {
        let scene = RandomSolverInputs(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        scene.withKernel { kernel, sources, restingIndex in
            let constraints = sources.map(kernel.prepare)
            let lanes = Self.disjointLanes(constraints)
            let pairCount = lanes.count
            // Both prefetches look a few pairs ahead within the pass (four pairs, two states).
            #expect(pairCount > 4, "too few pairs for the prefetches to run")
            let sides = (0..<2).map { _ in Self.layOut(constraints, lanes, restingIndex: restingIndex) }
            defer { for side in sides { side.deallocate() } }
            var plain = scene.movedStates, prefetched = plain
            var differences: [String] = []
            plain.withUnsafeMutableBufferPointer { plainStates in
                prefetched.withUnsafeMutableBufferPointer { prefetchedStates in
                    for pass in [ContactPass.warmStart, .solve, .relax, .solve, .relax, .restitution] {
                        var context = kernel.context
                        context.states = plainStates.baseAddress!
                        sides[0].kernel(pass, context: context, keepLargestImpulses: true, prefetchesPairs: false,
                                        prefetchesStates: false).run(0..<pairCount)
                        context.states = prefetchedStates.baseAddress!
                        sides[1].kernel(pass, context: context, keepLargestImpulses: true, prefetchesPairs: true,
                                        prefetchesStates: true).run(0..<pairCount)
                        func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ bytes: Int) -> Bool { memcmp(a, b, bytes) == 0 }
                        if !same(plainStates.baseAddress!, prefetchedStates.baseAddress!, plainStates.count * MemoryLayout<BodyState>.stride) {
                            differences.append("\(pass): states")
                        }
                        if !same(sides[0].pairs, sides[1].pairs, pairCount * MemoryLayout<WideContactPair>.stride) {
                            differences.append("\(pass): pairs")
                        }
                        if !same(sides[0].seconds, sides[1].seconds, pairCount * MemoryLayout<WidePointPair>.stride) {
                            differences.append("\(pass): second points")
                        }
                        if !same(sides[0].extras, sides[1].extras, pairCount * MemoryLayout<WideContactExtra>.stride) {
                            differences.append("\(pass): extras")
                        }
                    }
                }
            }
            #expect(differences.isEmpty, "\(differences)")
        }
    }

    /// Pairs of blocks, with the arrays beside them, holding `constraints` as `lanes` groups them
    /// (one pair a group, unused lanes past its members). The caller deallocates them.
    static func layOut(_ constraints: [ContactConstraint], _ lanes: [[Int]], restingIndex: Int32) -> WideArrays {
        let wide = WideArrays(count: lanes.count)
        for (p, members) in lanes.enumerated() {
            for lane in 0..<8 {
                let k = lane < members.count ? constraints[members[lane]] : .unused
                wide.block(2 * p + lane / 4).setLane(lane % 4, k, restingIndex: restingIndex)
            }
        }
        return wide
    }

    /// The constraints grouped eight to a pair (fewer where bodies run out) so that no body appears
    /// twice in a pair, as in a colour: the scalar order within a pair then does not matter.
    static func disjointLanes(_ constraints: [ContactConstraint]) -> [[Int]] {
        var left = Array(constraints.indices), groups: [[Int]] = []
        while !left.isEmpty {
            var used = Set<Int32>(), group: [Int] = [], rest: [Int] = []
            for i in left {
                let bodies = [constraints[i].denseA, constraints[i].denseB].filter { $0 >= 0 }
                if group.count < 8 && used.isDisjoint(with: bodies) {
                    group.append(i)
                    used.formUnion(bodies)
                } else {
                    rest.append(i)
                }
            }
            groups.append(group)
            left = rest
        }
        return groups
    }

    /// Where the wide side differs from the scalar side after `pass` by more than rounding: the
    /// bodies' velocities and inverse masses, and each lane's accumulated impulses.
    static func compare(_ pass: ContactPass, _ scalarStates: UnsafeMutableBufferPointer<BodyState>,
                        _ wideStates: UnsafeMutableBufferPointer<BodyState>, _ scalar: [ContactConstraint],
                        _ pairs: UnsafeMutablePointer<WideContactPair>, _ seconds: UnsafeMutablePointer<WidePointPair>,
                        _ lanes: [[Int]]) -> [String] {
        var found: [String] = []
        func check(_ what: @autoclosure () -> String, _ expected: Float, _ actual: Float) {
            if !(abs(expected - actual) <= 1e-4 * max(1, abs(expected))) { found.append("\(pass): \(what()) \(expected) vs \(actual)") }
        }
        for i in 0..<scalarStates.count - 1 {
            let e = scalarStates[i], a = wideStates[i]
            check("body \(i) vx", e.linearVelocity.x, a.linearVelocity.x)
            check("body \(i) vy", e.linearVelocity.y, a.linearVelocity.y)
            check("body \(i) w", e.angularVelocity, a.angularVelocity)
            // The passes read the inverse mass from the state and must write it back unchanged.
            check("body \(i) inverse mass", e.inverseMass, a.inverseMass)
        }
        for (p, members) in lanes.enumerated() {
            for (lane, m) in members.enumerated() {
                let k = scalar[m], second = k.secondPoint
                check("contact \(m) normal impulse 0", k.point0.normalImpulse, pairs[p].point0.normalImpulse[lane])
                check("contact \(m) tangent impulse 0", k.point0.tangentImpulse, pairs[p].point0.tangentImpulse[lane])
                check("contact \(m) normal impulse 1", second.normalImpulse, seconds[p].normalImpulse[lane])
                check("contact \(m) tangent impulse 1", second.tangentImpulse, seconds[p].tangentImpulse[lane])
            }
        }
        return found
    }
}

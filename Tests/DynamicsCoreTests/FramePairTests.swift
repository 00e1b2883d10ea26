import Testing
@testable import DynamicsCore

/// The narrowphase reuses cached manifolds with both bodies in four lanes (`FramePair`). It must
/// compute the bits of the body-at-a-time `Transform` code it replaced, or a run's results would
/// depend on which path a contact took.
@Suite("Frame pairs")
struct FramePairTests {
    /// The lane code loads a body's centre and rotation as one vector and stores a point's two
    /// anchors as one vector.
    @Test("the records keep the fields the lanes load and store together adjacent")
    func layout() {
        #expect(MemoryLayout<BodySim>.offset(of: \.rotation)! == MemoryLayout<BodySim>.offset(of: \.center)! + 8)
        #expect(MemoryLayout<SolverManifold>.offset(of: \.anchorB0)! == MemoryLayout<SolverManifold>.offset(of: \.anchorA0)! + 8)
        #expect(MemoryLayout<SolverManifold>.offset(of: \.anchorB1)! == MemoryLayout<SolverManifold>.offset(of: \.anchorA1)! + 8)
    }

    /// A body record at a random pose, with a random centre of mass in its own frame.
    static func record(_ random: inout SplitMix64, reach: Float) -> BodySim {
        BodySim(center: Vec2(random.signed(reach), random.signed(reach)), rotation: Rotation(angle: random.signed(.pi)),
                localCenter: Vec2(random.signed(2), random.signed(2)), mass: 1, invMass: 1, inertia: 1, invInertia: 1,
                linearDamping: 0, angularDamping: 0, gravityScale: 1, force: .zero, torque: 0, sleepTime: 0,
                minExtent: 0.1, maxExtent: 1, type: .dynamic, fixedRotation: false, allowSleep: true,
                hasCollidingShapes: true)
    }

    static func bits(_ t: Transform) -> [UInt32] {
        [t.position.x, t.position.y, t.rotation.cosine, t.rotation.sine].map(\.bitPattern)
    }

    /// The bits of what a contact keeps of a manifold point: its anchors, separation and id (the
    /// point itself is not kept).
    static func bits(_ p: ManifoldPoint) -> [UInt32] {
        [p.anchorA.x, p.anchorA.y, p.anchorB.x, p.anchorB.y, p.separation].map(\.bitPattern) + [p.id]
    }

    @Test("origin frames and the relative frame have the bits of Transform", arguments: [Float(1), 1_000])
    func framesMatchTransforms(reach: Float) {
        var random = SplitMix64(seed: 0xF4A3_0001)
        for _ in 0..<5_000 {
            var simA = Self.record(&random, reach: reach), simB = Self.record(&random, reach: reach)
            if random.unit() < 0.1 { simB.rotation = simA.rotation }
            let frames = withUnsafePointer(to: simA) { a in withUnsafePointer(to: simB) { b in FramePair.origins(a, b) } }
            let centers = withUnsafePointer(to: simA) { a in withUnsafePointer(to: simB) { b in FramePair.centers(a, b) } }
            #expect(Self.bits(frames.a) == Self.bits(simA.originTransform))
            #expect(Self.bits(frames.b) == Self.bits(simB.originTransform))
            #expect(Self.bits(frames.relative) == Self.bits(simA.originTransform.relative(simB.originTransform)))
            #expect(centers == SIMD4(lowHalf: simA.center, highHalf: simB.center))
        }
    }

    /// The move of a cached point, written a body at a time: what the lanes must reproduce.
    static func movedOneByOne(_ cache: ManifoldCache, _ m: Manifold, _ xfA: Transform, _ xfB: Transform,
                              centerA: Vec2, centerB: Vec2) -> Manifold {
        var moved = m
        let n = xfA.rotation.apply(cache.normal)
        moved.normal = n
        func move(_ p: inout ManifoldPoint, _ a: Vec2, _ b: Vec2, _ separation: Float) {
            let onA = xfA.apply(a), onB = xfB.apply(b)
            p.point = 0.5 * (onA + onB)
            p.anchorA = p.point - centerA
            p.anchorB = p.point - centerB
            p.separation = separation + n.dot(onB - onA)
        }
        if m.pointCount > 0 { move(&moved.point0, cache.pointA0, cache.pointB0, cache.separation0) }
        if m.pointCount > 1 { move(&moved.point1, cache.pointA1, cache.pointB1, cache.separation1) }
        return moved
    }

    @Test("a cached manifold moves to the bits of the body-at-a-time move", arguments: [Float(1), 1_000])
    func moveMatchesOneByOne(reach: Float) {
        var random = SplitMix64(seed: 0xF4A3_0002)
        for trial in 0..<5_000 {
            let simA = Self.record(&random, reach: reach), simB = Self.record(&random, reach: reach)
            let xfA = simA.originTransform, xfB = simB.originTransform
            var m = Manifold.empty
            m.normal = Rotation(angle: random.signed(.pi)).apply(Vec2(1, 0))
            for k in 0..<(trial % 3) {
                m.add(point: simA.center + Vec2(random.signed(1), random.signed(1)), separation: random.signed(0.01), id: UInt32(k + 7))
            }
            let cache = ManifoldCache(m, xfA, xfB, bToA: xfA.relative(xfB))
            // The bodies move on, and the cached manifold goes with them.
            var nextA = simA, nextB = simB
            nextA.center += Vec2(random.signed(0.01), random.signed(0.01))
            nextB.rotation = nextB.rotation.integrated(by: random.signed(0.01))
            let expected = Self.movedOneByOne(cache, m, nextA.originTransform, nextB.originTransform,
                                              centerA: nextA.center, centerB: nextB.center)
            let moved = withUnsafePointer(to: nextA) { a in
                withUnsafePointer(to: nextB) { b in
                    cache.moved(m, FramePair.origins(a, b), centers: FramePair.centers(a, b))
                }
            }
            #expect(moved.pointCount == expected.pointCount)
            #expect([moved.normal.x, moved.normal.y].map(\.bitPattern) == [expected.normal.x, expected.normal.y].map(\.bitPattern))
            #expect(Self.bits(moved.point0) == Self.bits(expected.point0))
            #expect(Self.bits(moved.point1) == Self.bits(expected.point1))
        }
    }

    @Test("a manifold is recorded in both frames with the bits of Transform.applyInverse", arguments: [Float(1), 1_000])
    func recordMatchesTransforms(reach: Float) {
        var random = SplitMix64(seed: 0xF4A3_0003)
        for trial in 0..<5_000 {
            let xfA = Self.record(&random, reach: reach).originTransform, xfB = Self.record(&random, reach: reach).originTransform
            var m = Manifold.empty
            m.normal = Rotation(angle: random.signed(.pi)).apply(Vec2(1, 0))
            for k in 0..<(trial % 3) {
                m.add(point: xfA.position + Vec2(random.signed(2), random.signed(2)), separation: random.signed(0.01), id: UInt32(k))
            }
            let cache = ManifoldCache(m, FramePair(xfA, xfB), bToA: xfA.relative(xfB))
            var expected: [Vec2] = [xfA.rotation.applyInverse(m.normal)]
            expected += m.pointCount > 0 ? [xfA.applyInverse(m.point0.point), xfB.applyInverse(m.point0.point)] : [.zero, .zero]
            expected += m.pointCount > 1 ? [xfA.applyInverse(m.point1.point), xfB.applyInverse(m.point1.point)] : [.zero, .zero]
            let recorded = [cache.normal, cache.pointA0, cache.pointB0, cache.pointA1, cache.pointB1]
            #expect(recorded.map { [$0.x.bitPattern, $0.y.bitPattern] } == expected.map { [$0.x.bitPattern, $0.y.bitPattern] })
        }
    }
}

import Testing
@testable import DynamicsCore

/// A pair found apart by an edge skips collision while its shapes cannot have closed the gap
/// (`ManifoldCache.staysApart`). Skipping must never hide a manifold that a collision would find.
@Suite("Pairs found apart")
struct ApartPairTests {
    /// A pool of random shapes: polygons of 2 to 9 vertices (some rounded) and circles, each
    /// placed off its body's origin so that turns swing it round.
    struct Shapes {
        var records: [ShapeGeometryRecord] = []
        var vertices: [Vec2] = []
        var lanes: [Float] = []

        mutating func add(_ random: inout SplitMix64) {
            let shift = Vec2(random.signed(1.5), random.signed(1.5))
            if random.unit() < 0.25 {
                records.append(ShapeGeometryRecord(kind: .circle, center: shift, radius: 0.1 + random.unit() * 0.5,
                                                   vertexStart: 0, vertexCount: 0, extent: shift.length))
                return
            }
            let polygon = RandomPolygon(&random)
            let moved = polygon.vertices.map { $0 + shift }
            records.append(ShapeGeometryRecord(kind: moved.count == 2 ? .segment : .polygon, laneStart: Int32(lanes.count), center: shift,
                                               radius: random.unit() < 0.3 ? 0.05 : 0, vertexStart: Int32(vertices.count),
                                               vertexCount: Int32(moved.count),
                                               extent: moved.reduce(0) { max($0, $1.length) }))
            vertices += moved
            lanes += moved.withUnsafeBufferPointer { v in
                polygon.normals.withUnsafeBufferPointer { n in EdgeLanes.of(vertices: v, normals: n) }
            }
        }

        func collide(_ a: Int, _ xfA: Transform, _ b: Int, _ xfB: Transform, gap: inout AxisGap) -> Manifold {
            lanes.withUnsafeBufferPointer { l in
                collideShapes(records[a], xfA, records[b], xfB, lanes: l.baseAddress!, speculative: 0.02, linearSlop: 0.005,
                              gap: &gap)
            }
        }
    }

    /// The pose `relative` (in the frame `frame`) in world coordinates.
    static func place(_ relative: Transform, in frame: Transform) -> Transform {
        Transform(position: frame.apply(relative.position), rotation: relative.rotation.then(frame.rotation))
    }

    static func worldScale(_ xfA: Transform, _ xfB: Transform) -> Float {
        abs(xfA.position.x) + abs(xfA.position.y) + abs(xfB.position.x) + abs(xfB.position.y)
    }

    /// Random pairs in random poses far from the world origin. For each pair found apart, B is
    /// moved relative to A by random shifts and turns sized around the clearance (from a tenth to
    /// twice it), and the whole pair carried elsewhere. Whenever the bound says "still apart", a
    /// fresh collision must agree. The test also requires the bound to be tight enough to matter:
    /// most moves below half the clearance are skipped, and some moves it refuses do touch.
    @Test("a pair skipped as apart is apart")
    func skippedPairsAreApart() {
        var random = SplitMix64(seed: 0xA9A7_7001)
        var shapes = Shapes()
        for _ in 0..<400 { shapes.add(&random) }
        var apart = 0, skipped = 0, smallMoves = 0, smallSkipped = 0, refusedTouching = 0
        for _ in 0..<4_000 {
            let a = Int(random.next() % 400), b = Int(random.next() % 400)
            let xfA = Transform(position: Vec2(random.signed(30), random.signed(30)), rotation: Rotation(angle: random.signed(.pi)))
            let offset = Rotation(angle: random.signed(.pi)).apply(Vec2(0.5 + 3 * random.unit(), 0))
            let bToA = Transform(position: offset, rotation: Rotation(angle: random.signed(.pi)))
            let xfB = Self.place(bToA, in: xfA)
            var gap = AxisGap()
            let m = shapes.collide(a, xfA, b, xfB, gap: &gap)
            guard gap.excess > 0 else { continue }
            #expect(m.pointCount == 0)
            var cache = ManifoldCache(m, xfA, xfB, bToA: xfA.relative(xfB))
            guard cache.noteApart(gap, shapes.records[a], shapes.records[b], worldScale: Self.worldScale(xfA, xfB)) else { continue }
            apart += 1
            for _ in 0..<20 {
                let size = cache.clearance * (0.1 + 1.9 * random.unit())
                let share = random.unit()
                let shift = Rotation(angle: random.signed(.pi)).apply(Vec2(size * share, 0))
                let turn = (random.unit() < 0.5 ? -1 : 1) * size * (1 - share) / max(cache.lever, 0.01)
                let movedBToA = Transform(position: bToA.position + shift, rotation: Rotation(angle: bToA.rotation.angle + turn))
                let carriedA = Transform(position: xfA.position + Vec2(random.signed(5), random.signed(5)),
                                         rotation: Rotation(angle: random.signed(.pi)))
                let carriedB = Self.place(movedBToA, in: carriedA)
                let stays = cache.staysApart(carriedA.relative(carriedB))
                var freshGap = AxisGap()
                let fresh = shapes.collide(a, carriedA, b, carriedB, gap: &freshGap)
                if size < 0.5 * cache.clearance {
                    smallMoves += 1
                    if stays { smallSkipped += 1 }
                }
                if stays {
                    skipped += 1
                    #expect(fresh.pointCount == 0 && freshGap.excess > 0,
                            "shapes \(a), \(b): skipped as apart, but a collision finds \(fresh.pointCount) points")
                } else if fresh.pointCount > 0 {
                    refusedTouching += 1
                }
            }
        }
        #expect(apart > 1_000, "only \(apart) pairs found apart")
        #expect(skipped > 10_000, "only \(skipped) moves skipped")
        #expect(smallSkipped * 10 > smallMoves * 9, "\(smallSkipped) of \(smallMoves) small moves skipped")
        #expect(refusedTouching > 0)
    }
}

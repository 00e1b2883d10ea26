import Testing
@testable import DynamicsCore

/// The narrowphase's search for the separating edge runs four reference edges at a time; it must
/// choose the same edge and the same distance as trying the edges one by one, first best winning.
@Suite("Separating-axis search")
struct SeparatingAxisTests {
    /// Random convex polygons of 2 (a segment) to 9 vertices, so that edge groups of one to four
    /// and partial last groups all occur, in random relative poses, some touching, some apart.
    @Test("four edges at a time choose what edge by edge chooses")
    func sameAsEdgeByEdge() {
        var random = SplitMix64(seed: 0x5EED_CAFE)
        var checked = 0
        for _ in 0..<2_000 {
            let ref = RandomPolygon(&random), inc = RandomPolygon(&random)
            let pose = Transform(position: Vec2(random.signed(2.5), random.signed(2.5)),
                                 rotation: Rotation(angle: random.signed(.pi)))
            ref.withView { refView in
                inc.withView { incView in
                    let fast = maxSeparation(refView, incView, pose)
                    let plain = Self.edgeByEdge(refView, incView, pose)
                    #expect(fast.edge == plain.edge && fast.separation == plain.separation,
                            "\(ref.vertices.count)-gon against \(inc.vertices.count)-gon: \(fast) vs \(plain)")
                    checked += 1
                }
            }
        }
        #expect(checked == 2_000)
    }

    /// Boxes exactly side by side: several edges tie for the best separation, and the first wins.
    @Test("ties go to the first edge")
    func tiesGoToTheFirstEdge() {
        let box = RandomPolygon(vertices: [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)])
        box.withView { view in
            // B overlaps A by the same depth across two edges: edge 0 (normal −y) and edge 1 (+x) tie.
            let pose = Transform(position: Vec2(1.5, -1.5), rotation: .identity)
            let plain = Self.edgeByEdge(view, view, pose)
            #expect(maxSeparation(view, view, pose) == plain)
            #expect(plain.edge == 0 && plain.separation == -0.5)
        }
        // A 2 × 2 square with a vertex in the middle of its bottom and top sides: six edges, so
        // two groups of edges. Against itself in place, every edge separates by exactly −2.
        let sixEdges = RandomPolygon(vertices: [Vec2(-1, -1), Vec2(0, -1), Vec2(1, -1), Vec2(1, 1), Vec2(0, 1), Vec2(-1, 1)])
        sixEdges.withView { view in
            let pose = Transform(position: .zero, rotation: .identity)
            #expect(Self.edgeByEdge(view, view, pose) == (0, -2))
            #expect(maxSeparation(view, view, pose) == (0, -2))
        }
    }

    /// The reference: every edge of `ref`, every vertex of `inc`, in order.
    static func edgeByEdge(_ ref: PolygonView, _ inc: PolygonView, _ incToRef: Transform) -> (edge: Int, separation: Float) {
        var bestEdge = 0
        var best = -Float.greatestFiniteMagnitude
        for i in 0..<ref.count {
            let n = ref.normals[i]
            let nInInc = incToRef.rotation.applyInverse(n)
            let offset = n.dot(incToRef.position - ref.vertices[i])
            var deepest = Float.greatestFiniteMagnitude
            for j in 0..<inc.count { deepest = min(deepest, nInInc.dot(inc.vertices[j])) }
            if deepest + offset > best { best = deepest + offset; bestEdge = i }
        }
        return (bestEdge, best)
    }
}

/// A convex polygon with its outward edge normals (edge i runs from vertex i to vertex i + 1).
struct RandomPolygon {
    var vertices: [Vec2]
    var normals: [Vec2]

    init(vertices: [Vec2]) {
        self.vertices = vertices
        normals = vertices.indices.map { i in
            let edge = vertices[(i + 1) % vertices.count] - vertices[i]
            return Vec2(edge.y, -edge.x) / edge.length
        }
    }

    /// Vertices on an ellipse at increasing angles: convex, counter-clockwise.
    init(_ random: inout SplitMix64) {
        let count = 2 + Int(random.unit() * 8)
        let rx = 0.2 + random.unit(), ry = 0.2 + random.unit()
        let start = random.signed(.pi)
        let angles = (0..<count).map { k in start + (Float(k) + 0.8 * random.unit()) * 2 * .pi / Float(count) }
        self.init(vertices: angles.map { a in
            let r = Rotation(angle: a)
            return Vec2(rx * r.cosine, ry * r.sine)
        })
    }

    func withView<R>(_ body: (PolygonView) -> R) -> R {
        vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                body(PolygonView(vertices: v.baseAddress!, normals: n.baseAddress!, count: v.count, radius: 0))
            }
        }
    }
}

extension SplitMix64 {
    /// Uniform in [−scale, scale).
    mutating func signed(_ scale: Float) -> Float { (unit() * 2 - 1) * scale }
}

import Testing
@testable import DynamicsCore
import CKernelSupport

/// The narrowphase's search for the separating edge runs four or eight reference edges at a time;
/// it must choose the same edge and the same distance as trying the edges one by one, first best
/// winning.
@Suite("Separating-axis search")
struct SeparatingAxisTests {
    /// Both widths of the search (eight falls back to four where AVX is missing).
    static let widths: [(String, Search)] = [("four", dynamics_max_separation_in_fours), ("eight", dynamics_max_separation_in_eights)]
    typealias Search = @convention(c) (UnsafePointer<Float>?, Int32, UnsafePointer<Float>?, Int32, Float, Float, Float, Float) -> dynamics_edge_separation

    /// `search` on `ref` against `inc` at `pose`.
    static func separation(_ search: Search, _ ref: PolygonView, _ inc: PolygonView, _ pose: Transform) -> (edge: Int, separation: Float) {
        let found = search(ref.lanes, Int32(ref.count), inc.lanes, Int32(inc.count), pose.rotation.cosine, pose.rotation.sine,
                           pose.position.x, pose.position.y)
        return (Int(found.edge), found.separation)
    }

    /// Random convex polygons of 2 (a segment) to 20 vertices, so that blocks of four and of
    /// eight, one to three blocks and partial last groups all occur, in random relative poses,
    /// some touching, some apart.
    @Test("several edges at a time choose what edge by edge chooses", arguments: [0, 1])
    func sameAsEdgeByEdge(width: Int) {
        let (name, search) = Self.widths[width]
        var random = SplitMix64(seed: 0x5EED_CAFE)
        var checked = 0
        for _ in 0..<3_000 {
            let ref = RandomPolygon(&random, maxVertices: 20), inc = RandomPolygon(&random, maxVertices: 20)
            let pose = Transform(position: Vec2(random.signed(2.5), random.signed(2.5)),
                                 rotation: Rotation(angle: random.signed(.pi)))
            ref.withView { refView in
                inc.withView { incView in
                    let fast = Self.separation(search, refView, incView, pose)
                    let plain = Self.edgeByEdge(ref, inc, pose)
                    #expect(fast.edge == plain.edge && fast.separation.bitPattern == plain.separation.bitPattern,
                            "\(name): \(ref.vertices.count)-gon against \(inc.vertices.count)-gon: \(fast) vs \(plain)")
                    checked += 1
                }
            }
        }
        #expect(checked == 3_000)
        // The narrowphase's entry point agrees too.
        let box = RandomPolygon(vertices: [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)])
        box.withView { view in
            let pose = Transform(position: Vec2(0.5, 2.25), rotation: Rotation(angle: 0.3))
            #expect(maxSeparation(view, view, pose) == Self.edgeByEdge(box, box, pose))
        }
    }

    /// Exact ties: several edges share the best separation, and the first wins, also when the
    /// tie spans two groups of four or when the winner is in a later block than a tied copy.
    @Test("ties go to the first edge", arguments: [0, 1])
    func tiesGoToTheFirstEdge(width: Int) {
        let (_, search) = Self.widths[width]
        let box = RandomPolygon(vertices: [Vec2(-1, -1), Vec2(1, -1), Vec2(1, 1), Vec2(-1, 1)])
        box.withView { view in
            // B overlaps A by the same depth across two edges: edge 0 (normal −y) and edge 1 (+x) tie.
            let pose = Transform(position: Vec2(1.5, -1.5), rotation: .identity)
            let plain = Self.edgeByEdge(box, box, pose)
            #expect(Self.separation(search, view, view, pose) == plain)
            #expect(plain.edge == 0 && plain.separation == -0.5)
        }
        // A 2 × 2 square with a vertex in the middle of its bottom and top sides: six edges, so
        // two groups of edges. Against itself in place, every edge separates by exactly −2.
        let sixEdges = RandomPolygon(vertices: [Vec2(-1, -1), Vec2(0, -1), Vec2(1, -1), Vec2(1, 1), Vec2(0, 1), Vec2(-1, 1)])
        sixEdges.withView { view in
            let pose = Transform(position: .zero, rotation: .identity)
            #expect(Self.edgeByEdge(sixEdges, sixEdges, pose) == (0, -2))
            #expect(Self.separation(search, view, view, pose) == (0, -2))
            // Moved right by 0.5, edge 2 (+x) alone is best. Moved up, edges 3 and 4 (+y) tie
            // across the two groups, and 3 wins; moved down, edges 0 and 1 (−y) tie in the first.
            let right = Transform(position: Vec2(0.5, 0), rotation: .identity)
            #expect(Self.separation(search, view, view, right) == (2, -1.5))
            let up = Transform(position: Vec2(0, 0.5), rotation: .identity)
            #expect(Self.separation(search, view, view, up) == (3, -1.5))
            let down = Transform(position: Vec2(0, -0.5), rotation: .identity)
            #expect(Self.separation(search, view, view, down) == (0, -1.5))
        }
        // Twelve edges (a 2 × 2 square with each side cut in three): two blocks of eight lanes.
        // Moved up, edges 6, 7 and 8 tie (normal +y), across the first block's end and the
        // second block's start; moved left, edges 9, 10 and 11 tie.
        let third: Float = 1.0 / 3.0
        var twelve: [Vec2] = []
        for k in 0..<3 { twelve.append(Vec2(-1 + 2 * third * Float(k), -1)) }
        for k in 0..<3 { twelve.append(Vec2(1, -1 + 2 * third * Float(k))) }
        for k in 0..<3 { twelve.append(Vec2(1 - 2 * third * Float(k), 1)) }
        for k in 0..<3 { twelve.append(Vec2(-1, 1 - 2 * third * Float(k))) }
        let twelveEdges = RandomPolygon(vertices: twelve)
        twelveEdges.withView { view in
            let up = Transform(position: Vec2(0, 0.5), rotation: .identity)
            #expect(Self.edgeByEdge(twelveEdges, twelveEdges, up).edge == 6)
            #expect(Self.separation(search, view, view, up) == Self.edgeByEdge(twelveEdges, twelveEdges, up))
            let left = Transform(position: Vec2(-0.5, 0), rotation: .identity)
            #expect(Self.edgeByEdge(twelveEdges, twelveEdges, left).edge == 9)
            #expect(Self.separation(search, view, view, left) == Self.edgeByEdge(twelveEdges, twelveEdges, left))
        }
    }

    /// The narrowphase reads a polygon's vertices and normals from its edge lanes alone
    /// (`PolygonView`); from 2 to 20 vertices (blocks of four, one to three blocks of eight),
    /// every one must come back as it went in.
    @Test("a polygon's vertices and normals read back from its edge lanes")
    func verticesAndNormalsFromLanes() {
        var random = SplitMix64(seed: 0x1A4E5)
        for count in 2...20 {
            var polygon = RandomPolygon(&random, maxVertices: 20)
            while polygon.vertices.count != count { polygon = RandomPolygon(&random, maxVertices: 20) }
            polygon.withView { view in
                for i in 0..<count {
                    #expect(view.vertex(i) == polygon.vertices[i], "\(count) vertices: vertex \(i)")
                    #expect(view.normal(i) == polygon.normals[i], "\(count) vertices: normal \(i)")
                }
            }
        }
    }

    /// The reference: every edge of `ref`, every vertex of `inc`, in order, from their own
    /// arrays (not from the lanes the search reads).
    static func edgeByEdge(_ ref: RandomPolygon, _ inc: RandomPolygon, _ incToRef: Transform) -> (edge: Int, separation: Float) {
        var bestEdge = 0
        var best = -Float.greatestFiniteMagnitude
        for i in 0..<ref.vertices.count {
            let n = ref.normals[i]
            let nInInc = incToRef.rotation.applyInverse(n)
            let offset = n.dot(incToRef.position - ref.vertices[i])
            var deepest = Float.greatestFiniteMagnitude
            for j in 0..<inc.vertices.count { deepest = min(deepest, nInInc.dot(inc.vertices[j])) }
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

    /// Vertices on an ellipse at increasing angles: convex, counter-clockwise; 2 to `maxVertices`.
    init(_ random: inout SplitMix64, maxVertices: Int = 9) {
        let count = 2 + Int(random.unit() * Float(maxVertices - 1))
        let rx = 0.2 + random.unit(), ry = 0.2 + random.unit()
        let start = random.signed(.pi)
        let angles = (0..<count).map { k in start + (Float(k) + 0.8 * random.unit()) * 2 * .pi / Float(count) }
        self.init(vertices: angles.map { a in
            let r = Rotation(angle: a)
            return Vec2(rx * r.cosine, ry * r.sine)
        })
    }

    /// Its edges as the separating-edge search reads them.
    var lanes: [Float] {
        vertices.withUnsafeBufferPointer { v in normals.withUnsafeBufferPointer { n in EdgeLanes.of(vertices: v, normals: n) } }
    }

    func withView<R>(_ body: (PolygonView) -> R) -> R {
        lanes.withUnsafeBufferPointer { l in body(PolygonView(lanes: l.baseAddress!, count: vertices.count, radius: 0)) }
    }
}

extension SplitMix64 {
    /// Uniform in [−scale, scale).
    mutating func signed(_ scale: Float) -> Float { (unit() * 2 - 1) * scale }
}

import CKernelSupport
import Testing
@testable import DynamicsCore

/// Each polygon's edges are also kept in lanes for the separating-edge search (`EdgeLanes`).
@Suite("Edge lanes")
struct EdgeLaneTests {
    /// The edge whose normal and first vertex lane `lane` of `lanes` holds, for a polygon of
    /// `count` edges (normals (k, −k) and vertices (k, k + 100), so each value names its edge).
    static func edgeIn(_ lanes: [Float], lane: Int, count: Int) -> Int? {
        let width = count <= 4 ? 4 : 8
        let row = lane / width * width * 4 + lane % width
        let edge = Int(lanes[row])
        let same = lanes[row + width] == -Float(edge) && lanes[row + 2 * width] == Float(edge)
            && lanes[row + 3 * width] == Float(edge) + 100
        return same ? edge : nil
    }

    /// Lanes past the last edge repeat the first edge of their group of four, or edge 0 when the
    /// group has none, so that they never beat the edge they copy.
    @Test("layout: blocks of four or eight, padding copies an earlier edge", arguments: [2, 3, 4, 5, 8, 9, 13, 17])
    func layout(count: Int) {
        let normals = (0..<count).map { Vec2(Float($0), -Float($0)) }
        let vertices = (0..<count).map { Vec2(Float($0), Float($0) + 100) }
        let lanes = vertices.withUnsafeBufferPointer { v in normals.withUnsafeBufferPointer { n in EdgeLanes.of(vertices: v, normals: n) } }
        let width = count <= 4 ? 4 : 8
        #expect(lanes.count == (count + width - 1) / width * width * 4)
        for lane in 0..<lanes.count / 4 {
            let group = lane / 4 * 4
            let expected = lane < count ? lane : (group < count ? group : 0)
            #expect(Self.edgeIn(lanes, lane: lane, count: count) == expected, "\(count) edges, lane \(lane)")
        }
    }

    /// Destroying most shapes compacts the pools; every survivor's lanes must then still be those
    /// of its own vertices and normals, wherever they moved.
    @Test("pool compaction keeps each polygon's lanes")
    func compactionKeepsLanes() throws {
        let world = try makeWorld()
        var random = SplitMix64(seed: 0x1A7E5)
        var shapes: [ShapeID] = []
        for i in 0..<600 {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i % 30) * 3, Float(i / 30) * 3)))
            let polygon = RandomPolygon(&random, maxVertices: 12)
            let vertices = polygon.vertices.count >= 3 ? polygon.vertices : [Vec2(-1, 0), Vec2(1, 0), Vec2(0, 1)]
            shapes.append(try world.createShape(on: body, ShapeDefinition(.polygon(vertices: vertices, radius: 0))))
        }
        let lanesBefore = world.shapes.edgeLanes.floats.count
        for (i, shape) in shapes.enumerated() where i % 5 != 0 { world.destroyShape(shape) }
        #expect(world.shapes.edgeLanes.floats.count < lanesBefore, "the pools were compacted")
        var checked = 0
        for shape in shapes.enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) {
            let g = world.shapes.geometry[Int(shape.index)]
            let start = Int(g.vertexStart), count = Int(g.vertexCount)
            let expected = EdgeLanes.of(vertices: UnsafeBufferPointer(start: world.shapes.vertices.base + start, count: count),
                                        normals: UnsafeBufferPointer(start: world.shapes.normals.base + start, count: count))
            let kept = Array(UnsafeBufferPointer(start: world.shapes.edgeLanes.floats.base + Int(g.laneStart), count: expected.count))
            #expect(kept == expected, "shape \(shape)")
            checked += 1
        }
        #expect(checked == 120)
    }

    /// A polygon's box is computed from its lanes four vertices at a time. Each bound must be the
    /// coordinate of a vertex carried as `Transform.apply` carries it: the smallest and largest
    /// over the vertices one by one (equal as numbers; of two zeros either sign may win).
    @Test("bounds from the lanes equal bounds from the vertices", arguments: [Float(1), 1_000])
    func boundsFromLanes(reach: Float) {
        var random = SplitMix64(seed: 0xB0B5)
        for _ in 0..<2_000 {
            let polygon = RandomPolygon(&random, maxVertices: 20)
            let xf = Transform(position: Vec2(random.signed(reach), random.signed(reach)),
                               rotation: Rotation(angle: random.signed(.pi)))
            let carried = polygon.vertices.map { xf.apply($0) }
            let expected = SIMD4(carried.map(\.x).min()!, carried.map(\.y).min()!,
                                 carried.map(\.x).max()!, carried.map(\.y).max()!)
            let bounds = polygon.lanes.withUnsafeBufferPointer {
                dynamics_polygon_bounds($0.baseAddress!, Int32(polygon.vertices.count), xf.rotation.cosine, xf.rotation.sine,
                                        xf.position.x, xf.position.y)
            }
            #expect(bounds == expected, "\(polygon.vertices.count) vertices at \(xf)")
        }
    }
}

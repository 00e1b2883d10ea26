import CKernelSupport
import Testing
@testable import DynamicsCore

/// Shapes with the same polygon share one copy of its edge lanes (`EdgeLanePool`).
@Suite("Edge lane pool")
struct EdgeLanePoolTests {
    /// The lanes a shape's own vertices and normals give.
    static func ownLanes(_ world: World, _ shape: ShapeID) -> [Float] {
        let g = world.shapes.geometry[Int(shape.index)]
        let start = Int(g.vertexStart), count = Int(g.vertexCount)
        return EdgeLanes.of(vertices: UnsafeBufferPointer(start: world.shapes.vertices.base + start, count: count),
                            normals: UnsafeBufferPointer(start: world.shapes.normals.base + start, count: count))
    }

    /// The lanes the narrowphase reads for a shape.
    static func readLanes(_ world: World, _ shape: ShapeID) -> [Float] {
        let g = world.shapes.geometry[Int(shape.index)]
        let count = Int(dynamics_edge_lane_floats(g.vertexCount))
        return Array(UnsafeBufferPointer(start: world.shapes.edgeLanes.floats.base + Int(g.laneStart), count: count))
    }

    @Test("equal polygons share one copy; a different one gets its own")
    func sharing() throws {
        let world = try makeWorld()
        var boxes: [ShapeID] = []
        for i in 0..<50 {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i) * 3, 0)))
            boxes.append(try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5))))
        }
        let oneBox = Int(dynamics_edge_lane_floats(4))
        #expect(world.shapes.edgeLanes.floats.count == oneBox)
        #expect(Set(boxes.map { world.shapes.geometry[Int($0.index)].laneStart }).count == 1)
        // The same box offset in its body is another polygon in the body's frame.
        let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 10)))
        let offset = try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5, center: Vec2(1, 0))))
        #expect(world.shapes.edgeLanes.floats.count == 2 * oneBox)
        for shape in boxes + [offset] { #expect(Self.readLanes(world, shape) == Self.ownLanes(world, shape)) }
    }

    @Test("a shared copy outlives all but its last user")
    func release() {
        var pool = EdgeLanePool()
        let lanes = (0..<16).map { Float($0) }, other = (0..<16).map { -Float($0) - 1 }
        let first = pool.add(lanes)
        #expect(pool.add(lanes) == first)
        let second = pool.add(other)
        #expect(second != first)
        pool.release(start: first)
        #expect(pool.garbage == 0, "one shape still uses it")
        #expect(pool.add(lanes) == first, "still shared")
        pool.release(start: first)
        pool.release(start: first)
        #expect(pool.garbage == 16)
        // Its bits are forgotten with it: the next shape of that polygon gets a new copy.
        #expect(pool.add(lanes) == 32)
    }

    /// Destroying most shapes, shared and not, compacts the pool; every survivor must then read
    /// its own lanes, and the survivors of one polygon still one copy.
    @Test("compaction keeps shared and single copies")
    func compaction() throws {
        let world = try makeWorld()
        var random = SplitMix64(seed: 0x5EA7ED)
        let shared: [ShapeGeometry] = [.box(halfWidth: 0.5, halfHeight: 0.25), .box(halfWidth: 1, halfHeight: 1),
                                       .polygon(vertices: [Vec2(-1, 0), Vec2(1, 0), Vec2(0.2, 1.5)], radius: 0)]
        var shapes: [ShapeID] = []
        for i in 0..<900 {
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i % 30) * 4, Float(i / 30) * 4)))
            let geometry: ShapeGeometry
            if i % 2 == 0 {
                geometry = shared[i / 2 % shared.count]
            } else {
                let polygon = RandomPolygon(&random, maxVertices: 12)
                geometry = .polygon(vertices: polygon.vertices.count >= 3 ? polygon.vertices : [Vec2(-1, 0), Vec2(1, 0), Vec2(0, 1)],
                                    radius: 0)
            }
            shapes.append(try world.createShape(on: body, ShapeDefinition(geometry)))
        }
        let floatsBefore = world.shapes.edgeLanes.floats.count
        for (i, shape) in shapes.enumerated() where i % 5 != 0 { world.destroyShape(shape) }
        #expect(world.shapes.edgeLanes.floats.count < floatsBefore, "the pool was compacted")
        #expect(world.shapes.edgeLanes.garbage * 2 <= world.shapes.edgeLanes.floats.count, "at most half is garbage")
        let survivors = shapes.enumerated().filter { $0.offset % 5 == 0 }
        for (_, shape) in survivors { #expect(Self.readLanes(world, shape) == Self.ownLanes(world, shape), "shape \(shape)") }
        for k in 0..<shared.count {
            let starts = survivors.filter { $0.offset % 2 == 0 && $0.offset / 2 % shared.count == k }
                .map { world.shapes.geometry[Int($0.element.index)].laneStart }
            #expect(starts.count == 30 && Set(starts).count == 1, "shared polygon \(k)")
        }
    }
}

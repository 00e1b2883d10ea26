import Testing
@testable import DynamicsCore

/// The moved proxies are queried in cell order (`World.orderMovedByCell`).
@Suite("Moved proxies in cell order")
struct MovedOrderTests {
    @Test("the four cells of an aligned 2 x 2 block follow each other on the Z-curve, rows first")
    func zCurveBlocks() {
        for (x, y) in [(Int32(0), Int32(0)), (-6, 10), (100, -42), (-32768, -32768)] {
            let corner = World.zCurvePlace(cellX: x, cellY: y)
            #expect(World.zCurvePlace(cellX: x + 1, cellY: y) == corner + 1)
            #expect(World.zCurvePlace(cellX: x, cellY: y + 1) == corner + 2)
            #expect(World.zCurvePlace(cellX: x + 1, cellY: y + 1) == corner + 3)
        }
        // Beyond the range, cells share the edge's place.
        #expect(World.zCurvePlace(cellX: 1_000_000, cellY: -1_000_000) == World.zCurvePlace(cellX: 32767, cellY: -32768))
    }

    /// Boxes created in an order unrelated to where they are come back as a permutation of the
    /// same slots, in Z-curve order of their first cells, ties by slot.
    @Test("a permutation of the moved proxies, ordered by their first cells")
    func ordering() throws {
        let world = try makeWorld(gravity: 0)
        var slots: [Int32] = []
        for k in 0..<600 {
            let column = (37 * k) % 600
            let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(column % 40) * 0.7, Float(column / 40) * 0.7)))
            slots.append(try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.3, halfHeight: 0.3))).index)
        }
        var moved = slots
        moved.withUnsafeMutableBufferPointer { world.orderMovedByCell($0) }
        #expect(moved.sorted() == slots.sorted())
        let places = moved.map { s -> UInt64 in
            let c = world.shapes.cells[Int(s)]
            return UInt64(World.zCurvePlace(cellX: c.minX, cellY: c.minY)) << 32 | UInt64(UInt32(bitPattern: s))
        }
        #expect(places == places.sorted())
        #expect(moved != slots, "creation order was not already cell order")
    }
}

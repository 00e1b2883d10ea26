import Testing
@testable import DynamicsCore

/// The moving runs' sweep reports a pair of overlapping proxies from one cell only, the first
/// cell the two share (lowest row, then lowest column of the overlap of their ranges), by the
/// `edges` each node carries instead of reading the two proxies' ranges.
@Suite("Cell run entries")
struct CellRunEntryTests {
    /// The node of a proxy covering `cells`, in cell (`x`, `y`), as the build from proxies writes it.
    static func node(_ x: Int32, _ y: Int32, of cells: CellRange) -> CellRunEntry {
        CellRunEntry(key: SpatialHash.key(x, y), proxy: 0, edges: CellRunEntry.edges(x: x, y: y, of: cells),
                     box: AABB(lower: Vec2(Float(cells.minX), Float(cells.minY)),
                               upper: Vec2(Float(cells.maxX) + 1, Float(cells.maxY) + 1)))
    }

    @Test("of every cell two ranges share, exactly the first one reports them")
    func firstSharedCellOnly() {
        var random = SplitMix64(seed: 7)
        func next(_ n: Int32) -> Int32 { Int32(random.next() % UInt64(n)) }
        var pairsSharingOne = 0, pairsSharingSeveral = 0
        for _ in 0..<2_000 {
            func randomRange() -> CellRange {
                let x = next(6) - 3, y = next(6) - 3
                return CellRange(minX: x, minY: y, maxX: x + next(3), maxY: y + next(3))
            }
            let rangeA = randomRange(), rangeB = randomRange()
            let minX = max(rangeA.minX, rangeB.minX), maxX = min(rangeA.maxX, rangeB.maxX)
            let minY = max(rangeA.minY, rangeB.minY), maxY = min(rangeA.maxY, rangeB.maxY)
            guard minX <= maxX && minY <= maxY else { continue }
            var reporting: [(Int32, Int32)] = []
            for y in minY...maxY {
                for x in minX...maxX {
                    let first = CellRunEntry.firstSharedCell(Self.node(x, y, of: rangeA), Self.node(x, y, of: rangeB))
                    // Symmetric: either node may be the moved one the sweep starts from.
                    #expect(first == CellRunEntry.firstSharedCell(Self.node(x, y, of: rangeB), Self.node(x, y, of: rangeA)))
                    if first == 1 { reporting.append((x, y)) }
                }
            }
            if (maxX - minX + 1) * (maxY - minY + 1) > 1 { pairsSharingSeveral += 1 } else { pairsSharingOne += 1 }
            #expect(reporting.count == 1, "\(rangeA) and \(rangeB) reported from \(reporting.count) cells")
            #expect(reporting.first.map { $0 == (minX, minY) } ?? false,
                    "\(rangeA) and \(rangeB) reported from \(reporting)")
        }
        // The draw covered what matters: pairs sharing one cell and pairs sharing several.
        #expect(pairsSharingOne > 100 && pairsSharingSeveral > 100, "\(pairsSharingOne) and \(pairsSharingSeveral) pairs")
    }
}

import Testing
@testable import DynamicsCore

@Suite("Columns")
struct ColumnTests {
    @Test("a column keeps its elements as it grows past 2 MiB, aligned to a cache line, then to 2 MiB on Linux")
    func growsAligned() {
        var column = Column<SIMD4<Float>>(capacity: 4)
        #expect(Int(bitPattern: column.base) % 64 == 0)
        // 16 bytes each: 200 000 elements are 3.2 MB.
        for i in 0..<200_000 {
            column.append(SIMD4<Float>(Float(i), 0, 0, -Float(i)))
            if i == 1_000 { #expect(Int(bitPattern: column.base) % 64 == 0) }
        }
        #expect(column.count == 200_000)
        #expect(column.capacity >= column.count)
        #expect((0..<200_000).allSatisfy { column[$0] == SIMD4<Float>(Float($0), 0, 0, -Float($0)) })
        #if os(Linux)
        #expect(Int(bitPattern: column.base) % (2 << 20) == 0, "a column of 2 MiB and more starts on a huge page")
        // The rounded-up storage is the column's to use: capacity reaches the end of the last 2 MiB page.
        #expect((column.capacity * MemoryLayout<SIMD4<Float>>.stride) % (2 << 20) == 0)
        #endif
    }
}

import Foundation
import Testing
@_spi(Benchmarking) @testable import DynamicsCore

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
        // The storage is mapped in whole pages, and the rounded-up rest is the column's to use:
        // capacity reaches the end of the last page (16-byte elements fill it exactly).
        #expect((column.capacity * MemoryLayout<SIMD4<Float>>.stride) % pageSize == 0)
        #endif
    }

    #if os(Linux)
    @Test("a column of 2 MiB or more goes back to the system when it is freed, not to the heap")
    func largeColumnIsUnmapped() throws {
        // 8 MiB, filled so that every page is resident. glibc maps a block this large on its own
        // only until the process frees a larger mapped block: then it raises its threshold (up to
        // 32 MiB) and takes such blocks from the heap, where they stay after `free`. So free one
        // first, as any long-running process will have.
        let larger = try #require(malloc(16 << 20))
        memset(larger, 1, 16 << 20)
        free(larger)
        let elements = (8 << 20) / MemoryLayout<SIMD4<Float>>.stride
        var column: Column<SIMD4<Float>>? = Column<SIMD4<Float>>(capacity: elements)
        column!.resize(to: elements, filling: SIMD4<Float>(1, 2, 3, 4))
        let filled = try residentBytes()
        column = nil
        let freed = try residentBytes()
        // Other tests run alongside and may allocate in between, so allow them 2 MiB.
        #expect(filled - freed >= 6 << 20, "resident \(filled) bytes with the column, \(freed) after freeing it")
        _ = column
    }

    @Test("a column mapped on its own counts as one mapping of its thread, so allocation gates see it")
    func mappingsCounted() {
        let before = BufferMappings.threadCount
        let small = Column<UInt8>(capacity: 1 << 10)
        #expect(BufferMappings.threadCount == before, "a 1 KiB column comes from the heap")
        var large = Column<UInt8>(capacity: 4 << 20)
        #expect(BufferMappings.threadCount == before + 1)
        large.reserve(16 << 20)
        #expect(BufferMappings.threadCount == before + 2, "growing maps anew")
        #expect(BufferMappings.processCount >= BufferMappings.threadCount - before)
        _ = small
        _ = large
    }

    /// The process's resident set in bytes, from `/proc/self/statm` (its second field, in pages).
    private func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = statm.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * pageSize
    }

    /// The system's page size in bytes.
    private var pageSize: Int { sysconf(Int32(_SC_PAGESIZE)) }
    #endif
}

import Foundation
import Testing
@testable import dynamics

@Suite("dynamics bench records the host")
struct HostDescriptionTests {
    static let cpuInfo = """
        processor\t: 0
        vendor_id\t: AuthenticAMD
        model name\t: AMD EPYC 7B13
        flags\t\t: fpu sse sse2 ssse3 avx f16c avx2 bmi2
        cache size\t: 512 KB

        processor\t: 1
        model name\t: AMD EPYC 7B13
        flags\t\t: fpu sse sse2 avx avx2 avx512f
        """

    static let epyc = HostDescription(processor: "AMD EPYC 7B13", logicalProcessors: 2, vectorExtension: "avx2",
                                      caches: "L2 1024K, L3 32768K")

    @Test("the processor's name and widest vector extension come from the first processor's lines")
    func parsesCPUInfo() {
        #expect(HostDescription.processorName(cpuInfo: Self.cpuInfo) == "AMD EPYC 7B13")
        #expect(HostDescription.widestVectorExtension(cpuInfo: Self.cpuInfo) == "avx2")
        #expect(HostDescription.widestVectorExtension(cpuInfo: "flags : fpu sse sse2") == "sse2")
        #expect(HostDescription.processorName(cpuInfo: "processor : 0\nCPU part : 0xd0c") == nil, "an ARM cpuinfo has no model name")
        #expect(HostDescription.widestVectorExtension(cpuInfo: "Features : fp asimd") == nil)
    }

    @Test("unified caches are listed by level from a Linux cache directory; data and instruction caches are left out")
    func readsCaches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("host-caches-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, level, type, size) in [(0, "1", "Data", "32K"), (1, "1", "Instruction", "32K"), (3, "3", "Unified", "32768K"), (2, "2", "Unified", "1024K")] {
            let entry = directory.appendingPathComponent("index\(index)")
            try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: true)
            try "\(level)\n".write(to: entry.appendingPathComponent("level"), atomically: true, encoding: .utf8)
            try "\(type)\n".write(to: entry.appendingPathComponent("type"), atomically: true, encoding: .utf8)
            try "\(size)\n".write(to: entry.appendingPathComponent("size"), atomically: true, encoding: .utf8)
        }
        #expect(HostDescription.unifiedCaches(directory: directory.path) == "L2 1024K, L3 32768K")
        #expect(HostDescription.unifiedCaches(directory: directory.appendingPathComponent("missing").path) == nil)
    }

    @Test("comparing against a baseline of another machine, or of an unknown one, says so; the same machine says nothing")
    func notesOtherHosts() throws {
        #expect(hostNote(recorded: Self.epyc, current: Self.epyc) == nil)
        var wider = Self.epyc
        wider.vectorExtension = "avx512f"
        let note = try #require(hostNote(recorded: wider, current: Self.epyc))
        #expect(note.contains("AMD EPYC 7B13, 2 logical processors, avx512f, L2 1024K, L3 32768K"), "names the recording machine: \(note)")
        #expect(note.contains("this one is AMD EPYC 7B13, 2 logical processors, avx2"), "names this machine: \(note)")
        #expect(hostNote(recorded: nil, current: Self.epyc)?.contains("does not say which machine") == true)
    }

    @Test("a baseline keeps its host, and one saved before hosts were recorded still loads")
    func baselineCarriesHost() throws {
        let saved = BenchBaseline(results: [], host: Self.epyc)
        let decoded = try JSONDecoder().decode(BenchBaseline.self, from: try JSONEncoder().encode(saved))
        #expect(decoded.host == Self.epyc)
        let old = try JSONDecoder().decode(BenchBaseline.self, from: Data(#"{"results": []}"#.utf8))
        #expect(old.host == nil)
    }

    @Test("this machine is described: a processor count of at least one and, on Linux, a processor name")
    func currentHost() {
        let host = HostDescription.current()
        #expect(host.logicalProcessors >= 1)
        #if os(Linux)
        #expect(host.processor != "unknown")
        #endif
    }
}

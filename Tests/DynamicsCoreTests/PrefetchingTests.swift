import Testing
@testable import DynamicsCore

/// The passes that read body records at random prefetch them once the awake bodies' records no
/// longer fit one core's second-level cache.
@Suite("Prefetching threshold")
struct PrefetchingTests {
    @Test("the body threshold is the records that fill the second-level cache")
    func bodyThresholdFollowsCacheSize() {
        let record = MemoryLayout<BodySim>.stride
        // 512 KiB, the EPYC host's L2 a core: junkyard's 8 002 bodies spill it, large-pyramid's 5 051 do not.
        let epyc = World.prefetchingBodyCount(secondLevelCacheBytes: 512 * 1024)
        #expect(epyc == 512 * 1024 / record)
        #expect(epyc * record <= 512 * 1024 && (epyc + 1) * record > 512 * 1024)
        #expect(5_051 < epyc && epyc < 8_002)
        // A cache four times as large holds four times the bodies.
        #expect(World.prefetchingBodyCount(secondLevelCacheBytes: 2 * 1024 * 1024) == 2 * 1024 * 1024 / record)
        // Where the system does not say, the fixed threshold of before.
        #expect(World.prefetchingBodyCount(secondLevelCacheBytes: 0) == 8_192)
        #expect(World.prefetchingBodyCount > 0)
    }
}

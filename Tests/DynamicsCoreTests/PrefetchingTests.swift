import Testing
@testable import DynamicsCore

/// The passes that read body records at random prefetch them once the awake bodies' records no
/// longer fit one core's second-level cache; the contact passes prefetch their pairs once those
/// fill a quarter of the last-level cache.
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

    @Test("the contact pairs are prefetched from a quarter of the last-level cache")
    func pairThresholdFollowsCacheSize() {
        let pair = World.bytesPerWidePair
        #expect(pair == 800)
        // 32 MiB, the EPYC host's L3: rain-100k's 210 000 touching contacts (26 250 pairs or more)
        // are above it, rain-10k's 21 000 and large-pyramid's below.
        let epyc = World.prefetchingPairBytes(lastLevelCacheBytes: 32 << 20)
        #expect(epyc == 8 << 20)
        #expect(26_250 * pair > epyc && 2_625 * pair < epyc)
        #expect(World.prefetchingPairBytes(lastLevelCacheBytes: 0) == 8 << 20)
        #expect(World.prefetchingPairBytes > 0)
    }
}

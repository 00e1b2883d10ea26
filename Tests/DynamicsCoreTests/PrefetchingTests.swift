import CKernelSupport
import Testing
@testable import DynamicsCore

/// The passes that read body records at random prefetch them once the awake bodies' records, with
/// the polygons' edge lanes, no longer fit one core's second-level cache; the contact passes
/// prefetch their pairs once those fill a quarter of the last-level cache.
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

    @Test("the polygons' edge lanes count towards the body threshold")
    func lanesCountTowardsThreshold() {
        let record = MemoryLayout<BodySim>.stride
        // A 1 MiB L2: rain-10k's 10 001 bodies alone fit it, not with their 0.64 MB of lanes.
        let threshold = World.prefetchingBodyCount(secondLevelCacheBytes: 1 << 20)
        #expect(!World.prefetchesRecords(awake: 10_001, laneBytes: 0, threshold: threshold))
        #expect(World.prefetchesRecords(awake: 10_001, laneBytes: 640_128, threshold: threshold))
        // Without lanes the rule is the body count alone, at the threshold exactly.
        #expect(World.prefetchesRecords(awake: threshold, laneBytes: 0, threshold: threshold))
        #expect(!World.prefetchesRecords(awake: threshold - 1, laneBytes: record - 1, threshold: threshold))
        #expect(World.prefetchesRecords(awake: threshold - 1, laneBytes: record, threshold: threshold))
    }

    @Test("a world counts each distinct polygon's lanes once, and no longer those of removed shapes")
    func worldCountsLiveLanes() throws {
        let world = try makeWorld()
        #expect(world.shapes.edgeLanes.liveBytes == 0)
        let ground = try world.createBody(BodyDefinition(type: .static))
        let box = ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.5))
        let first = try world.createShape(on: ground, box)
        let oneBox = world.shapes.edgeLanes.liveBytes
        #expect(oneBox > 0)
        // The same box again shares the copy; another polygon adds its own, a circle none.
        let second = try world.createShape(on: ground, box)
        #expect(world.shapes.edgeLanes.liveBytes == oneBox)
        let wide = try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: 2, halfHeight: 0.5)))
        #expect(world.shapes.edgeLanes.liveBytes == 2 * oneBox)
        try world.createShape(on: ground, ShapeDefinition(.circle(radius: 1)))
        #expect(world.shapes.edgeLanes.liveBytes == 2 * oneBox)
        world.destroyShape(wide)
        #expect(world.shapes.edgeLanes.liveBytes == oneBox)
        world.destroyShape(first)
        world.destroyShape(second)
        #expect(world.shapes.edgeLanes.liveBytes == 0)
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

    @Test("the bodies' states are prefetched where pairs and states outgrow the last-level cache together")
    func stateThresholdFollowsCacheSize() {
        let state = MemoryLayout<BodyState>.stride
        #expect(state == 32)
        let pair = World.bytesPerWidePair
        // rain-100k: about 26 500 pairs (21 MB) and 100 000 awake states (3.2 MB).
        let rainPairs = 26_500 * pair, rainStates = 100_000 * state
        // many-pyramids: about 7 250 pairs (5.8 MB) and 22 000 states (0.7 MB).
        let pyramidPairs = 7_250 * pair, pyramidStates = 22_000 * state
        // 8 MiB of L3: the rain streams its states, the pyramids keep theirs in the cache.
        #expect(World.prefetchesBodyStates(pairBytes: rainPairs, stateBytes: rainStates, lastLevelCacheBytes: 8 << 20))
        #expect(!World.prefetchesBodyStates(pairBytes: pyramidPairs, stateBytes: pyramidStates, lastLevelCacheBytes: 8 << 20))
        // 32 MiB, and a system that does not say (taken as 32 MiB): both fit.
        #expect(!World.prefetchesBodyStates(pairBytes: rainPairs, stateBytes: rainStates, lastLevelCacheBytes: 32 << 20))
        #expect(!World.prefetchesBodyStates(pairBytes: rainPairs, stateBytes: rainStates, lastLevelCacheBytes: 0))
        // The states count as well as the pairs: the same pairs with ten times the states stream.
        #expect(World.prefetchesBodyStates(pairBytes: rainPairs, stateBytes: 10 * rainStates, lastLevelCacheBytes: 32 << 20))
    }

    /// `DYNAMICS_SECOND_LEVEL_CACHE_BYTES` and `DYNAMICS_LAST_LEVEL_CACHE_BYTES` pin the sizes
    /// the thresholds come from (the instruction gate counts every host as the recording one);
    /// anything that is not a size leaves the system's figure.
    @Test("the cache size overrides take bytes, K or M, and refuse anything else")
    func cacheSizeOverrideText() {
        #expect(dynamics_cache_bytes_from_text("524288") == 524_288)
        #expect(dynamics_cache_bytes_from_text("512K") == 512 << 10)
        #expect(dynamics_cache_bytes_from_text("32M") == 32 << 20)
        #expect(dynamics_cache_bytes_from_text("1") == 1)
        for bad in ["", "0", "0K", "-512", "+512", " 512", "512 ", "512k", "512KB", "1G", "5x", "K", "1099511627777"] {
            #expect(dynamics_cache_bytes_from_text(bad) == -1, "\(bad)")
        }
        #expect(dynamics_cache_bytes_from_text(nil) == -1)
        #expect(dynamics_cache_bytes_from_text("1099511627776M") == 1 << 60)
    }
}

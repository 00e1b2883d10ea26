import CKernelSupport

extension World {
    /// Awake bodies from which the passes that read body and shape records at random (the
    /// narrowphase, finalisation) prefetch them ahead: as many body records as fill one core's
    /// second-level cache, as the system reports it (`prefetchingBodyCount(secondLevelCacheBytes:)`).
    /// The polygons' edge lanes count towards it (`prefetchesRecords`).
    ///
    /// Below it those records mostly stay in the cache from pass to pass, and the prefetches
    /// mostly add instructions: with them on in every scene, the tumbler (2 026 bodies) and
    /// junkyard (8 002) ran 4 to 5 % more instructions, and large-pyramid's narrowphase (5 051
    /// bodies, 444 kB of records) took a larger share of perf's samples (0.44 → 0.51 of the
    /// solver's). Above it they pay: on the 2-vCPU EPYC host with 512 KiB of L2 a core, junkyard's
    /// 8 002 records (704 kB) spill it, 19 % of the narrowphase's own samples sat on the load of a
    /// contact's body records, and with the prefetches its share went from 2.22 to 2.03 of the
    /// solver's (six alternating perf runs of each build). The threshold had been a fixed 8 192,
    /// read as fitting a 1 MiB L2 that was in fact two cores' 512 KiB. The environment variable
    /// `DYNAMICS_SECOND_LEVEL_CACHE_BYTES` ("512K") sets the size instead, for runs that must
    /// decide as another host would (`Benchmarks/count-instructions.sh`).
    static let prefetchingBodyCount = prefetchingBodyCount(secondLevelCacheBytes: Int(dynamics_second_level_cache_bytes()))

    /// Whether the narrowphase and the finalisation prefetch the records they read at random: the
    /// awake bodies' records and the polygons' edge lanes (`EdgeLanePool`, a copy per distinct
    /// polygon) together fill `prefetchingBodyCount` records or more.
    ///
    /// The finalisation reads each awake polygon's lanes for its box, and a pile of polygons all
    /// different (rain) has a copy each: rain-10k's 10 001 awake bodies are below the threshold
    /// of a 1 MiB L2 (11 915 records), but with their lanes (0.64 MB) the records no longer fit,
    /// and two thirds of the finalisation's samples sat on the first load of each polygon's
    /// lanes. Counting the lanes, rain-10k and views-10k (0.32 MB of lanes) prefetch there; the
    /// other profiles decide as before. Three alternating one-thread benches against the build
    /// before, on the EPYC host with AVX-512: rain-10k 4.54, 3.68, 4.15 → 3.31, 3.44, 3.55 ms a
    /// step, views-10k 20.65, 20.24, 20.23 → 18.38, 18.13, 19.17; on two threads, where each
    /// core holds half, within the noise.
    var prefetchesRecords: Bool {
        Self.prefetchesRecords(awake: bodies.awakeCount, laneBytes: shapes.edgeLanes.liveBytes,
                               threshold: Self.prefetchingBodyCount)
    }

    /// Whether `awake` body records and `laneBytes` of edge lanes fill `threshold` body records.
    static func prefetchesRecords(awake: Int, laneBytes: Int, threshold: Int) -> Bool {
        awake + laneBytes / MemoryLayout<BodySim>.stride >= threshold
    }

    /// Bytes of wide contact pairs above which the contact passes load the pairs ahead: a quarter
    /// of the third-level cache, as the system reports it (8 MiB where it does not say).
    ///
    /// Where the pairs stream from memory, the processor's own prefetching falls behind: in
    /// rain-100k (21 MB of pairs, 32 MiB of L3 on the EPYC host, beside 84 MB of contact records
    /// and solver manifolds the narrowphase reads each step) a quarter of the AVX pass's samples
    /// sat on reads of a pair's later lines. With the pairs loaded four ahead, the pass went from 1.17–1.39 to
    /// 0.88–1.09 times the narrowphase's samples (two sets of three alternating perf runs, one
    /// thread; on two threads 1.21–1.34 → 0.84–0.96). From the cache the prefetches only
    /// add instructions: rain-10k's 2 MB of pairs read the same (1.13–1.18 → 1.13), and
    /// large-pyramid's 1 MB ran 2.4 % more instructions and, side by side, read slower in three
    /// of four rounds. `DYNAMICS_LAST_LEVEL_CACHE_BYTES` ("32M") sets the cache's size instead.
    static let prefetchingPairBytes = prefetchingPairBytes(lastLevelCacheBytes: lastLevelCacheBytes)

    /// The last-level cache's size as the system reports it (0 where it does not say), or as
    /// `DYNAMICS_LAST_LEVEL_CACHE_BYTES` sets it.
    static let lastLevelCacheBytes = Int(dynamics_last_level_cache_bytes())

    /// Whether the laid-out contact pairs (`layOutWideBlocks`) are more than the caches keep
    /// between passes: the passes then prefetch them, and the preparation writes them past the
    /// caches (`PrepareContactsKernel.streamsPairs`).
    var widePairsStreamFromMemory: Bool {
        widePairBytes > Self.prefetchingPairBytes
    }

    /// The bytes of the laid-out contact pairs with their second points.
    var widePairBytes: Int { Int(wideOffsets[GraphColoring.maxColors]) / 2 * Self.bytesPerWidePair }

    /// Whether the contact passes also load the states of each pair's bodies ahead: the pairs and
    /// the awake bodies' 32-byte states outgrow the last-level cache together
    /// (`prefetchesBodyStates(pairBytes:stateBytes:lastLevelCacheBytes:)`).
    var bodyStatesStreamFromMemory: Bool {
        Self.prefetchesBodyStates(pairBytes: widePairBytes, stateBytes: bodies.awakeCount * MemoryLayout<BodyState>.stride,
                                  lastLevelCacheBytes: Self.lastLevelCacheBytes)
    }

    /// Whether `pairBytes` of contact pairs and `stateBytes` of body states are more than a
    /// last-level cache of `bytes` bytes holds (32 MiB where the system does not report it, 0).
    ///
    /// Each pass streams every pair through the cache, while a body's state is read again only
    /// in the pass's next colour that holds it; when the two do not fit together, the stream
    /// pushes the states out between their reads, and a pair's sixteen gathers each wait on
    /// memory. On an AMD EPYC of the first Zen family with 8 MiB of L3 (2026-12-01), prefetching
    /// the states two pairs ahead took rain-100k's passes (21 MB of pairs, 3.2 MB of states) to
    /// 0.75 to 0.87 of the time a pair on one thread and 0.89 on two, and rain-50k's (12 MB
    /// together) to 0.89, each measured in one run with the prefetch switched on and off every
    /// 4 ms; rain-100k's step per body against rain-1k's went from 1.45× to 1.35× (`dynamics
    /// per-body`, a quiet spell; 2.07× and 1.87× to 1.66× and 1.39× in a slow one). Where the two
    /// fit, the prefetches cost: many-pyramids (6.5 MB) 1.05, views-10k (3.5 MB) 1.03, rain-30k
    /// (7.3 MB) 0.99. On the hosts with 32 MiB of L3 rain-100k's 24 MB fit, and an earlier trial
    /// there found nothing measurable; those hosts decide as before (the Large Scenes article).
    static func prefetchesBodyStates(pairBytes: Int, stateBytes: Int, lastLevelCacheBytes bytes: Int) -> Bool {
        pairBytes + stateBytes > (bytes > 0 ? bytes : 32 << 20)
    }

    /// The bytes of a block pair of two points: the pair and its second point.
    static var bytesPerWidePair: Int { MemoryLayout<WideContactPair>.stride + MemoryLayout<WidePointPair>.stride }

    /// A quarter of a last-level cache of `bytes` bytes; 8 MiB where the system does not report
    /// the size (0).
    static func prefetchingPairBytes(lastLevelCacheBytes bytes: Int) -> Int {
        bytes > 0 ? bytes / 4 : 8 << 20
    }

    /// How many body records fill a second-level cache of `bytes` bytes; 8 192 (0.7 MB) where the
    /// system does not report the size (0).
    static func prefetchingBodyCount(secondLevelCacheBytes bytes: Int) -> Int {
        guard bytes > 0 else { return 8192 }
        return bytes / MemoryLayout<BodySim>.stride
    }

    /// Shape slots from which the pair search prefetches the records of the proxies it searches
    /// from (see `World.searchPairs`).
    static let prefetchingProxyCount = 8192

    /// Pairs from which the pair search prefetches the pair table's slots (8 192 pairs have a
    /// table of at least 16 384 slots of 12 bytes, 0.2 MB). From 32 768 down to this, tumbler's
    /// table of 14 600 pairs got the prefetches: its lookups had been 62 % of the pair search's
    /// samples in perf, and two builds at once, one per core, went from 6.24, 6.27, 5.99, 6.16 to
    /// 5.91, 5.95, 5.78, 5.85 ms per step (400 steps, one thread).
    static let prefetchingPairCount = 8192

    /// How many new pairs ahead `updatePairs` loads the pair table's slot for one, and how many
    /// destroyed contacts ahead `collide` loads the slots it will clear (and, twice as far ahead,
    /// the doomed records that hold their keys).
    static let pairSlotPrefetchDistance = 8
}

/// Starts loading every cache line of the value at `pointer` (a record that straddles lines;
/// `dynamics_prefetch_bytes`). The contact passes load their pairs for writing instead
/// (`dynamics_prefetch_bytes_for_write`), as they write impulses back into them.
@inline(__always)
func prefetchWhole<T>(_ pointer: UnsafePointer<T>) {
    dynamics_prefetch_bytes(pointer, MemoryLayout<T>.size)
}

extension World {
    /// Awake bodies from which the passes that read body and shape records at random (the
    /// narrowphase, finalisation, the island pass) prefetch them ahead.
    ///
    /// Below it those records stay in the cache from pass to pass (4 096 body records of 88 bytes
    /// are a third of the 1 MB second-level cache of the 2-core machines measured), and the
    /// prefetches only add instructions: 5 % more in the tumbler's 2 026 bodies.
    static let prefetchingBodyCount = 4096

    /// Pairs from which the pair search prefetches the pair table's slots (16 384 pairs have a
    /// table of at least 32 768 slots of 12 bytes).
    static let prefetchingPairCount = 16384
}

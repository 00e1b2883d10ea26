extension World {
    /// Awake bodies from which the passes that read body and shape records at random (the
    /// narrowphase, finalisation) prefetch them ahead.
    ///
    /// Below it those records mostly stay in the cache from pass to pass (8 192 body records of 88
    /// bytes are 0.7 MB, against the 1 MB second-level cache of the 2-core machines measured), and
    /// the prefetches mostly add instructions: with them on in every scene, the tumbler (2 026
    /// bodies) and junkyard (8 002) ran 4 to 5 % more instructions for a step time that did not
    /// measurably change.
    static let prefetchingBodyCount = 8192

    /// Pairs from which the pair search prefetches the pair table's slots (8 192 pairs have a
    /// table of at least 16 384 slots of 12 bytes, 0.2 MB). From 32 768 down to this, tumbler's
    /// table of 14 600 pairs got the prefetches: its lookups had been 62 % of the pair search's
    /// samples in perf, and two builds at once, one per core, went from 6.24, 6.27, 5.99, 6.16 to
    /// 5.91, 5.95, 5.78, 5.85 ms per step (400 steps, one thread).
    static let prefetchingPairCount = 8192

    /// How many new pairs ahead `updatePairs` loads the pair table's slot for one, how many
    /// destroyed contacts ahead `collide` loads the slots it will clear and rewrite, and how many
    /// contacts ahead the locality pass loads the slots it rewrites.
    static let pairSlotPrefetchDistance = 8
}

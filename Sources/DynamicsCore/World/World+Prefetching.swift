extension World {
    /// Awake bodies from which the passes that read body and shape records at random (the
    /// narrowphase, finalisation, the island pass) prefetch them ahead.
    ///
    /// Below it those records mostly stay in the cache from pass to pass (8 192 body records of 88
    /// bytes are 0.7 MB, against the 1 MB second-level cache of the 2-core machines measured), and
    /// the prefetches mostly add instructions: with them on in every scene, the tumbler (2 026
    /// bodies) and junkyard (8 002) ran 4 to 5 % more instructions for a step time that did not
    /// measurably change.
    static let prefetchingBodyCount = 8192

    /// Pairs from which the pair search prefetches the pair table's slots (32 768 pairs have a
    /// table of at least 65 536 slots of 12 bytes, 0.8 MB).
    static let prefetchingPairCount = 32768
}

#ifndef DYNAMICS_PREFETCH_H
#define DYNAMICS_PREFETCH_H

/// Asks the processor to start loading the cache line at `address`, to be read soon. It has no
/// effect on any result; where the compiler has no prefetch builtin it does nothing.
static inline void dynamics_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

/// `dynamics_prefetch` for a line about to be written: the processor may fetch it already owned,
/// so that the write does not first have to take it from another core's cache.
static inline void dynamics_prefetch_for_write(void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 1, 3);
#else
    (void)address;
#endif
}

#endif

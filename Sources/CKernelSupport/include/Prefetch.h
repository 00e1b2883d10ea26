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

#endif

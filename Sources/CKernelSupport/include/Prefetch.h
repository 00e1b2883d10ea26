#ifndef DYNAMICS_PREFETCH_H
#define DYNAMICS_PREFETCH_H

#include <stddef.h>

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
/// so that the write does not first have to take it from another core's cache. Baseline x86-64
/// has no such instruction (PREFETCHW needs the PRFCHW feature), and the compiler emits a read
/// prefetch there. Issuing PREFETCHW by hand on the EPYC host changed nothing measurable: ahead of
/// the finalisation's record stores and of the narrowphase's solver manifolds (2026-11-30).
static inline void dynamics_prefetch_for_write(void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 1, 3);
#else
    (void)address;
#endif
}

/// `dynamics_prefetch` for every cache line of the `bytes` bytes at `address` (a record that
/// straddles lines): a line every 64 bytes from its start, and the one of its last byte.
static inline void dynamics_prefetch_bytes(const void *address, size_t bytes) {
    const char *start = (const char *)address;
    for (size_t offset = 0; offset < bytes; offset += 64) dynamics_prefetch(start + offset);
    dynamics_prefetch(start + bytes - 1);
}

/// `dynamics_prefetch_bytes` for a record about to be read and partly written
/// (`dynamics_prefetch_for_write` on each of its lines).
static inline void dynamics_prefetch_bytes_for_write(void *address, size_t bytes) {
    char *start = (char *)address;
    for (size_t offset = 0; offset < bytes; offset += 64) dynamics_prefetch_for_write(start + offset);
    dynamics_prefetch_for_write(start + bytes - 1);
}

#endif

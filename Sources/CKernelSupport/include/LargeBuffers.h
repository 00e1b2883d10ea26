#ifndef DYNAMICS_LARGE_BUFFERS_H
#define DYNAMICS_LARGE_BUFFERS_H

#include <stddef.h>

/// Allocates at least `bytes` bytes aligned to `alignment` (a power of two), or returns NULL; writes
/// how many bytes the block really has to `usable`.
///
/// From 2 MiB on Linux, the block is aligned to 2 MiB, rounded up to whole 2 MiB pages and marked
/// for transparent huge pages (`madvise(MADV_HUGEPAGE)`), so that a pass that reads it at random
/// needs one TLB entry per 2 MiB instead of per 4 KiB. Elsewhere, and where the kernel declines,
/// it is ordinary memory. Free it with `dynamics_free_buffer`.
void *dynamics_allocate_buffer(size_t bytes, size_t alignment, size_t *usable);

/// Frees a block from `dynamics_allocate_buffer` (NULL does nothing).
void dynamics_free_buffer(void *buffer);

#endif

#ifndef DYNAMICS_LARGE_BUFFERS_H
#define DYNAMICS_LARGE_BUFFERS_H

#include <stddef.h>
#include <stdint.h>

/// Allocates at least `bytes` bytes aligned to `alignment` (a power of two), or returns NULL; writes
/// how many bytes the block really has to `usable`.
///
/// From 2 MiB on Linux, the block is mapped on its own: aligned to 2 MiB, rounded up to whole pages
/// and marked for transparent huge pages (`madvise(MADV_HUGEPAGE)`), so that a pass that reads it
/// at random needs one TLB entry per 2 MiB instead of per 4 KiB. Freeing it unmaps it, so the
/// memory goes back to the system at once instead of staying in the heap. Elsewhere, and below
/// 2 MiB, it comes from the heap. Free it with `dynamics_free_buffer`.
void *dynamics_allocate_buffer(size_t bytes, size_t alignment, size_t *usable);

/// Frees a block from `dynamics_allocate_buffer` (NULL does nothing). `bytes` is the block's
/// `usable` size, so that a mapped block is unmapped whole.
void dynamics_free_buffer(void *buffer, size_t bytes);

/// Blocks `dynamics_allocate_buffer` has mapped on its own so far, in the whole process. They do
/// not go through `malloc`, so a count of heap allocations does not see them: add this to it.
int64_t dynamics_buffer_mapping_count(void);

/// The same, counting only the blocks the calling thread mapped.
int64_t dynamics_thread_buffer_mapping_count(void);

#endif

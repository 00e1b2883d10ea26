#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/mman.h>
#include <stdint.h>
#include <unistd.h>
#endif
#include <stdlib.h>
#include "LargeBuffers.h"

#if defined(_WIN32)
#include <malloc.h>
#endif

static _Atomic int64_t mappings = 0;
static _Thread_local int64_t threadMappings = 0;

int64_t dynamics_buffer_mapping_count(void) { return mappings; }
int64_t dynamics_thread_buffer_mapping_count(void) { return threadMappings; }

#if defined(__linux__) && defined(MADV_HUGEPAGE)
static const size_t huge_page = (size_t)2 << 20;

/// `bytes` rounded up to whole pages of the system's size (4 KiB on x86-64, up to 64 KiB on arm64).
static size_t whole_pages(size_t bytes) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + page - 1) & ~(page - 1);
}

/// Whether a block of `bytes` is mapped on its own (and so unmapped on free) rather than taken from
/// the heap. Both functions decide it from the same figure, the block's byte count.
static int is_mapped(size_t bytes) { return bytes >= huge_page; }

/// Maps `bytes` (whole pages) at a 2 MiB boundary: maps 2 MiB more than needed, then
/// unmaps the slack before the boundary and past the end.
static void *map_aligned(size_t bytes) {
    size_t span = bytes + huge_page;
    char *start = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (start == MAP_FAILED) return NULL;
    char *aligned = (char *)(((uintptr_t)start + huge_page - 1) & ~(uintptr_t)(huge_page - 1));
    if (aligned > start) munmap(start, (size_t)(aligned - start));
    char *end = aligned + bytes;
    char *spanEnd = start + span;
    if (spanEnd > end) munmap(end, (size_t)(spanEnd - end));
    return aligned;
}
#endif

void *dynamics_allocate_buffer(size_t bytes, size_t alignment, size_t *usable) {
    if (alignment < 16) alignment = 16;
    if (bytes == 0) bytes = alignment;
    *usable = bytes;
#if defined(_WIN32)
    return _aligned_malloc(bytes, alignment);
#else
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (is_mapped(bytes)) {
        size_t rounded = whole_pages(bytes);
        void *block = map_aligned(rounded);
        if (block == NULL) return NULL;
        mappings++;
        threadMappings++;
        // Advice only: without transparent huge pages this fails and the pages stay small.
        (void)madvise(block, rounded, MADV_HUGEPAGE);
        *usable = rounded;
        return block;
    }
#endif
    void *block = NULL;
    if (posix_memalign(&block, alignment, bytes) != 0) return NULL;
    return block;
#endif
}

void dynamics_free_buffer(void *buffer, size_t bytes) {
    if (buffer == NULL) return;
#if defined(_WIN32)
    (void)bytes;
    _aligned_free(buffer);
#else
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (is_mapped(bytes)) {
        munmap(buffer, whole_pages(bytes));
        return;
    }
#else
    (void)bytes;
#endif
    free(buffer);
#endif
}

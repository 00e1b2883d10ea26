#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/mman.h>
#endif
#include <stdlib.h>
#include "LargeBuffers.h"

#if defined(_WIN32)
#include <malloc.h>
#endif

static const size_t huge_page = (size_t)2 << 20;

void *dynamics_allocate_buffer(size_t bytes, size_t alignment, size_t *usable) {
    if (alignment < 16) alignment = 16;
    if (bytes == 0) bytes = alignment;
    *usable = bytes;
#if defined(_WIN32)
    return _aligned_malloc(bytes, alignment);
#else
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= huge_page) {
        size_t rounded = (bytes + huge_page - 1) & ~(huge_page - 1);
        void *block = NULL;
        if (posix_memalign(&block, huge_page, rounded) != 0) return NULL;
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

void dynamics_free_buffer(void *buffer) {
#if defined(_WIN32)
    _aligned_free(buffer);
#else
    free(buffer);
#endif
}

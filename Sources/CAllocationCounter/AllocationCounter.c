// Counts heap allocations of the `dynamics` executable by defining the allocation functions
// and forwarding to glibc's own implementations (__libc_*). Linked into the command line only,
// never into the libraries. Other platforms report -1, and so do builds with AddressSanitizer
// or ThreadSanitizer: their runtimes call malloc while they are still looking up their own
// interceptors, and these definitions crashed every such test run before the first test.
#include "AllocationCounter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define DYNAMICS_UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DYNAMICS_UNDER_SANITIZER 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(DYNAMICS_UNDER_SANITIZER)
int32_t dynamics_allocation_counting_available(void) { return 1; }

#include <errno.h>
#include <stddef.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static _Atomic int64_t allocations = 0;
static _Thread_local int64_t threadAllocations = 0;

int64_t dynamics_allocation_count(void) { return allocations; }
int64_t dynamics_thread_allocation_count(void) { return threadAllocations; }

#define COUNT() (allocations++, threadAllocations++)

void *malloc(size_t size) { COUNT(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { COUNT(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { COUNT(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { COUNT(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { COUNT(); return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    COUNT();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
#else
int32_t dynamics_allocation_counting_available(void) { return 0; }
int64_t dynamics_allocation_count(void) { return -1; }
int64_t dynamics_thread_allocation_count(void) { return -1; }
#endif

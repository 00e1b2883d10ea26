#ifndef DYNAMICS_ALLOCATION_COUNTER_H
#define DYNAMICS_ALLOCATION_COUNTER_H

#include <stdint.h>

/// 1 where this build counts allocations (glibc-based Linux without AddressSanitizer), else 0.
int32_t dynamics_allocation_counting_available(void);

/// Heap allocations (malloc, calloc, realloc, aligned variants) made by this process so far,
/// or -1 where the counter is not available (`dynamics_allocation_counting_available`).
int64_t dynamics_allocation_count(void);

/// The same, counting only the calling thread's allocations (-1 where not available).
int64_t dynamics_thread_allocation_count(void);

#endif

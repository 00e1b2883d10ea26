#ifndef THREAD_ALLOCATION_COUNTER_H
#define THREAD_ALLOCATION_COUNTER_H

#include <stdint.h>

/// The allocation hook to install into the harness's malloc interposer: it counts an allocation
/// only while the allocating thread has a count open (`thread_allocations_begin`). Allocations of
/// other threads, such as the harness's memory sampler, are not counted.
void thread_allocations_hook(long size);

/// Opens this thread's count at zero.
void thread_allocations_begin(void);

/// Closes this thread's count and returns the allocations it made since `thread_allocations_begin`.
int64_t thread_allocations_end(void);

#endif

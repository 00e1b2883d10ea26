// Counts the allocations of one thread between two calls, from inside the harness's malloc
// interposer (which calls the hook on the allocating thread, for every allocation it counts).
// The benchmarks run the engine on the calling thread alone (one worker), so this count is the
// engine's own: unlike the interposer's process-wide total, it does not grow with a sample's
// duration through the allocations of the harness's background threads.
#include "ThreadAllocationCounter.h"

#include <stdbool.h>

static _Thread_local bool counting = false;
static _Thread_local int64_t count = 0;

void thread_allocations_hook(long size) {
    (void)size;
    if (counting) count += 1;
}

void thread_allocations_begin(void) {
    count = 0;
    counting = true;
}

int64_t thread_allocations_end(void) {
    counting = false;
    return count;
}

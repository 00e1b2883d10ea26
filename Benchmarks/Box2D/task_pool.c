// A spinning task pool for Box2D's task callbacks: the calling thread is worker 0, the pool's
// threads 1 … N-1. Workers never sleep, as a benchmark's should not between Box2D's stages.
#include "task_pool.h"

#include <immintrin.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

enum { slotCount = 4096 };

typedef struct {
    b2TaskCallback* run;
    void* context;
    int itemCount, chunkSize, chunkCount;
    atomic_int claimed, completed;
} TaskSlot;

static TaskSlot slots[slotCount];
static atomic_long publishedTasks;
static long enqueuedTasks;
static atomic_bool stopping;
int threadCount = 1;
static pthread_t threads[maxPoolThreads];

static bool runOneChunk(long *oldest, long newest, int worker) {
    for (long i = *oldest; i < newest; i++) {
        TaskSlot* s = &slots[i % slotCount];
        if (atomic_load_explicit(&s->claimed, memory_order_relaxed) >= s->chunkCount) {
            if (i == *oldest) (*oldest)++;
            continue;
        }
        int c = atomic_fetch_add(&s->claimed, 1);
        if (c >= s->chunkCount) continue;
        int start = c * s->chunkSize;
        int end = start + s->chunkSize < s->itemCount ? start + s->chunkSize : s->itemCount;
        s->run(start, end, (uint32_t)worker, s->context);
        atomic_fetch_add_explicit(&s->completed, 1, memory_order_release);
        return true;
    }
    return false;
}

static void* poolThread(void* argument) {
    int worker = (int)(intptr_t)argument;
    long oldest = 0;
    while (!atomic_load_explicit(&stopping, memory_order_relaxed)) {
        long newest = atomic_load_explicit(&publishedTasks, memory_order_acquire);
        if (!runOneChunk(&oldest, newest, worker)) _mm_pause();
    }
    return NULL;
}

void* enqueueTask(b2TaskCallback* task, int itemCount, int minRange, void* taskContext, void* userContext) {
    (void)userContext;
    if (minRange < 1) minRange = 1;
    int chunks = itemCount / minRange;
    if (chunks > threadCount) chunks = threadCount;
    if (chunks < 1) chunks = 1;
    // Even a single chunk goes to the pool: the solver enqueues one task per worker, and those
    // must run at the same time.
    if (itemCount == 0 || threadCount == 1) {
        task(0, itemCount, 0, taskContext);
        return NULL;
    }
    TaskSlot* s = &slots[enqueuedTasks % slotCount];
    s->run = task;
    s->context = taskContext;
    s->itemCount = itemCount;
    s->chunkCount = chunks;
    s->chunkSize = (itemCount + chunks - 1) / chunks;
    atomic_store_explicit(&s->claimed, 0, memory_order_relaxed);
    atomic_store_explicit(&s->completed, 0, memory_order_relaxed);
    enqueuedTasks++;
    atomic_store_explicit(&publishedTasks, enqueuedTasks, memory_order_release);
    return s;
}

static long mainOldest = 0;

void finishTask(void* userTask, void* userContext) {
    (void)userContext;
    TaskSlot* s = userTask;
    while (atomic_load_explicit(&s->completed, memory_order_acquire) < s->chunkCount) {
        if (!runOneChunk(&mainOldest, enqueuedTasks, 0)) _mm_pause();
    }
}

void startPool(int count) {
    threadCount = count;
    for (int i = 1; i < count; i++) pthread_create(&threads[i], NULL, poolThread, (void*)(intptr_t)i);
}

void stopPool(void) {
    atomic_store(&stopping, true);
    for (int i = 1; i < threadCount; i++) pthread_join(threads[i], NULL);
}

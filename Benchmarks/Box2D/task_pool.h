// A spinning task pool that runs Box2D's tasks on N threads (see task_pool.c).
#pragma once
#include <box2d/box2d.h>

enum { maxPoolThreads = 8 };

/// Threads of the running pool, the calling one included (1 until startPool).
extern int threadCount;

/// Starts `count` - 1 worker threads (count in 1 ... maxPoolThreads).
void startPool(int count);
/// Stops and joins them.
void stopPool(void);
/// Box2D's b2EnqueueTaskCallback: splits the items into at most threadCount chunks.
void* enqueueTask(b2TaskCallback* task, int itemCount, int minRange, void* taskContext, void* userContext);
/// Box2D's b2FinishTaskCallback: runs pending chunks on the calling thread until the task is done.
void finishTask(void* userTask, void* userContext);

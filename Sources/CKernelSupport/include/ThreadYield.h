#ifndef DYNAMICS_THREAD_YIELD_H
#define DYNAMICS_THREAD_YIELD_H

/// Offers the rest of the calling thread's time slice to another thread that is ready to run on
/// its processor; returns at once when there is none. A spinning thread calls it so that, on a
/// machine with more busy threads than processors, it does not keep the one it waits for off the
/// processor.
void dynamics_yield_thread(void);

#endif

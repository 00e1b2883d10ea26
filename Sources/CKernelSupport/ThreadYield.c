#include "ThreadYield.h"

#if defined(_WIN32)
#include <windows.h>
void dynamics_yield_thread(void) { SwitchToThread(); }
#else
#include <sched.h>
void dynamics_yield_thread(void) { sched_yield(); }
#endif

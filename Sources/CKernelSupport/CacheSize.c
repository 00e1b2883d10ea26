#include "CacheSize.h"

#if defined(__APPLE__)
#include <sys/sysctl.h>

int64_t dynamics_second_level_cache_bytes(void) {
    const char *names[] = { "hw.perflevel0.l2cachesize", "hw.l2cachesize" };
    for (int i = 0; i < 2; i++) {
        int64_t bytes = 0;
        size_t length = sizeof bytes;
        if (sysctlbyname(names[i], &bytes, &length, NULL, 0) == 0 && length == sizeof bytes && bytes > 0) return bytes;
    }
    return 0;
}
#elif defined(__linux__)
#include <unistd.h>

int64_t dynamics_second_level_cache_bytes(void) {
#if defined(_SC_LEVEL2_CACHE_SIZE)
    long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return bytes > 0 ? (int64_t)bytes : 0;
#else
    return 0;
#endif
}
#else
int64_t dynamics_second_level_cache_bytes(void) { return 0; }
#endif

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

int64_t dynamics_last_level_cache_bytes(void) {
    int64_t bytes = 0;
    size_t length = sizeof bytes;
    if (sysctlbyname("hw.l3cachesize", &bytes, &length, NULL, 0) == 0 && length == sizeof bytes && bytes > 0) return bytes;
    return 0;
}
#elif defined(__linux__)
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int64_t dynamics_second_level_cache_bytes(void) {
#if defined(_SC_LEVEL2_CACHE_SIZE)
    long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return bytes > 0 ? (int64_t)bytes : 0;
#else
    return 0;
#endif
}

/// The first line of the file at `path`, into `line`; 0 where it cannot be read.
static int read_line(const char *path, char *line, int size) {
    FILE *file = fopen(path, "r");
    if (file == NULL) return 0;
    int read = fgets(line, size, file) != NULL;
    fclose(file);
    return read;
}

// The cache directory of the first processor, not sysconf: glibc reports the L3 of every core
// complex of an AMD package added up (256 MiB on the 32 MiB EPYC host).
int64_t dynamics_last_level_cache_bytes(void) {
    for (int index = 0; index < 8; index++) {
        char path[96], line[64];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", index);
        if (!read_line(path, line, sizeof line) || atoi(line) != 3) continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
        if (!read_line(path, line, sizeof line)) return 0;
        char *unit = NULL;
        long long size = strtoll(line, &unit, 10);
        if (size <= 0) return 0;
        if (*unit == 'K') return (int64_t)size << 10;
        if (*unit == 'M') return (int64_t)size << 20;
        return (int64_t)size;
    }
    return 0;
}
#else
int64_t dynamics_second_level_cache_bytes(void) { return 0; }
int64_t dynamics_last_level_cache_bytes(void) { return 0; }
#endif

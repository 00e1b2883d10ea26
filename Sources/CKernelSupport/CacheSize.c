#include "CacheSize.h"

#include <stdio.h>
#include <stdlib.h>

#if defined(__APPLE__)
#include <sys/sysctl.h>

static int64_t system_second_level_cache_bytes(void) {
    const char *names[] = { "hw.perflevel0.l2cachesize", "hw.l2cachesize" };
    for (int i = 0; i < 2; i++) {
        int64_t bytes = 0;
        size_t length = sizeof bytes;
        if (sysctlbyname(names[i], &bytes, &length, NULL, 0) == 0 && length == sizeof bytes && bytes > 0) return bytes;
    }
    return 0;
}

static int64_t system_last_level_cache_bytes(void) {
    int64_t bytes = 0;
    size_t length = sizeof bytes;
    if (sysctlbyname("hw.l3cachesize", &bytes, &length, NULL, 0) == 0 && length == sizeof bytes && bytes > 0) return bytes;
    return 0;
}
#elif defined(__linux__)
#include <unistd.h>

static int64_t system_second_level_cache_bytes(void) {
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
static int64_t system_last_level_cache_bytes(void) {
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
static int64_t system_second_level_cache_bytes(void) { return 0; }
static int64_t system_last_level_cache_bytes(void) { return 0; }
#endif

int64_t dynamics_cache_bytes_from_text(const char *text) {
    if (text == NULL || *text < '0' || *text > '9') return -1;
    int64_t bytes = 0;
    for (; *text >= '0' && *text <= '9'; text++) {
        bytes = bytes * 10 + (*text - '0');
        if (bytes > ((int64_t)1 << 40)) return -1;
    }
    int shift = 0;
    if (*text == 'K') shift = 10, text++;
    else if (*text == 'M') shift = 20, text++;
    if (*text != '\0' || bytes == 0) return -1;
    return bytes << shift;
}

/// The size that the environment variable `name` gives, or the system's figure where it is not
/// set. A value that is not a size is named on standard error, and the system's figure is used.
/// Read once per process: the thresholds that use it are computed once.
static int64_t cache_bytes(const char *name, int64_t (*system)(void)) {
    const char *text = getenv(name);
    if (text == NULL) return system();
    int64_t bytes = dynamics_cache_bytes_from_text(text);
    if (bytes > 0) return bytes;
    fprintf(stderr, "dynamics: %s must be a size in bytes greater than 0, optionally with K or M (such as 524288 or "
                    "512K), got '%s'; using the system's figure\n", name, text);
    return system();
}

int64_t dynamics_second_level_cache_bytes(void) {
    return cache_bytes("DYNAMICS_SECOND_LEVEL_CACHE_BYTES", system_second_level_cache_bytes);
}

int64_t dynamics_last_level_cache_bytes(void) {
    return cache_bytes("DYNAMICS_LAST_LEVEL_CACHE_BYTES", system_last_level_cache_bytes);
}

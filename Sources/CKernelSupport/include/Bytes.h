#ifndef DYNAMICS_BYTES_H
#define DYNAMICS_BYTES_H

#include <stddef.h>
#include <string.h>

/// Whether the `count` bytes at `a` and at `b` are the same (the C library's comparison, which
/// reads wide words on every platform that has them).
static inline int dynamics_bytes_equal(const void *a, const void *b, size_t count) {
    return count == 0 || memcmp(a, b, count) == 0;
}

#endif

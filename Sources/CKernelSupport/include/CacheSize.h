#ifndef DYNAMICS_CACHE_SIZE_H
#define DYNAMICS_CACHE_SIZE_H

#include <stdint.h>

/// The size in bytes of one core's second-level data cache as the system reports it (on Apple
/// silicon, that of the performance cores), or 0 where the system does not say. The environment
/// variable `DYNAMICS_SECOND_LEVEL_CACHE_BYTES` overrides it (see `dynamics_cache_bytes_from_text`).
int64_t dynamics_second_level_cache_bytes(void);

/// The size in bytes of the third-level cache that the first processor shares with its
/// neighbours, as the system lists it, or 0 where the system does not say (Apple silicon reports
/// none). The environment variable `DYNAMICS_LAST_LEVEL_CACHE_BYTES` overrides it.
int64_t dynamics_last_level_cache_bytes(void);

/// A cache size as the override variables give it: a whole number of bytes greater than 0, or of
/// kibibytes or mebibytes with a `K` or `M` after it ("524288", "512K", "32M"). Returns -1 for
/// anything else (empty, signs, spaces, other units, 0, or more than 2^40 before the unit).
int64_t dynamics_cache_bytes_from_text(const char *text);

#endif

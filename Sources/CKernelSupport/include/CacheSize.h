#ifndef DYNAMICS_CACHE_SIZE_H
#define DYNAMICS_CACHE_SIZE_H

#include <stdint.h>

/// The size in bytes of one core's second-level data cache as the system reports it (on Apple
/// silicon, that of the performance cores), or 0 where the system does not say.
int64_t dynamics_second_level_cache_bytes(void);

/// The size in bytes of the third-level cache that the first processor shares with its
/// neighbours, as the system lists it, or 0 where the system does not say (Apple silicon reports
/// none).
int64_t dynamics_last_level_cache_bytes(void);

#endif

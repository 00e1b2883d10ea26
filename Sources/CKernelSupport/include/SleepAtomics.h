#ifndef DYNAMICS_SLEEP_ATOMICS_H
#define DYNAMICS_SLEEP_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

// Relaxed atomic operations on plain arrays, for the sleep update's links made by several threads
// at once (a union-find forest of Int32 parents and a byte of flags per body). The stage barrier
// that ends the parallel pass orders them with what comes after.

/// Reads `*value` atomically.
static inline int32_t dynamics_relaxed_load_i32(const int32_t *value) {
    return __atomic_load_n(value, __ATOMIC_RELAXED);
}

/// Writes `*value` atomically.
static inline void dynamics_relaxed_store_i32(int32_t *value, int32_t newValue) {
    __atomic_store_n(value, newValue, __ATOMIC_RELAXED);
}

/// Replaces `*value` by `desired` if it is `expected`; returns whether it did.
static inline bool dynamics_relaxed_exchange_i32(int32_t *value, int32_t expected, int32_t desired) {
    return __atomic_compare_exchange_n(value, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/// Reads `*value` atomically.
static inline uint8_t dynamics_relaxed_load_u8(const uint8_t *value) {
    return __atomic_load_n(value, __ATOMIC_RELAXED);
}

/// Sets the `bits` in `*value` atomically.
static inline void dynamics_relaxed_or_u8(uint8_t *value, uint8_t bits) {
    __atomic_fetch_or(value, bits, __ATOMIC_RELAXED);
}

/// Clears the `bits` in `*value` atomically.
static inline void dynamics_relaxed_clear_u8(uint8_t *value, uint8_t bits) {
    __atomic_fetch_and(value, (uint8_t)~bits, __ATOMIC_RELAXED);
}

/// Writes the bits of a float atomically (several threads may write the same value).
static inline void dynamics_relaxed_store_f32(float *value, float newValue) {
    uint32_t bits;
    __builtin_memcpy(&bits, &newValue, sizeof bits);
    __atomic_store_n((uint32_t *)value, bits, __ATOMIC_RELAXED);
}

#endif

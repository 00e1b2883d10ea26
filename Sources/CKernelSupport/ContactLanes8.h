// Eight-lane primitives of the contact passes: two consecutive blocks of one colour at a time,
// block c in lanes 0–3 and block c + 1 in lanes 4–7 (AVX, 256-bit). The blocks of a colour share
// no body, so solving two at once gives the same bits as solving them one after the other.
// Included by ContactPasses.c after ContactLanes4.h's copy of the same level (its four-lane
// gathers and scatters are used per half).

#define KERNEL_INLINE static inline __attribute__((always_inline)) KERNEL_TARGET
#define BLOCKS_PER_GROUP 2

typedef float KERNEL(V) __attribute__((ext_vector_type(8)));
typedef int32_t KERNEL(M) __attribute__((ext_vector_type(8)));
#define V KERNEL(V)
#define M KERNEL(M)

KERNEL_INLINE V KERNEL(join)(dynamics_lanes low, dynamics_lanes high) {
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
}
KERNEL_INLINE dynamics_lanes KERNEL(low)(V v) { return __builtin_shufflevector(v, v, 0, 1, 2, 3); }
KERNEL_INLINE dynamics_lanes KERNEL(high)(V v) { return __builtin_shufflevector(v, v, 4, 5, 6, 7); }

/// A field of the two blocks at `c`, and its store.
#define LD(c, path) KERNEL(join)((c)[0].path, (c)[1].path)
#define ST(c, path, value) do { V stored_ = (value); (c)[0].path = KERNEL(low)(stored_); \
    (c)[1].path = KERNEL(high)(stored_); } while (0)

KERNEL_INLINE V KERNEL(splat)(float x) { V v = {x, x, x, x, x, x, x, x}; return v; }
/// `b` where `b > a`, else `a` (so `a` where either is NaN), as `dynamics_lanes_max`.
KERNEL_INLINE V KERNEL(lanes_max)(V a, V b) { return (V)_mm256_max_ps((__m256)b, (__m256)a); }
/// `b` where `b < a`, else `a`, as `dynamics_lanes_min`.
KERNEL_INLINE V KERNEL(lanes_min)(V a, V b) { return (V)_mm256_min_ps((__m256)b, (__m256)a); }
KERNEL_INLINE int KERNEL(any)(M mask) { return _mm256_movemask_ps((__m256)mask) != 0; }

typedef struct {
    V f0, f1, f2, f3;
} KERNEL(rows);

/// Side A's (`sideB` 0) or B's rows at `offset` of the two blocks at `c`.
KERNEL_INLINE KERNEL(rows) KERNEL(gather)(const char *states, const dynamics_wide_contact *c, int sideB, int offset) {
    KERNEL_FOUR(rows) low = KERNEL_FOUR(gather)(states, c, sideB, offset);
    KERNEL_FOUR(rows) high = KERNEL_FOUR(gather)(states, c + 1, sideB, offset);
    KERNEL(rows) t = {
        KERNEL(join)(low.f0, high.f0), KERNEL(join)(low.f1, high.f1),
        KERNEL(join)(low.f2, high.f2), KERNEL(join)(low.f3, high.f3),
    };
    return t;
}

/// Writes side A's or B's velocities of the two blocks at `c` back.
KERNEL_INLINE void KERNEL(scatter)(char *states, const dynamics_wide_contact *c, int sideB, V x, V y, V z) {
    KERNEL_FOUR(scatter)(states, c, sideB, KERNEL(low)(x), KERNEL(low)(y), KERNEL(low)(z));
    KERNEL_FOUR(scatter)(states, c + 1, sideB, KERNEL(high)(x), KERNEL(high)(y), KERNEL(high)(z));
}

// Eight-lane primitives of the contact passes: a pair of blocks of one colour at a time, the first
// block in lanes 0–3 and the second in lanes 4–7 (AVX, 256-bit), each field loaded in one piece.
// The blocks of a colour share no body, so solving two at once gives the same bits as solving
// them one after the other. Included by ContactPasses.c after ContactLanes4.h's copy of the same
// level (its four-lane gathers and scatters are used per half).

#define KERNEL_INLINE static inline __attribute__((always_inline)) KERNEL_TARGET
#define BLOCKS_PER_GROUP 2

typedef float KERNEL(V) __attribute__((ext_vector_type(8)));
typedef int32_t KERNEL(M) __attribute__((ext_vector_type(8)));
/// Eight lanes at 16-byte alignment: what the fields are promised, whoever allocated the pairs.
typedef float KERNEL(U) __attribute__((ext_vector_type(8), aligned(16)));
#define V KERNEL(V)
#define M KERNEL(M)

KERNEL_INLINE V KERNEL(join)(dynamics_lanes low, dynamics_lanes high) {
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
}
KERNEL_INLINE dynamics_lanes KERNEL(low)(V v) { return __builtin_shufflevector(v, v, 0, 1, 2, 3); }
KERNEL_INLINE dynamics_lanes KERNEL(high)(V v) { return __builtin_shufflevector(v, v, 4, 5, 6, 7); }

/// The address of group `g` (here a whole pair) of the pairs at `base`.
#define GROUP(base, g) ((base) + (g) * (int64_t)sizeof(dynamics_wide_contact_pair))
/// A field of the pair at `c`, and its store.
#define FIELD(c, path) ((c) + offsetof(dynamics_wide_contact_pair, path))
#define LD(c, path) (*(const KERNEL(U) *)FIELD(c, path))
#define ST(c, path, value) (*(KERNEL(U) *)FIELD(c, path) = (value))

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
KERNEL_INLINE KERNEL(rows) KERNEL(gather)(const char *states, const char *c, int sideB, int offset) {
    KERNEL_FOUR(rows) low = KERNEL_FOUR(gather)(states, c, sideB, offset);
    KERNEL_FOUR(rows) high = KERNEL_FOUR(gather)(states, c + 16, sideB, offset);
    KERNEL(rows) t = {
        KERNEL(join)(low.f0, high.f0), KERNEL(join)(low.f1, high.f1),
        KERNEL(join)(low.f2, high.f2), KERNEL(join)(low.f3, high.f3),
    };
    return t;
}

/// Side A's or B's whole states of the two blocks at `c`: each lane's 32 bytes in one load, and the
/// eight rows transposed at once (velocity rows: vx, vy, w; motion rows: dpx, dpy, cos, sin). Two
/// four-lane gathers per row took 16 loads and 39 shuffles a side; this takes 8 and 23.
KERNEL_INLINE void KERNEL(gather_states)(const char *states, const char *c, int sideB,
                                         KERNEL(rows) *velocity, KERNEL(rows) *motion) {
    M at;
    memcpy(&at, sideB ? FIELD(c, offsetB) : FIELD(c, offsetA), sizeof at);
    V r[8];
    for (int i = 0; i < 8; i++) memcpy(&r[i], states + (int64_t)at[i], sizeof(V));
    // Pairs of rows interleaved: (x0 x1 y0 y1 | dpx0 dpx1 dpy0 dpy1) and (w0 w1 _ _ | c0 c1 s0 s1).
    V t[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = __builtin_shufflevector(r[2 * i], r[2 * i + 1], 0, 8, 1, 9, 4, 12, 5, 13);
        t[2 * i + 1] = __builtin_shufflevector(r[2 * i], r[2 * i + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
    // Four lanes per field in each half: (x0..x3 | dpx0..dpx3) for lanes 0–3, and so for 4–7.
    V u[8];
    for (int h = 0; h < 2; h++) {
        V a0 = t[4 * h], a1 = t[4 * h + 1], b0 = t[4 * h + 2], b1 = t[4 * h + 3];
        u[4 * h] = __builtin_shufflevector(a0, b0, 0, 1, 8, 9, 4, 5, 12, 13);
        u[4 * h + 1] = __builtin_shufflevector(a0, b0, 2, 3, 10, 11, 6, 7, 14, 15);
        u[4 * h + 2] = __builtin_shufflevector(a1, b1, 0, 1, 8, 9, 4, 5, 12, 13);
        u[4 * h + 3] = __builtin_shufflevector(a1, b1, 2, 3, 10, 11, 6, 7, 14, 15);
    }
    // Low halves of the two lane groups give the velocity rows, high halves the motion rows.
    velocity->f0 = __builtin_shufflevector(u[0], u[4], 0, 1, 2, 3, 8, 9, 10, 11);
    velocity->f1 = __builtin_shufflevector(u[1], u[5], 0, 1, 2, 3, 8, 9, 10, 11);
    velocity->f2 = __builtin_shufflevector(u[2], u[6], 0, 1, 2, 3, 8, 9, 10, 11);
    velocity->f3 = KERNEL(splat)(0);
    motion->f0 = __builtin_shufflevector(u[0], u[4], 4, 5, 6, 7, 12, 13, 14, 15);
    motion->f1 = __builtin_shufflevector(u[1], u[5], 4, 5, 6, 7, 12, 13, 14, 15);
    motion->f2 = __builtin_shufflevector(u[2], u[6], 4, 5, 6, 7, 12, 13, 14, 15);
    motion->f3 = __builtin_shufflevector(u[3], u[7], 4, 5, 6, 7, 12, 13, 14, 15);
}

/// Writes side A's or B's velocities of the two blocks at `c` back.
KERNEL_INLINE void KERNEL(scatter)(char *states, const char *c, int sideB, V x, V y, V z) {
    KERNEL_FOUR(scatter)(states, c, sideB, KERNEL(low)(x), KERNEL(low)(y), KERNEL(low)(z));
    KERNEL_FOUR(scatter)(states, c + 16, sideB, KERNEL(high)(x), KERNEL(high)(y), KERNEL(high)(z));
}

// Eight-lane primitives of the contact passes: a pair of blocks of one colour at a time, the first
// block in lanes 0–3 and the second in lanes 4–7 (AVX, 256-bit), each field loaded in one piece.
// The blocks of a colour share no body, so solving two at once gives the same bits as solving
// them one after the other. Included by ContactPasses.c after ContactLanes4.h's copy of the same
// level (its four-lane impact sweep runs per half, see `sweep_if_fast`).

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
/// The same group's address in the pairs' second points, and a load and a store of one of its fields.
#define QGROUP(base, g) ((base) + (g) * (int64_t)sizeof(dynamics_wide_point_pair))
#define QLD(q, path) (*(const KERNEL(U) *)((q) + offsetof(dynamics_wide_point_pair, path)))
#define QST(q, path, value) (*(KERNEL(U) *)((q) + offsetof(dynamics_wide_point_pair, path)) = (value))
/// The same group's address in the pairs' start impulses (32 bytes a pair), and their load.
#define SGROUP(base, g) ((base) + (g) * (int64_t)sizeof(dynamics_lanes8))
#define SLD(s) (*(const KERNEL(U) *)(s))
/// The same group's address in the pairs' extras, and a load and a store of one of its fields.
#define XGROUP(base, g) ((base) + (g) * (int64_t)sizeof(dynamics_wide_contact_extra))
#define XLD(x, path) (*(const KERNEL(U) *)((x) + offsetof(dynamics_wide_contact_extra, path)))
#define XST(x, path, value) (*(KERNEL(U) *)((x) + offsetof(dynamics_wide_contact_extra, path)) = (value))

KERNEL_INLINE V KERNEL(splat)(float x) { V v = {x, x, x, x, x, x, x, x}; return v; }
/// `b` where `b > a`, else `a` (so `a` where either is NaN), as `dynamics_lanes_max`.
KERNEL_INLINE V KERNEL(lanes_max)(V a, V b) { return (V)_mm256_max_ps((__m256)b, (__m256)a); }
/// `b` where `b < a`, else `a`, as `dynamics_lanes_min`.
KERNEL_INLINE V KERNEL(lanes_min)(V a, V b) { return (V)_mm256_min_ps((__m256)b, (__m256)a); }
KERNEL_INLINE int KERNEL(any)(M mask) { return _mm256_movemask_ps((__m256)mask) != 0; }

typedef struct {
    V f0, f1, f2, f3;
} KERNEL(rows);

/// Side A's (`sideB` 0) or B's rows at `offset` of the pair at `c`, transposed
/// (`dynamics_transpose_eight`).
KERNEL_INLINE KERNEL(rows) KERNEL(gather)(const char *states, const char *c, int sideB, int offset) {
    const int32_t *at = (const int32_t *)(sideB ? FIELD(c, offsetB) : FIELD(c, offsetA));
    dynamics_lanes rows[8];
    for (int i = 0; i < 8; i++) memcpy(&rows[i], states + (int64_t)at[i] + offset, sizeof rows[i]);
    dynamics_eight_rows transposed = dynamics_transpose_eight(rows);
    KERNEL(rows) t = {transposed.x, transposed.y, transposed.z, transposed.w};
    return t;
}

/// Side A's or B's whole states of the pair at `c`: each lane's 32 bytes in one load, and the
/// eight rows transposed at once (velocity rows: vx, vy, w, inverse mass; motion rows: dpx, dpy,
/// cos, sin). Two
/// four-lane gathers per row took 16 loads and 39 shuffles a side; this takes 8 and 23.
KERNEL_INLINE void KERNEL(gather_states)(const char *states, const char *c, int sideB,
                                         KERNEL(rows) *velocity, KERNEL(rows) *motion) {
    const int32_t *at = (const int32_t *)(sideB ? FIELD(c, offsetB) : FIELD(c, offsetA));
    V r[8];
    for (int i = 0; i < 8; i++) memcpy(&r[i], states + (int64_t)at[i], sizeof(V));
    // Pairs of rows interleaved: (x0 x1 y0 y1 | dpx0 dpx1 dpy0 dpy1) and (w0 w1 m0 m1 | c0 c1 s0 s1).
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
    velocity->f3 = __builtin_shufflevector(u[3], u[7], 0, 1, 2, 3, 8, 9, 10, 11);
    motion->f0 = __builtin_shufflevector(u[0], u[4], 4, 5, 6, 7, 12, 13, 14, 15);
    motion->f1 = __builtin_shufflevector(u[1], u[5], 4, 5, 6, 7, 12, 13, 14, 15);
    motion->f2 = __builtin_shufflevector(u[2], u[6], 4, 5, 6, 7, 12, 13, 14, 15);
    motion->f3 = __builtin_shufflevector(u[3], u[7], 4, 5, 6, 7, 12, 13, 14, 15);
}

/// Writes side A's or B's velocities of the pair at `c` back, with the bodies' inverse masses
/// `mass`, for the lanes whose body can move (see `dynamics_scatter_side`): the rows
/// (vx, vy, w, inverse mass) of lanes i and i + 4 are built in the two halves of one register, the
/// low half stored as it is and the high half extracted to memory.
KERNEL_INLINE void KERNEL(scatter)(char *states, const char *c, int sideB, V x, V y, V z, V mass) {
    // The offsets read one by one from memory: taken out of a vector register, each cost more.
    const int32_t *at = (const int32_t *)(sideB ? FIELD(c, offsetB) : FIELD(c, offsetA));
    int movable = _mm256_movemask_ps(_mm256_cmp_ps((__m256)mass, _mm256_setzero_ps(), _CMP_GT_OQ));
    dynamics_eight_row_pairs rows = dynamics_untranspose_eight(x, y, z, mass);
    for (int i = 0; i < 4; i++) {
        dynamics_lanes low = KERNEL(low)(rows.pairs[i]), high = KERNEL(high)(rows.pairs[i]);
        if (movable & (1 << i)) memcpy(states + (int64_t)at[i], &low, 16);
        if (movable & (16 << i)) memcpy(states + (int64_t)at[i + 4], &high, 16);
    }
}

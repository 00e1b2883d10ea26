// Four-lane primitives of the contact passes: one block at a time. Included by ContactPasses.c
// before ContactPassTemplate.h, with KERNEL(name) and KERNEL_TARGET set.

#define KERNEL_INLINE static inline __attribute__((always_inline)) KERNEL_TARGET
#define BLOCKS_PER_GROUP 1

typedef dynamics_lanes KERNEL(V);
typedef dynamics_indices KERNEL(M);
#define V KERNEL(V)
#define M KERNEL(M)

/// The address of group `g` (here one block: a half of a pair) of the pairs at `base`.
#define GROUP(base, g) ((base) + ((g) >> 1) * (int64_t)sizeof(dynamics_wide_contact_pair) + ((g) & 1) * 16)
/// A field of the group at `c`, and its store.
#define FIELD(c, path) ((c) + offsetof(dynamics_wide_contact_pair, path))
#define LD(c, path) (*(const dynamics_lanes *)FIELD(c, path))
#define ST(c, path, value) (*(dynamics_lanes *)FIELD(c, path) = (value))
/// The same group's address in the pairs' second points, and a load and a store of one of its fields.
#define QGROUP(base, g) ((base) + ((g) >> 1) * (int64_t)sizeof(dynamics_wide_point_pair) + ((g) & 1) * 16)
#define QLD(q, path) (*(const dynamics_lanes *)((q) + offsetof(dynamics_wide_point_pair, path)))
#define QST(q, path, value) (*(dynamics_lanes *)((q) + offsetof(dynamics_wide_point_pair, path)) = (value))
/// The same group's address in the pairs' start impulses (32 bytes a pair), and their load.
#define SGROUP(base, g) ((base) + ((g) >> 1) * (int64_t)sizeof(dynamics_lanes8) + ((g) & 1) * 16)
#define SLD(s) (*(const dynamics_lanes *)(s))
/// The same group's address in the pairs' extras, and a load and a store of one of its fields.
#define XGROUP(base, g) ((base) + ((g) >> 1) * (int64_t)sizeof(dynamics_wide_contact_extra) + ((g) & 1) * 16)
#define XLD(x, path) (*(const dynamics_lanes *)((x) + offsetof(dynamics_wide_contact_extra, path)))
#define XST(x, path, value) (*(dynamics_lanes *)((x) + offsetof(dynamics_wide_contact_extra, path)) = (value))

KERNEL_INLINE V KERNEL(splat)(float x) { V v = {x, x, x, x}; return v; }
KERNEL_INLINE V KERNEL(lanes_max)(V a, V b) { return dynamics_lanes_max(a, b); }
KERNEL_INLINE V KERNEL(lanes_min)(V a, V b) { return dynamics_lanes_min(a, b); }

/// Whether any lane of `mask` is set.
KERNEL_INLINE int KERNEL(any)(M mask) {
#if defined(__SSE__)
    return _mm_movemask_ps((__m128)mask) != 0;
#else
    return (mask[0] | mask[1] | mask[2] | mask[3]) != 0;
#endif
}

KERNEL_INLINE dynamics_lanes KERNEL(row)(const char *states, int32_t at, int offset) {
    dynamics_lanes r;
    memcpy(&r, states + (int64_t)at + offset, sizeof r);
    return r;
}

/// Four floats of each lane's body: its velocity row (vx, vy, w, inverse mass) or its motion row
/// (dpx, dpy, cos, sin).
typedef struct {
    V f0, f1, f2, f3;
} KERNEL(rows);

/// The 16-byte rows at `offset` (0: velocity, 16: motion) in the states at byte offsets `at`,
/// transposed: lane i of field j is float j of row i.
KERNEL_INLINE KERNEL(rows) KERNEL(gather_four)(const char *states, dynamics_indices at, int offset) {
    dynamics_lanes r0 = KERNEL(row)(states, at[0], offset), r1 = KERNEL(row)(states, at[1], offset);
    dynamics_lanes r2 = KERNEL(row)(states, at[2], offset), r3 = KERNEL(row)(states, at[3], offset);
    dynamics_lanes low01 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5);   // x0 x1 y0 y1
    dynamics_lanes low23 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5);   // x2 x3 y2 y3
    dynamics_lanes high01 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);  // z0 z1 w0 w1
    dynamics_lanes high23 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);  // z2 z3 w2 w3
    KERNEL(rows) t = {
        __builtin_shufflevector(low01, low23, 0, 1, 4, 5),
        __builtin_shufflevector(low01, low23, 2, 3, 6, 7),
        __builtin_shufflevector(high01, high23, 0, 1, 4, 5),
        __builtin_shufflevector(high01, high23, 2, 3, 6, 7),
    };
    return t;
}

/// Side A's (`sideB` 0) or B's rows at `offset` of the group at `c`.
KERNEL_INLINE KERNEL(rows) KERNEL(gather)(const char *states, const char *c, int sideB, int offset) {
    dynamics_indices at = sideB ? *(const dynamics_indices *)FIELD(c, offsetB) : *(const dynamics_indices *)FIELD(c, offsetA);
    return KERNEL(gather_four)(states, at, offset);
}

/// Side A's or B's whole states of the group at `c`: the velocity rows and the motion rows.
KERNEL_INLINE void KERNEL(gather_states)(const char *states, const char *c, int sideB,
                                         KERNEL(rows) *velocity, KERNEL(rows) *motion) {
    *velocity = KERNEL(gather)(states, c, sideB, 0);
    *motion = KERNEL(gather)(states, c, sideB, 16);
}

/// Writes side A's or B's velocities of the group at `c` back, with the bodies' inverse masses `m`.
KERNEL_INLINE void KERNEL(scatter)(char *states, const char *c, int sideB, V x, V y, V z, V m) {
    // Through the indices' memory: the lanes are read one by one.
    dynamics_scatter_side(states, (const int32_t *)(sideB ? FIELD(c, offsetB) : FIELD(c, offsetA)), 1, m, x, y, z);
}

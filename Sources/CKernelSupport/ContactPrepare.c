// The preparation of the contact solver's block pairs, eight lanes at a time with AVX: what
// DynamicsCore's `PrepareContactsKernel.prepareBlock` does for four lanes, for both blocks of a
// pair at once. The same operations in the same order, no fused multiply-adds, so the bits are
// those of the four-lane Swift code (which the other levels keep using).
#pragma clang fp contract(off)

#include "ContactPrepare.h"

#include <stddef.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#include "EightLanes.h"

INLINE V only(M lanes, V v) { return select_lanes(lanes, (V)0.0f, v); }
/// `b` in the integer lanes of `mask`, `a` in the others.
INLINE M select_integers(M mask, M a, M b) { return (b & mask) | (a & ~mask); }

/// The rows at `base + index[l] · stride + offset` for lanes l = 0…7, transposed.
INLINE rows8 load_rows(const char *base, const int32_t index[8], int64_t stride, int64_t offset) {
    dynamics_lanes rows[8];
    for (int l = 0; l < 8; l++) memcpy(&rows[l], base + (int64_t)index[l] * stride + offset, sizeof rows[l]);
    return dynamics_transpose_eight(rows);
}

/// One float at `base + index[l] · stride + offset` for lanes l = 0…7.
INLINE V load_floats(const char *base, const int32_t index[8], int64_t stride, int64_t offset) {
    V v;
    for (int l = 0; l < 8; l++) memcpy((float *)&v + l, base + (int64_t)index[l] * stride + offset, sizeof(float));
    return v;
}

/// Both sides' inverse masses and inertias.
typedef struct {
    V mA, iA, mB, iB;
} masses8;

/// One manifold point of eight contacts, prepared, into `p`, in the lanes of `lanes` (zero in the
/// others); `r` holds rA.x, rA.y, rB.x, rB.y (`WidePointBlock.prepare`).
INLINE void prepare_point(dynamics_wide_point_pair *p, rows8 r, V separation, V normalImpulse, V tangentImpulse,
                          V nx, V ny, masses8 m, M lanes) {
    V tx = ny, ty = -nx;
    V rnA = r.x * ny - r.y * nx, rnB = r.z * ny - r.w * nx;
    V kNormal = m.mA + m.mB + m.iA * rnA * rnA + m.iB * rnB * rnB;
    V rtA = r.x * ty - r.y * tx, rtB = r.z * ty - r.w * tx;
    V kTangent = m.mA + m.mB + m.iA * rtA * rtA + m.iB * rtB * rtB;
    V zero = 0.0f;
    p->alongA = only(lanes, -rtA);
    p->acrossA = only(lanes, rnA);
    p->alongB = only(lanes, -rtB);
    p->acrossB = only(lanes, rnB);
    p->baseSeparation = only(lanes, separation - ((r.z - r.x) * nx + (r.w - r.y) * ny));
    p->normalImpulse = only(lanes, normalImpulse);
    p->tangentImpulse = only(lanes, tangentImpulse);
    p->normalMass = only(lanes, select_lanes(kNormal > zero, zero, 1.0f / kNormal));
    p->tangentMass = only(lanes, select_lanes(kTangent > zero, zero, 1.0f / kTangent));
}

/// The normal relative velocity at a point with anchors `r`, from the bodies' velocity rows
/// (vx, vy, w in x, y, z), zero outside `lanes` (`WidePointBlock.approachSpeed`).
INLINE V approach_speed(rows8 r, V nx, V ny, rows8 a, rows8 b, M lanes) {
    V dvx = (b.x + -b.z * r.w) - (a.x + -a.z * r.y);
    V dvy = (b.y + b.z * r.z) - (a.y + a.z * r.x);
    return only(lanes, nx * dvx + ny * dvy);
}

/// Whether every lane of the pair began the step speculative and unloaded
/// (`DYNAMICS_PAIR_SPECULATIVE`): its points' separations above zero and its warm-start impulses
/// `warm` all zero bits, or the lane unused.
INLINE int all_speculative(V separation0, V separation1, rows8 warm, M used, M twoPoints) {
    M zero = 0;
    M first = (separation0 > (V)0.0f) & ((M)warm.x == zero) & ((M)warm.y == zero);
    M second = (separation1 > (V)0.0f) & ((M)warm.z == zero) & ((M)warm.w == zero);
    M speculative = ~used | (first & (~twoPoints | second));
    return _mm256_movemask_ps((__m256)speculative) == 0xFF;
}

int32_t dynamics_prepare_pair_available(void) { return 1; }

void dynamics_store_fence(void) { _mm_sfence(); }

/// Copies `bytes` (a multiple of 32) from `from` to `to`, both 32-byte aligned, with
/// non-temporal stores.
TARGET static void stream_bytes(void *to, const void *from, size_t bytes) {
    for (size_t o = 0; o < bytes; o += 32) {
        _mm256_stream_ps((float *)((char *)to + o), _mm256_load_ps((const float *)((const char *)from + o)));
    }
}

TARGET int32_t dynamics_prepare_pair(dynamics_wide_contact_pair *pairOut, dynamics_wide_point_pair *secondOut,
                                     dynamics_wide_contact_extra *extra, dynamics_lanes8 *startOut,
                                     const dynamics_solver_source *sources, int32_t count,
                                     const dynamics_prepare_inputs *in) {
    // With `streamsPairs`, the pair is built here and streamed out at the end (its fields are
    // written one lane row at a time, and a non-temporal store wants whole lines).
    dynamics_wide_contact_pair localPair __attribute__((aligned(64)));
    dynamics_wide_point_pair localSecond __attribute__((aligned(64)));
    dynamics_lanes8 localStart __attribute__((aligned(64)));
    // Non-temporal stores need 32-byte aligned destinations (the columns are 64-byte aligned);
    // anywhere else the pair is stored as usual.
    int streams = in->streamsPairs != 0
        && (((uintptr_t)pairOut | (uintptr_t)secondOut | (uintptr_t)startOut) & 31) == 0;
    dynamics_wide_contact_pair *pair = streams ? &localPair : pairOut;
    dynamics_wide_point_pair *second = streams ? &localSecond : secondOut;
    dynamics_lanes8 *start = streams ? &localStart : startOut;
    const char *contacts = (const char *)in->contacts;
    int64_t stride = in->contactStride;
    const float *inverseMasses = in->inverseMasses;
    // Lanes past `count` read the first source's records, so that every load is of a real
    // record; they are written as unused lanes.
    int32_t contact[8], denseA[8], denseB[8];
    float massA[8], inertiaA[8], massB[8], inertiaB[8];
#pragma clang loop unroll(full)
    for (int l = 0; l < 8; l++) {
        dynamics_solver_source s = sources[l < count ? l : 0];
        contact[l] = s.contact;
        denseA[l] = s.denseA;
        denseB[l] = s.denseB;
        // A body that is not awake (−1) reads the first body's masses, and gets zeros below.
        int64_t a = s.denseA < 0 ? 0 : s.denseA, b = s.denseB < 0 ? 0 : s.denseB;
        float ma = inverseMasses[2 * a], ia = inverseMasses[2 * a + 1];
        float mb = inverseMasses[2 * b], ib = inverseMasses[2 * b + 1];
        massA[l] = s.denseA < 0 ? 0.0f : ma;
        inertiaA[l] = s.denseA < 0 ? 0.0f : ia;
        massB[l] = s.denseB < 0 ? 0.0f : mb;
        inertiaB[l] = s.denseB < 0 ? 0.0f : ib;
    }
    // The integer lanes in two halves (AVX has no eight-lane integer arithmetic).
    M laneNumber = {0, 1, 2, 3, 4, 5, 6, 7};
    M used = laneNumber < count;
    M resting = in->restingIndex, none = -1, onePoint = 1;
    M dA, dB, contacts8;
    memcpy(&dA, denseA, sizeof dA);
    memcpy(&dB, denseB, sizeof dB);
    memcpy(&contacts8, contact, sizeof contacts8);
    M stateA = select_integers(dA < 0, dA, resting) * 32, stateB = select_integers(dB < 0, dB, resting) * 32;
    masses8 m;
    memcpy(&m.mA, massA, sizeof(V));
    memcpy(&m.iA, inertiaA, sizeof(V));
    memcpy(&m.mB, massB, sizeof(V));
    memcpy(&m.iB, inertiaB, sizeof(V));
    pair->offsetA = select_integers(used, resting * 32, stateA);
    pair->offsetB = select_integers(used, resting * 32, stateB);
    extra->contactIndex = select_integers(used, none, contacts8);

    rows8 frame = load_rows(contacts, contact, stride, in->frameOffset);
    V nx = frame.x, ny = frame.y;
    M twoPoints = used & ((M)frame.z > onePoint);
    pair->normalX = only(used, nx);
    pair->normalY = only(used, ny);
    pair->inertiaA = only(used, m.iA);
    pair->inertiaB = only(used, m.iB);
    rows8 material = load_rows(contacts, contact, stride, in->materialOffset);
    pair->friction = only(used, material.x);
    rows8 warm = load_rows((const char *)in->impulses, contact, 16, 0);
    rows8 anchors0 = load_rows(contacts, contact, stride, in->anchors0Offset);
    V separation0 = load_floats(contacts, contact, stride, in->separation0Offset);
    V separation1 = load_floats(contacts, contact, stride, in->separation1Offset);
    prepare_point(&pair->point0, anchors0, separation0, warm.x, warm.y, nx, ny, m, used);
    *start = only(used, warm.x) + only(twoPoints, warm.z);
    rows8 anchors1 = load_rows(contacts, contact, stride, in->anchors1Offset);
    // A pair without a second point in any lane leaves `second` as it was: no pass reads it (see
    // `dynamics_contact_pass_constants`), so writing it would move 288 bytes that nothing reads.
    int pointCount = _mm256_movemask_ps((__m256)twoPoints) != 0 ? 2 : 1;
    if (pointCount == 2) {
        prepare_point(second, anchors1, separation1, warm.z, warm.w, nx, ny, m, twoPoints);
    }

    if (in->keepsImpactSpeeds) {
        int32_t byteA[8], byteB[8];
        memcpy(byteA, &stateA, sizeof byteA);
        memcpy(byteB, &stateB, sizeof byteB);
        rows8 a = load_rows((const char *)in->states, byteA, 1, 0);
        rows8 b = load_rows((const char *)in->states, byteB, 1, 0);
        extra->restitution = only(used, material.y);
        extra->relativeVelocity0 = approach_speed(anchors0, nx, ny, a, b, used);
        extra->relativeVelocity1 = approach_speed(anchors1, nx, ny, a, b, twoPoints);
        extra->maxNormalImpulse0 = (V)0.0f;
        extra->maxNormalImpulse1 = (V)0.0f;
    }
    int32_t result = pointCount
        | (all_speculative(separation0, separation1, warm, used, twoPoints) ? DYNAMICS_PAIR_SPECULATIVE : 0);
    if (streams) {
        stream_bytes(pairOut, &localPair, sizeof localPair);
        if (pointCount == 2) stream_bytes(secondOut, &localSecond, sizeof localSecond);
        stream_bytes(startOut, &localStart, sizeof localStart);
    }
    return result;
}

#else

int32_t dynamics_prepare_pair_available(void) { return 0; }
void dynamics_store_fence(void) {}

int32_t dynamics_prepare_pair(dynamics_wide_contact_pair *pair, dynamics_wide_point_pair *second,
                              dynamics_wide_contact_extra *extra, dynamics_lanes8 *start,
                              const dynamics_solver_source *sources, int32_t count,
                              const dynamics_prepare_inputs *inputs) {
    (void)pair; (void)second; (void)extra; (void)start; (void)sources; (void)count; (void)inputs;
    __builtin_trap();
}

#endif

// The warm start, solve and relax passes of the plain pins, two blocks of a colour at once in eight
// lanes with AVX: what DynamicsCore's `WidePinBlock` does for four lanes. The pin's solve is a
// chain of dependent multiplies, adds and a division per lane, and twice the lanes per chain do
// twice the work per wait. The same operations in the same order, no fused multiply-adds, so the
// bits are those of the four-lane Swift code (which the baseline level keeps using).
#pragma clang fp contract(off)

#include "PinPasses.h"

#include <stddef.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#include "EightLanes.h"

int32_t dynamics_pin_pairs_available(void) { return 1; }

/// A field of the two blocks at `c`: lanes 0–3 the first block's, 4–7 the second's.
INLINE V pin_field(const char *c, int64_t stride, int64_t offset) {
    dynamics_lanes low, high;
    memcpy(&low, c + offset, sizeof low);
    memcpy(&high, c + stride + offset, sizeof high);
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
}

/// Stores a field of the two blocks at `c`.
INLINE void pin_store(char *c, int64_t stride, int64_t offset, V v) {
    dynamics_lanes low = __builtin_shufflevector(v, v, 0, 1, 2, 3), high = __builtin_shufflevector(v, v, 4, 5, 6, 7);
    memcpy(c + offset, &low, sizeof low);
    memcpy(c + stride + offset, &high, sizeof high);
}

/// The eight lanes' dense body indices of one side of the two blocks at `c`.
INLINE void pin_indices(const char *c, int64_t stride, int64_t offset, int32_t index[8]) {
    memcpy(index, c + offset, 16);
    memcpy(index + 4, c + stride + offset, 16);
}

/// Each lane's velocity row (`row` 0: vx, vy, ω, inverse mass) or motion row (1: dpx, dpy, and
/// the rotation's cosine and sine) of the 32-byte states, transposed.
INLINE rows8 pin_gather(const char *states, const int32_t index[8], int row) {
    dynamics_lanes rows[8];
    for (int l = 0; l < 8; l++) memcpy(&rows[l], states + (int64_t)index[l] * 32 + row * 16, sizeof rows[l]);
    return dynamics_transpose_eight(rows);
}

/// Writes (vx, vy, ω, mass) back to the velocity rows of the lanes whose body can move
/// (`mass > 0`), as `dynamics_scatter_side` does for four.
INLINE void pin_scatter(char *states, const int32_t index[8], V mass, V vx, V vy, V w) {
    int movable = _mm256_movemask_ps(_mm256_cmp_ps((__m256)mass, _mm256_setzero_ps(), _CMP_GT_OQ));
    dynamics_eight_row_pairs rows = dynamics_untranspose_eight(vx, vy, w, mass);
    for (int i = 0; i < 4; i++) {
        dynamics_lanes low = __builtin_shufflevector(rows.pairs[i], rows.pairs[i], 0, 1, 2, 3);
        dynamics_lanes high = __builtin_shufflevector(rows.pairs[i], rows.pairs[i], 4, 5, 6, 7);
        if (movable & (1 << i)) memcpy(states + (int64_t)index[i] * 32, &low, sizeof low);
        if (movable & (16 << i)) memcpy(states + (int64_t)index[i + 4] * 32, &high, sizeof high);
    }
}

/// What a pass reads of a pair of blocks: the bodies, their masses and the anchors turned by each
/// body's rotation since the step start (`WidePinBlock.anchors`).
typedef struct {
    int32_t indexA[8], indexB[8];
    rows8 velocityA, velocityB, motionA, motionB;
    V mA, iA, mB, iB;
    V rAX, rAY, rBX, rBY;
} pin_frame;

INLINE pin_frame pin_read(const dynamics_pin_layout *L, const char *c, const char *states) {
    pin_frame f;
    int64_t stride = L->stride;
    pin_indices(c, stride, L->indexA, f.indexA);
    pin_indices(c, stride, L->indexB, f.indexB);
    f.velocityA = pin_gather(states, f.indexA, 0);
    f.velocityB = pin_gather(states, f.indexB, 0);
    f.motionA = pin_gather(states, f.indexA, 1);
    f.motionB = pin_gather(states, f.indexB, 1);
    f.mA = pin_field(c, stride, L->massA);
    f.iA = pin_field(c, stride, L->inertiaA);
    f.mB = pin_field(c, stride, L->massB);
    f.iB = pin_field(c, stride, L->inertiaB);
    V ax = pin_field(c, stride, L->anchorAX), ay = pin_field(c, stride, L->anchorAY);
    V bx = pin_field(c, stride, L->anchorBX), by = pin_field(c, stride, L->anchorBY);
    // The motion rows' z and w are the rotation's cosine and sine.
    V qcA = f.motionA.z, qsA = f.motionA.w, qcB = f.motionB.z, qsB = f.motionB.w;
    f.rAX = qcA * ax - qsA * ay;
    f.rAY = qsA * ax + qcA * ay;
    f.rBX = qcB * bx - qsB * by;
    f.rBY = qsB * bx + qcB * by;
    return f;
}

TARGET void dynamics_pin_pairs_warm_start(const dynamics_pin_layout *L, void *blocks, int64_t pairCount, void *states) {
    for (int64_t k = 0; k < pairCount; k++) {
        const char *c = (const char *)blocks + 2 * k * L->stride;
        pin_frame f = pin_read(L, c, (const char *)states);
        V lx = pin_field(c, L->stride, L->impulseX), ly = pin_field(c, L->stride, L->impulseY);
        V angular = 0.0f;
        V avx = f.velocityA.x - f.mA * lx;
        V avy = f.velocityA.y - f.mA * ly;
        V aw = f.velocityA.z - f.iA * ((f.rAX * ly - f.rAY * lx) + angular);
        V bvx = f.velocityB.x + f.mB * lx;
        V bvy = f.velocityB.y + f.mB * ly;
        V bw = f.velocityB.z + f.iB * ((f.rBX * ly - f.rBY * lx) + angular);
        pin_scatter((char *)states, f.indexA, f.mA, avx, avy, aw);
        pin_scatter((char *)states, f.indexB, f.mB, bvx, bvy, bw);
    }
}

/// `WidePinBlock.carryTurnedAnchors`: adds to the carried row's last float of each side whose
/// body can move the accumulated impulse's moment about the anchor as turned now minus about the
/// anchor at the solve.
INLINE void pin_carry(const dynamics_pin_layout *L, const char *c, const pin_frame *f, float *carried) {
    int64_t stride = L->stride;
    V lx = pin_field(c, stride, L->impulseX), ly = pin_field(c, stride, L->impulseY);
    V sAX = pin_field(c, stride, L->solveAnchorAX), sAY = pin_field(c, stride, L->solveAnchorAY);
    V sBX = pin_field(c, stride, L->solveAnchorBX), sBY = pin_field(c, stride, L->solveAnchorBY);
    V turnedA = f->rAX * ly - f->rAY * lx, solvedA = sAX * ly - sAY * lx;
    V turnedB = f->rBX * ly - f->rBY * lx, solvedB = sBX * ly - sBY * lx;
    V spinA = -(f->iA * (turnedA - solvedA)), spinB = f->iB * (turnedB - solvedB);
    // Stored whole, and the lanes then read back from memory: read lane by lane from the
    // registers, the spins were worked out again lane by lane in scalar code.
    float a[8], b[8];
    _mm256_storeu_ps(a, (__m256)spinA);
    _mm256_storeu_ps(b, (__m256)spinB);
    int movableA = _mm256_movemask_ps(_mm256_cmp_ps((__m256)f->mA, _mm256_setzero_ps(), _CMP_GT_OQ));
    int movableB = _mm256_movemask_ps(_mm256_cmp_ps((__m256)f->mB, _mm256_setzero_ps(), _CMP_GT_OQ));
    for (int l = 0; l < 8; l++) {
        if (movableA & (1 << l)) carried[(int64_t)f->indexA[l] * 4 + 3] += a[l];
        if (movableB & (1 << l)) carried[(int64_t)f->indexB[l] * 4 + 3] += b[l];
    }
}

TARGET void dynamics_pin_pairs_solve(const dynamics_pin_layout *L, void *blocks, int64_t pairCount, void *states,
                              float biasRate, float massScale, float impulseScale, int32_t keepsAnchors,
                              float *carried) {
    int64_t stride = L->stride;
    for (int64_t k = 0; k < pairCount; k++) {
        char *c = (char *)blocks + 2 * k * stride;
        pin_frame f = pin_read(L, c, (const char *)states);
        if (keepsAnchors) {
            pin_store(c, stride, L->solveAnchorAX, f.rAX);
            pin_store(c, stride, L->solveAnchorAY, f.rAY);
            pin_store(c, stride, L->solveAnchorBX, f.rBX);
            pin_store(c, stride, L->solveAnchorBY, f.rBY);
        }
        if (carried) pin_carry(L, c, &f, carried);
        // separation = (dpB − dpA) + deltaCenter + rB − rA
        V sx = (((f.motionB.x - f.motionA.x) + pin_field(c, stride, L->deltaCenterX)) + f.rBX) - f.rAX;
        V sy = (((f.motionB.y - f.motionA.y) + pin_field(c, stride, L->deltaCenterY)) + f.rBY) - f.rAY;
        // cdot = (vB + ωB × rB) − (vA + ωA × rA), with ω × r = (−ω·r.y, ω·r.x)
        V cx = (f.velocityB.x + -f.velocityB.z * f.rBY) - (f.velocityA.x + -f.velocityA.z * f.rAY);
        V cy = (f.velocityB.y + f.velocityB.z * f.rBX) - (f.velocityA.y + f.velocityA.z * f.rAX);
        V bias = biasRate;
        V rhsX = -(cx + bias * sx), rhsY = -(cy + bias * sy);
        V k11 = f.mA + f.mB + f.rAY * f.rAY * f.iA + f.rBY * f.rBY * f.iB;
        V k12 = -f.rAY * f.rAX * f.iA - f.rBY * f.rBX * f.iB;
        V k22 = f.mA + f.mB + f.rAX * f.rAX * f.iA + f.rBX * f.rBX * f.iB;
        V det = k11 * k22 - k12 * k12;
        det = select_lanes(det != 0.0f, det, 1.0f / det);
        V xx = det * (k22 * rhsX - k12 * rhsY), xy = det * (k11 * rhsY - k12 * rhsX);
        V ms = massScale, is = impulseScale;
        V impulseX = pin_field(c, stride, L->impulseX), impulseY = pin_field(c, stride, L->impulseY);
        V px = ms * xx - is * impulseX;
        V py = ms * xy - is * impulseY;
        pin_store(c, stride, L->impulseX, impulseX + px);
        pin_store(c, stride, L->impulseY, impulseY + py);
        V avx = f.velocityA.x - f.mA * px;
        V avy = f.velocityA.y - f.mA * py;
        V aw = f.velocityA.z - f.iA * (f.rAX * py - f.rAY * px);
        V bvx = f.velocityB.x + f.mB * px;
        V bvy = f.velocityB.y + f.mB * py;
        V bw = f.velocityB.z + f.iB * (f.rBX * py - f.rBY * px);
        pin_scatter((char *)states, f.indexA, f.mA, avx, avy, aw);
        pin_scatter((char *)states, f.indexB, f.mB, bvx, bvy, bw);
    }
}

#else

int32_t dynamics_pin_pairs_available(void) { return 0; }

void dynamics_pin_pairs_warm_start(const dynamics_pin_layout *layout, void *blocks, int64_t pairCount, void *states) {
    (void)layout; (void)blocks; (void)pairCount; (void)states;
}

void dynamics_pin_pairs_solve(const dynamics_pin_layout *layout, void *blocks, int64_t pairCount, void *states,
                              float biasRate, float massScale, float impulseScale, int32_t keepsAnchors,
                              float *carried) {
    (void)layout; (void)blocks; (void)pairCount; (void)states; (void)biasRate; (void)massScale;
    (void)impulseScale; (void)keepsAnchors; (void)carried;
}

#endif

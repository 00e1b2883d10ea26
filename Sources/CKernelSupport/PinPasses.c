// The warm start, solve and relax passes of the plain pins, two blocks of a colour at once in eight
// lanes with AVX: what DynamicsCore's `WidePinBlock` does for four lanes. The pin's solve is a
// chain of dependent multiplies, adds and a division per lane, and twice the lanes per chain do
// twice the work per wait. The same operations in the same order, no fused multiply-adds, so the
// bits are those of the four-lane Swift code (which the baseline level keeps using).
#pragma clang fp contract(off)

#include "PinPasses.h"

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#include "EightLanes.h"
#include "JointLanes8.h"

int32_t dynamics_pin_pairs_available(void) { return 1; }

TARGET void dynamics_pin_pairs_warm_start(const dynamics_pin_layout *L, void *blocks, int64_t pairCount, void *states) {
    for (int64_t k = 0; k < pairCount; k++) {
        const char *c = (const char *)blocks + 2 * k * L->stride;
        joint_frame f = joint_read(&L->frame, c, L->stride, (const char *)states);
        V lx = joint_field(c, L->stride, L->impulseX), ly = joint_field(c, L->stride, L->impulseY);
        joint_apply_impulse((char *)states, &f, lx, ly, (V)0.0f);
    }
}

/// `WidePinBlock.carryTurnedAnchors`: adds to the carried row's last float of each side whose
/// body can move the accumulated impulse's moment about the anchor as turned now minus about the
/// anchor at the solve.
INLINE void pin_carry(const dynamics_pin_layout *L, const char *c, const joint_frame *f, float *carried) {
    int64_t stride = L->stride;
    V lx = joint_field(c, stride, L->impulseX), ly = joint_field(c, stride, L->impulseY);
    V sAX = joint_field(c, stride, L->solveAnchorAX), sAY = joint_field(c, stride, L->solveAnchorAY);
    V sBX = joint_field(c, stride, L->solveAnchorBX), sBY = joint_field(c, stride, L->solveAnchorBY);
    V turnedA = f->rAX * ly - f->rAY * lx, solvedA = sAX * ly - sAY * lx;
    V turnedB = f->rBX * ly - f->rBY * lx, solvedB = sBX * ly - sBY * lx;
    V spinA = -(f->iA * (turnedA - solvedA)), spinB = f->iB * (turnedB - solvedB);
    // Stored whole, and the lanes then read back from memory: read lane by lane from the
    // registers, the spins were worked out again lane by lane in scalar code.
    float a[8], b[8];
    _mm256_storeu_ps(a, (__m256)spinA);
    _mm256_storeu_ps(b, (__m256)spinB);
    int movableA = joint_positive_lanes(f->mA), movableB = joint_positive_lanes(f->mB);
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
        joint_frame f = joint_read(&L->frame, c, stride, (const char *)states);
        if (keepsAnchors) {
            joint_store(c, stride, L->solveAnchorAX, f.rAX);
            joint_store(c, stride, L->solveAnchorAY, f.rAY);
            joint_store(c, stride, L->solveAnchorBX, f.rBX);
            joint_store(c, stride, L->solveAnchorBY, f.rBY);
        }
        if (carried) pin_carry(L, c, &f, carried);
        // separation = (dpB − dpA) + deltaCenter + rB − rA
        V sx = (((f.motionB.x - f.motionA.x) + joint_field(c, stride, L->frame.deltaCenterX)) + f.rBX) - f.rAX;
        V sy = (((f.motionB.y - f.motionA.y) + joint_field(c, stride, L->frame.deltaCenterY)) + f.rBY) - f.rAY;
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
        V impulseX = joint_field(c, stride, L->impulseX), impulseY = joint_field(c, stride, L->impulseY);
        V px = ms * xx - is * impulseX;
        V py = ms * xy - is * impulseY;
        joint_store(c, stride, L->impulseX, impulseX + px);
        joint_store(c, stride, L->impulseY, impulseY + py);
        V avx = f.velocityA.x - f.mA * px;
        V avy = f.velocityA.y - f.mA * py;
        V aw = f.velocityA.z - f.iA * (f.rAX * py - f.rAY * px);
        V bvx = f.velocityB.x + f.mB * px;
        V bvy = f.velocityB.y + f.mB * py;
        V bw = f.velocityB.z + f.iB * (f.rBX * py - f.rBY * px);
        joint_scatter((char *)states, f.indexA, 0xFF, f.mA, avx, avy, aw);
        joint_scatter((char *)states, f.indexB, 0xFF, f.mB, bvx, bvy, bw);
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

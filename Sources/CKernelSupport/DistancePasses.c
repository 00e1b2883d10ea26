// The warm start, solve and relax passes of the distance joints without limits (rods and springs,
// as UIKit's attachments), two blocks of a colour at once in eight lanes with AVX: what
// DynamicsCore's `WideDistanceBlock` does for four lanes, as PinPasses.c does for the pins. The
// same operations in the same order, no fused multiply-adds, so the bits are those of the
// four-lane Swift code (which the baseline level, and passes that note their changes, keep using).
#pragma clang fp contract(off)

#include "DistancePasses.h"

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#include "EightLanes.h"
#include "JointLanes8.h"

int32_t dynamics_distance_pairs_available(void) { return 1; }

/// The anchors' separation, B minus A (`WideDistanceBlock.frame`).
INLINE void distance_separation(const dynamics_distance_layout *L, const char *c, const joint_frame *f, V *dx, V *dy) {
    *dx = (((f->motionB.x - f->motionA.x) + joint_field(c, L->stride, L->frame.deltaCenterX)) + f->rBX) - f->rAX;
    *dy = (((f->motionB.y - f->motionA.y) + joint_field(c, L->stride, L->frame.deltaCenterY)) + f->rBY) - f->rAY;
}

TARGET void dynamics_distance_pairs_warm_start(const dynamics_distance_layout *L, void *blocks, int64_t pairCount,
                                               void *states) {
    int64_t stride = L->stride;
    for (int64_t k = 0; k < pairCount; k++) {
        const char *c = (const char *)blocks + 2 * k * stride;
        joint_frame f = joint_read(&L->frame, c, stride, (const char *)states);
        V dx, dy;
        distance_separation(L, c, &f, &dx, &dy);
        V l = (V)_mm256_sqrt_ps((__m256)(dx * dx + dy * dy));
        M tiny = l < 1e-20f;
        V zero = 0.0f;
        V axisX = select_lanes(tiny, dx / l, zero), axisY = select_lanes(tiny, dy / l, zero);
        // The limit impulses, zero without a limit, in the record's sum.
        V total = ((joint_field(c, stride, L->springImpulse) + joint_field(c, stride, L->axialImpulse)) + zero) - zero;
        V lx = total * axisX, ly = total * axisY;
        joint_apply_impulse((char *)states, &f, lx, ly, zero);
    }
}

/// `WideDistanceBlock.carryMotion`: adds to the carried row of each side whose body can move what
/// the accumulated impulse applies along the axis and at the arms now minus along and at those the
/// solve kept: the linear part taken off the row's velocity, the spin added to its last float.
INLINE void distance_carry(const dynamics_distance_layout *L, const char *c, const joint_frame *f,
                           V axisX, V axisY, V crA, V crB, float *carried) {
    int64_t stride = L->stride;
    V total = joint_field(c, stride, L->springImpulse) + joint_field(c, stride, L->axialImpulse);
    V lx = total * (axisX - joint_field(c, stride, L->solveAxisX));
    V ly = total * (axisY - joint_field(c, stride, L->solveAxisY));
    // Stored whole and read back lane by lane from memory, as the pins' carry does.
    float moveAX[8], moveAY[8], moveBX[8], moveBY[8], spinA[8], spinB[8];
    _mm256_storeu_ps(moveAX, (__m256)(f->mA * lx));
    _mm256_storeu_ps(moveAY, (__m256)(f->mA * ly));
    _mm256_storeu_ps(moveBX, (__m256)(f->mB * lx));
    _mm256_storeu_ps(moveBY, (__m256)(f->mB * ly));
    _mm256_storeu_ps(spinA, (__m256)(-(f->iA * (total * (crA - joint_field(c, stride, L->solveCrossA))))));
    _mm256_storeu_ps(spinB, (__m256)(f->iB * (total * (crB - joint_field(c, stride, L->solveCrossB)))));
    int movableA = joint_positive_lanes(f->mA), movableB = joint_positive_lanes(f->mB);
    for (int l = 0; l < 8; l++) {
        if (movableA & (1 << l)) {
            float *row = carried + (int64_t)f->indexA[l] * 4;
            row[0] += moveAX[l]; row[1] += moveAY[l]; row[3] += spinA[l];
        }
        if (movableB & (1 << l)) {
            float *row = carried + (int64_t)f->indexB[l] * 4;
            row[0] -= moveBX[l]; row[1] -= moveBY[l]; row[3] += spinB[l];
        }
    }
}

TARGET void dynamics_distance_pairs_solve(const dynamics_distance_layout *L, void *blocks, int64_t pairCount,
                                          void *states, float biasRate, float massScale, float impulseScale,
                                          int32_t useBias, float h, int32_t keepsFrame, float *carried) {
    int64_t stride = L->stride;
    for (int64_t k = 0; k < pairCount; k++) {
        char *c = (char *)blocks + 2 * k * stride;
        M springs = joint_field(c, stride, L->springLanes) != 0.0f;
        V hertz = joint_field(c, stride, L->hertz);
        M springsAct = springs & (hertz > 0.0f);
        // Springs act only in the solve pass: a block of springs has nothing to do in the relax
        // but carry.
        int lanes = 0xFF;
        if (!useBias) {
            int springLanes = _mm256_movemask_ps((__m256)springs);
            if ((springLanes & 0x0F) == 0x0F) lanes &= 0xF0;
            if ((springLanes & 0xF0) == 0xF0) lanes &= 0x0F;
            if (lanes == 0 && !carried) continue;
        }
        joint_frame f = joint_read(&L->frame, c, stride, (const char *)states);
        V dx, dy;
        distance_separation(L, c, &f, &dx, &dy);
        V currentLength = (V)_mm256_sqrt_ps((__m256)(dx * dx + dy * dy));
        M apart = currentLength > 1e-9f;
        V axisX = select_lanes(apart, (V)1.0f, dx / currentLength);
        V axisY = select_lanes(apart, (V)0.0f, dy / currentLength);
        V crA = f.rAX * axisY - f.rAY * axisX, crB = f.rBX * axisY - f.rBY * axisX;
        if (keepsFrame) {
            joint_store(c, stride, L->solveAxisX, axisX);
            joint_store(c, stride, L->solveAxisY, axisY);
            joint_store(c, stride, L->solveCrossA, crA);
            joint_store(c, stride, L->solveCrossB, crB);
        }
        if (carried) distance_carry(L, c, &f, axisX, axisY, crA, crB, carried);
        if (lanes == 0) continue;
        V kk = f.mA + f.mB + f.iA * crA * crA + f.iB * crB * crB;
        V axialMass = select_lanes(kk > 0.0f, (V)0.0f, 1.0f / kk);
        V error = currentLength - joint_field(c, stride, L->length);
        // relative speed = axis · ((vB + ωB × rB) − (vA + ωA × rA)), with ω × r = (−ω·r.y, ω·r.x)
        V relX = (f.velocityB.x + -f.velocityB.z * f.rBY) - (f.velocityA.x + -f.velocityA.z * f.rAY);
        V relY = (f.velocityB.y + f.velocityB.z * f.rBX) - (f.velocityA.y + f.velocityA.z * f.rAX);
        V speed = axisX * relX + axisY * relY;
        V bias = useBias ? (V)biasRate * error : (V)0.0f;
        V ms = useBias ? massScale : 1.0f, is = useBias ? impulseScale : 0.0f;
        V axial = joint_field(c, stride, L->axialImpulse);
        V impulse = -axialMass * ms * (speed + bias) - is * axial;
        M applied = ~springs;
        if (useBias && _mm256_movemask_ps((__m256)springsAct) != 0) {
            // Each spring's own softness (`Softness(hertz:dampingRatio:h:)`), lane by lane.
            // 2π as Swift's `2 * Float.pi`, whose π is rounded toward zero (0x1.921fb4p+1, not the
            // nearest float, 0x1.921fb6p+1).
            V omega = (V)0x1.921fb4p+2f * hertz;
            V a1 = (V)2.0f * joint_field(c, stride, L->dampingRatio) + (V)h * omega;
            V a2 = (V)h * omega * a1;
            V a3 = 1.0f / (1.0f + a2);
            V springImpulse = joint_field(c, stride, L->springImpulse);
            V spring = -axialMass * (a2 * a3) * (speed + (omega / a1) * error) - a3 * springImpulse;
            impulse = select_lanes(springsAct, impulse, spring);
            joint_store(c, stride, L->springImpulse, select_lanes(springsAct, springImpulse, springImpulse + impulse));
            applied = applied | springsAct;
        }
        joint_store(c, stride, L->axialImpulse, select_lanes(~springs, axial, axial + impulse));
        V px = impulse * axisX, py = impulse * axisY;
        V avx = select_lanes(applied, f.velocityA.x, f.velocityA.x - f.mA * px);
        V avy = select_lanes(applied, f.velocityA.y, f.velocityA.y - f.mA * py);
        V aw = select_lanes(applied, f.velocityA.z, f.velocityA.z - f.iA * crA * impulse);
        V bvx = select_lanes(applied, f.velocityB.x, f.velocityB.x + f.mB * px);
        V bvy = select_lanes(applied, f.velocityB.y, f.velocityB.y + f.mB * py);
        V bw = select_lanes(applied, f.velocityB.z, f.velocityB.z + f.iB * crB * impulse);
        joint_scatter((char *)states, f.indexA, lanes, f.mA, avx, avy, aw);
        joint_scatter((char *)states, f.indexB, lanes, f.mB, bvx, bvy, bw);
    }
}

#else

int32_t dynamics_distance_pairs_available(void) { return 0; }

void dynamics_distance_pairs_warm_start(const dynamics_distance_layout *layout, void *blocks, int64_t pairCount,
                                        void *states) {
    (void)layout; (void)blocks; (void)pairCount; (void)states;
}

void dynamics_distance_pairs_solve(const dynamics_distance_layout *layout, void *blocks, int64_t pairCount,
                                   void *states, float biasRate, float massScale, float impulseScale,
                                   int32_t useBias, float h, int32_t keepsFrame, float *carried) {
    (void)layout; (void)blocks; (void)pairCount; (void)states; (void)biasRate; (void)massScale;
    (void)impulseScale; (void)useBias; (void)h; (void)keepsFrame; (void)carried;
}

#endif

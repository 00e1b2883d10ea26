// What the eight-lane joint passes share (PinPasses.c, DistancePasses.c): two blocks of four joints
// of one colour at a time, the first block in lanes 0–3 and the second in lanes 4–7, each field
// loaded from both blocks; the bodies' states gathered and scattered, and each block's frame
// (`WideJointFrame`) read with the anchors turned by the bodies' rotations. Included only inside
// their x86-64 (Linux, Apple) sections, after EightLanes.h.
#ifndef DYNAMICS_JOINT_LANES_EIGHT_H
#define DYNAMICS_JOINT_LANES_EIGHT_H

#include "JointLayout.h"

#include <string.h>

/// A field of the two blocks at `c` and `c + stride`: lanes 0–3 the first block's, 4–7 the second's.
INLINE V joint_field(const char *c, int64_t stride, int64_t offset) {
    dynamics_lanes low, high;
    memcpy(&low, c + offset, sizeof low);
    memcpy(&high, c + stride + offset, sizeof high);
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
}

/// Stores a field of the two blocks at `c` and `c + stride`.
INLINE void joint_store(char *c, int64_t stride, int64_t offset, V v) {
    dynamics_lanes low = __builtin_shufflevector(v, v, 0, 1, 2, 3), high = __builtin_shufflevector(v, v, 4, 5, 6, 7);
    memcpy(c + offset, &low, sizeof low);
    memcpy(c + stride + offset, &high, sizeof high);
}

/// Bit l set where lane l of `v` is greater than zero.
INLINE int joint_positive_lanes(V v) {
    return _mm256_movemask_ps(_mm256_cmp_ps((__m256)v, _mm256_setzero_ps(), _CMP_GT_OQ));
}

/// Each lane's velocity row (`row` 0: vx, vy, ω, inverse mass) or motion row (1: dpx, dpy, and
/// the rotation's cosine and sine) of the bodies' 32-byte states, transposed.
INLINE rows8 joint_gather(const char *states, const int32_t index[8], int row) {
    dynamics_lanes rows[8];
    for (int l = 0; l < 8; l++) memcpy(&rows[l], states + (int64_t)index[l] * 32 + row * 16, sizeof rows[l]);
    return dynamics_transpose_eight(rows);
}

/// Writes (vx, vy, ω, mass) to the velocity rows of the lanes in `lanes` (a bit per lane) whose
/// body can move (`mass > 0`), as `dynamics_scatter_side` does for four.
INLINE void joint_scatter(char *states, const int32_t index[8], int lanes, V mass, V vx, V vy, V w) {
    int movable = joint_positive_lanes(mass) & lanes;
    dynamics_eight_row_pairs rows = dynamics_untranspose_eight(vx, vy, w, mass);
    for (int i = 0; i < 4; i++) {
        dynamics_lanes low = __builtin_shufflevector(rows.pairs[i], rows.pairs[i], 0, 1, 2, 3);
        dynamics_lanes high = __builtin_shufflevector(rows.pairs[i], rows.pairs[i], 4, 5, 6, 7);
        if (movable & (1 << i)) memcpy(states + (int64_t)index[i] * 32, &low, sizeof low);
        if (movable & (16 << i)) memcpy(states + (int64_t)index[i + 4] * 32, &high, sizeof high);
    }
}

/// What every pass reads of a pair of blocks (`WideJointFrame`): the bodies, their states and
/// masses, and the anchors turned by each body's rotation since the step start.
typedef struct {
    int32_t indexA[8], indexB[8];
    rows8 velocityA, velocityB, motionA, motionB;
    V mA, iA, mB, iB;
    V rAX, rAY, rBX, rBY;
} joint_frame;

INLINE joint_frame joint_read(const dynamics_joint_frame_layout *L, const char *c, int64_t stride, const char *states) {
    joint_frame f;
    memcpy(f.indexA, c + L->indexA, 16);
    memcpy(f.indexA + 4, c + stride + L->indexA, 16);
    memcpy(f.indexB, c + L->indexB, 16);
    memcpy(f.indexB + 4, c + stride + L->indexB, 16);
    f.velocityA = joint_gather(states, f.indexA, 0);
    f.velocityB = joint_gather(states, f.indexB, 0);
    f.motionA = joint_gather(states, f.indexA, 1);
    f.motionB = joint_gather(states, f.indexB, 1);
    f.mA = joint_field(c, stride, L->massA);
    f.iA = joint_field(c, stride, L->inertiaA);
    f.mB = joint_field(c, stride, L->massB);
    f.iB = joint_field(c, stride, L->inertiaB);
    V ax = joint_field(c, stride, L->anchorAX), ay = joint_field(c, stride, L->anchorAY);
    V bx = joint_field(c, stride, L->anchorBX), by = joint_field(c, stride, L->anchorBY);
    // The motion rows' z and w are the rotation's cosine and sine (`Rotation.apply`).
    V qcA = f.motionA.z, qsA = f.motionA.w, qcB = f.motionB.z, qsB = f.motionB.w;
    f.rAX = qcA * ax - qsA * ay;
    f.rAY = qsA * ax + qcA * ay;
    f.rBX = qcB * bx - qsB * by;
    f.rBY = qsB * bx + qcB * by;
    return f;
}

/// Applies the linear impulse (`lx`, `ly`) at both anchors, B's way on B and the opposite way on
/// A, with the angular part `angular` (zero, added as the Swift blocks add it), and writes both
/// sides' velocities back: the warm start of a pin or a distance joint.
INLINE void joint_apply_impulse(char *states, const joint_frame *f, V lx, V ly, V angular) {
    V avx = f->velocityA.x - f->mA * lx;
    V avy = f->velocityA.y - f->mA * ly;
    V aw = f->velocityA.z - f->iA * ((f->rAX * ly - f->rAY * lx) + angular);
    V bvx = f->velocityB.x + f->mB * lx;
    V bvy = f->velocityB.y + f->mB * ly;
    V bw = f->velocityB.z + f->iB * ((f->rBX * ly - f->rBY * lx) + angular);
    joint_scatter(states, f->indexA, 0xFF, f->mA, avx, avy, aw);
    joint_scatter(states, f->indexB, 0xFF, f->mB, bvx, bvy, bw);
}

#endif

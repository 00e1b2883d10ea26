#ifndef DYNAMICS_FRAME_PAIR_H
#define DYNAMICS_FRAME_PAIR_H

// The two bodies of a contact side by side in four lanes, A in lanes 0–1 and B in lanes 2–3, for
// the narrowphase's reuse of a cached manifold. Every lane computes the multiplies and adds of
// DynamicsCore's Transform and Rotation (apply, applyInverse, relative) in the same order, with no
// fused multiply-adds, so the bits are those of the scalar code; a difference is written as the
// sum with the negated term, which IEEE arithmetic defines to be the same number.
#pragma clang fp contract(off)

#include "Transpose.h"

/// Two frames: positions (xA, yA, xB, yB) and rotations (cosA, sinA, cosB, sinB).
typedef struct {
    dynamics_lanes position;
    dynamics_lanes rotation;
} dynamics_frame_pair;

/// `v` with the sign flipped in each lane whose `flip` argument is non-zero (lanes 0 to 3).
static inline dynamics_lanes dynamics_flip_signs(dynamics_lanes v, int flip0, int flip1, int flip2, int flip3) {
    typedef unsigned int bits4 __attribute__((ext_vector_type(4)));
    bits4 mask = {flip0 ? 0x80000000u : 0, flip1 ? 0x80000000u : 0, flip2 ? 0x80000000u : 0, flip3 ? 0x80000000u : 0};
    return (dynamics_lanes)((bits4)v ^ mask);
}

/// Each lane pair's point (x, y) turned by its rotation: (c·x − s·y, s·x + c·y) in lanes 0–1 by
/// A's rotation and in lanes 2–3 by B's.
static inline dynamics_lanes dynamics_rotate_pair(dynamics_lanes rotation, dynamics_lanes points) {
    dynamics_lanes xs = __builtin_shufflevector(points, points, 0, 0, 2, 2);
    dynamics_lanes ys = __builtin_shufflevector(points, points, 1, 1, 3, 3);
    dynamics_lanes swapped = __builtin_shufflevector(rotation, rotation, 1, 0, 3, 2);
    return rotation * xs + dynamics_flip_signs(swapped * ys, 1, 0, 1, 0);
}

/// The origin frames of two bodies from their records: `centerRotationA` and `centerRotationB`
/// hold each body's centre of mass and rotation (x, y, cos, sin), `localCenters` each one's centre
/// of mass in its own frame (A's x, y, then B's). An origin lies at the centre minus the turned
/// local centre.
static inline dynamics_frame_pair dynamics_origin_frames(dynamics_lanes centerRotationA, dynamics_lanes centerRotationB,
                                                         dynamics_lanes localCenters) {
    dynamics_lanes centers = __builtin_shufflevector(centerRotationA, centerRotationB, 0, 1, 4, 5);
    dynamics_frame_pair frames;
    frames.rotation = __builtin_shufflevector(centerRotationA, centerRotationB, 2, 3, 6, 7);
    frames.position = centers - dynamics_rotate_pair(frames.rotation, localCenters);
    return frames;
}

/// B's frame in A's frame: (x, y, cos, sin) of `Transform.relative`, A's inverse rotation applied
/// to B's offset from A, and B's rotation less A's.
static inline dynamics_lanes dynamics_relative_frame(dynamics_frame_pair frames) {
    dynamics_lanes p = frames.position, r = frames.rotation;
    dynamics_lanes offset = __builtin_shufflevector(p, p, 2, 3, 2, 3) - p;           // dx dy · ·
    dynamics_lanes cosA = __builtin_shufflevector(r, r, 0, 0, 0, 0);
    dynamics_lanes sinA = __builtin_shufflevector(r, r, 1, 1, 1, 1);
    dynamics_lanes left = __builtin_shufflevector(cosA, dynamics_flip_signs(sinA, 1, 1, 1, 1), 0, 5, 2, 3);  // cA −sA cA cA
    dynamics_lanes right = __builtin_shufflevector(sinA, cosA, 0, 5, 2, 3);                                 // sA cA sA sA
    dynamics_lanes xs = __builtin_shufflevector(offset, r, 0, 0, 6, 7);                                     // dx dx cB sB
    dynamics_lanes ys = __builtin_shufflevector(offset, r, 1, 1, 7, 6);                                     // dy dy sB cB
    return left * xs + dynamics_flip_signs(right * ys, 0, 0, 0, 1);
}

/// A world point (x, y in lanes 0–1 and again in 2–3) in both frames: in A's in lanes 0–1 and in
/// B's in lanes 2–3, as `Transform.applyInverse` maps it (the offset from the frame's position,
/// turned back by its rotation: (c·dx + s·dy, −s·dx + c·dy)).
static inline dynamics_lanes dynamics_local_point_pair(dynamics_frame_pair frames, dynamics_lanes point) {
    dynamics_lanes offset = point - frames.position;
    dynamics_lanes xs = __builtin_shufflevector(offset, offset, 0, 0, 2, 2);
    dynamics_lanes ys = __builtin_shufflevector(offset, offset, 1, 1, 3, 3);
    dynamics_lanes left = dynamics_flip_signs(frames.rotation, 0, 1, 0, 1);                        // c −s c' −s'
    dynamics_lanes right = __builtin_shufflevector(frames.rotation, frames.rotation, 1, 0, 3, 2);  // s c s' c'
    return left * xs + right * ys;
}

/// One moved point of a reused manifold, as `ManifoldCache.move` writes it: its anchors from A's
/// and B's centres of mass (A's x, y, then B's) in `anchors`, and `separation`.
typedef struct {
    dynamics_lanes anchors;
    float separation;
} dynamics_moved_point;

/// A cached point carried by both bodies: `cached` holds it in A's frame (lanes 0–1) and in B's
/// (lanes 2–3), `cachedSeparation` its separation then; `centers` the bodies' centres of mass (A's,
/// then B's) and `normal` the world normal in lanes 0–1. The point lies midway between where the
/// two bodies carry it, and its separation grows by how far they carried it apart along the normal.
static inline dynamics_moved_point dynamics_move_cached_point(dynamics_frame_pair frames, dynamics_lanes centers,
                                                              dynamics_lanes normal, dynamics_lanes cached,
                                                              float cachedSeparation) {
    dynamics_lanes carried = dynamics_rotate_pair(frames.rotation, cached) + frames.position;  // onA onB
    dynamics_lanes sum = carried + __builtin_shufflevector(carried, carried, 2, 3, 0, 1);
    dynamics_lanes halves = 0.5f;
    dynamics_lanes point = halves * sum;                                                   // p p (x, y twice)
    dynamics_lanes anchors = point - centers;                                              // p − cA, p − cB
    float dx = carried[2] - carried[0], dy = carried[3] - carried[1];
    dynamics_moved_point moved;
    moved.anchors = anchors;
    moved.separation = cachedSeparation + (normal[0] * dx + normal[1] * dy);
    return moved;
}

#endif

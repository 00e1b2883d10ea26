#ifndef DYNAMICS_CONTACT_PREPARE_H
#define DYNAMICS_CONTACT_PREPARE_H

#include "ContactPasses.h"

#include <stdint.h>

/// One coloured contact to prepare: its index, its bodies' dense indices (−1 for a body that
/// is not awake) and the point count its key had, as DynamicsCore's `SolverSource`.
typedef struct {
    int32_t contact, denseA, denseB, points;
} dynamics_solver_source;

/// Where the preparation reads (DynamicsCore's `PrepareContactsKernel`). Each contact's solver
/// manifold is `contactStride` bytes at `contacts`; the offsets name, within one, the rows it
/// reads: the material (friction, restitution, …), the manifold's frame (normal x, y, point
/// count as an integer), each point's anchors (A's x, y, then B's) and each point's separation.
/// `impulses` holds each contact's accumulated impulses (normal 0, tangent 0, normal 1, tangent 1),
/// `inverseMasses` each awake body's inverse mass and inverse inertia, `states` the bodies'
/// 32-byte states with a resting one at `restingIndex`.
typedef struct {
    const void *contacts;
    int64_t contactStride;
    int64_t materialOffset, frameOffset;
    int64_t anchors0Offset, anchors1Offset;
    int64_t separation0Offset, separation1Offset;
    const void *impulses;
    const float *inverseMasses;
    const void *states;
    int32_t restingIndex;
    /// Non-zero when some contact can bounce: the extras then get each lane's restitution and
    /// impact speeds, and zero largest impulses.
    int32_t keepsImpactSpeeds;
    /// Non-zero: the pair, its second point and its start impulses are built on the stack and
    /// written with non-temporal stores, which do not first read each line they fill, for pairs
    /// that stream from memory in the passes anyway (where the pair, second point and start
    /// impulses are 32-byte aligned; otherwise stored as usual). Other threads may read them only
    /// after the writing thread's `dynamics_store_fence`.
    int32_t streamsPairs;
} dynamics_prepare_inputs;

/// Orders this thread's non-temporal stores (`dynamics_prepare_inputs.streamsPairs`) before its
/// later stores, so that a thread that sees the later ones sees them too. Nothing where
/// `dynamics_prepare_pair` is not compiled in.
void dynamics_store_fence(void);

/// Whether `dynamics_prepare_pair` is compiled in (x86-64 with AVX copies).
int32_t dynamics_prepare_pair_available(void);

/// Prepares a whole block pair from `count` (1…8) consecutive sources of one colour, eight lanes
/// at once with AVX: the first four in lanes 0–3, the rest in lanes 4–7, and unused lanes past
/// `count`; the second points in `second` (all zeros in a lane with one; not written at all
/// when no lane has one, since the passes then never read it), and each lane's normal impulse at
/// the step start, both points summed, in `start`. It writes the bits of DynamicsCore's four-lane
/// `prepareBlock` for each half (the same operations in the same order, no fused multiply-adds),
/// and returns the pair's byte of `dynamics_contact_pass_constants.pointCounts`: its point count,
/// 2 if a lane's manifold has two points, else 1, and `DYNAMICS_PAIR_SPECULATIVE` if every used
/// lane's points are separated and its warm-start impulses all zero bits. Only to be called where
/// `dynamics_prepare_pair_available()` and the processor has AVX.
int32_t dynamics_prepare_pair(dynamics_wide_contact_pair *pair, dynamics_wide_point_pair *second,
                              dynamics_wide_contact_extra *extra, dynamics_lanes8 *start,
                              const dynamics_solver_source *sources, int32_t count,
                              const dynamics_prepare_inputs *inputs);

#endif

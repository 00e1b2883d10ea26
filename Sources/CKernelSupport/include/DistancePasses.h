#ifndef DYNAMICS_DISTANCE_PASSES_H
#define DYNAMICS_DISTANCE_PASSES_H

#include "JointLayout.h"

#include <stdint.h>

/// Where the fields of DynamicsCore's `WideDistanceBlock` lie: byte offsets within a block of
/// `stride` bytes, of four-lane fields of 16 bytes.
typedef struct {
    int64_t stride;
    dynamics_joint_frame_layout frame;
    int64_t length, axialImpulse, springImpulse, hertz, dampingRatio, springLanes;
    int64_t solveAxisX, solveAxisY, solveCrossA, solveCrossB;
} dynamics_distance_layout;

/// Whether the eight-lane distance joint passes are compiled in (x86-64 with AVX copies).
int32_t dynamics_distance_pairs_available(void);

/// `WideDistanceBlock.warmStart` for the blocks `blocks + 2k` and
/// `blocks + 2k + 1`, k = 0…`pairCount` − 1, both at once in eight lanes with AVX. The blocks of
/// a pair must be of one colour (no movable body twice). `states` holds the bodies' 32-byte
/// states. Only to be called where `dynamics_distance_pairs_available()` and the processor has AVX.
void dynamics_distance_pairs_warm_start(const dynamics_distance_layout *layout, void *blocks, int64_t pairCount,
                                        void *states);

/// `WideDistanceBlock.solve` for the same pairs of blocks, over a sub-step of length `h`: with
/// `useBias` non-zero, rods with the softness `biasRate`, `massScale`, `impulseScale` and springs
/// with their own; without, rods rigidly, and a block of springs only keeps its velocities. With
/// `keepsFrame` non-zero, each block keeps its axis and moment arms; with `carried` (the bodies'
/// carried rows, four floats each), what the motion since the kept frame makes of the accumulated
/// impulse is carried (`WideDistanceBlock.carryMotion`). The same operations in the same order as
/// the four-lane Swift code, lane by lane, and no fused multiply-adds: the same bits.
void dynamics_distance_pairs_solve(const dynamics_distance_layout *layout, void *blocks, int64_t pairCount,
                                   void *states, float biasRate, float massScale, float impulseScale,
                                   int32_t useBias, float h, int32_t keepsFrame, float *carried);

#endif

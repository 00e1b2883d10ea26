#ifndef DYNAMICS_PIN_PASSES_H
#define DYNAMICS_PIN_PASSES_H

#include "JointLayout.h"

#include <stdint.h>

/// Where the fields of DynamicsCore's `WidePinBlock` lie: byte offsets within a block of `stride`
/// bytes, of four-lane fields of 16 bytes.
typedef struct {
    int64_t stride;
    dynamics_joint_frame_layout frame;
    int64_t impulseX, impulseY;
    int64_t solveAnchorAX, solveAnchorAY, solveAnchorBX, solveAnchorBY;
} dynamics_pin_layout;

/// Whether the eight-lane pin passes are compiled in (x86-64 with AVX copies).
int32_t dynamics_pin_pairs_available(void);

/// `WidePinBlock.warmStart` for the blocks `blocks + 2k` and `blocks + 2k + 1`, k = 0…`pairCount` − 1,
/// both at once in eight lanes with AVX. The blocks of a pair must be of one colour (no movable
/// body twice). `states` holds the bodies' 32-byte states. Only to be called where
/// `dynamics_pin_pairs_available()` and the processor has AVX.
void dynamics_pin_pairs_warm_start(const dynamics_pin_layout *layout, void *blocks, int64_t pairCount, void *states);

/// `WidePinBlock.solve` for the same pairs of blocks, with the softness `biasRate`, `massScale`,
/// `impulseScale`. With `keepsAnchors` non-zero it keeps the turned anchors in the blocks; with
/// `carried` (each awake body's carried row, four floats) it adds the turn of the anchors since
/// then to the rows' last floats. The same operations in the same order as the four-lane Swift
/// code, lane by lane, and no fused multiply-adds: the same bits.
void dynamics_pin_pairs_solve(const dynamics_pin_layout *layout, void *blocks, int64_t pairCount, void *states,
                              float biasRate, float massScale, float impulseScale, int32_t keepsAnchors,
                              float *carried);

#endif

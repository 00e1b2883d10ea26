#ifndef DYNAMICS_SIMPLEX_NOISE_H
#define DYNAMICS_SIMPLEX_NOISE_H

#include <stdint.h>
#include "ContactPasses.h"

/// Eight points of simplex noise, and the noise's values and gradients there
/// (DynamicsCore's `SimplexNoise.evaluate`).
typedef struct {
    dynamics_lanes8 x, y, z;
    dynamics_lanes8 value, gradientX, gradientY, gradientZ;
} dynamics_noise_lanes;

/// Whether `dynamics_simplex_noise8` is compiled in (x86-64 with an AVX copy).
int32_t dynamics_simplex_noise_available(void);

/// Evaluates the noise at the eight points of `lanes`, with every lattice gradient turned by the
/// angle whose cosine and sine are given, and writes the values and gradients: the operations of
/// `SimplexNoise.evaluate` in the same order, no fused multiply-adds, so the bits are the Swift
/// code's. Only to be called where `dynamics_simplex_noise_available()` and the processor has AVX.
void dynamics_simplex_noise8(dynamics_noise_lanes *lanes, float cosine, float sine);

#endif

// The contact passes, compiled for the build's baseline and, on x86-64, once more for AVX, chosen
// at run time. A Swift package cannot ask for AVX for its dependents (that takes unsafe flags), and
// the SSE2 code of the solve is a third register copies and spills. The AVX copy has
// three-operand instructions and solves two blocks of a colour at once in eight lanes: the solve
// is a chain of dependent multiplies and adds per lane, so twice the lanes per chain does more
// work per wait (measured in the Solver Passes article). Neither copy may fuse a multiply and an
// add, so both compute the same bits as each other and as the scalar solver.
#pragma clang fp contract(off)

#include "ContactPasses.h"
#include "EdgeSeparation.h"
#include "Transpose.h"
#include "LaneMinMax.h"
#include "Prefetch.h"
#include "Scatter.h"

#include <float.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

/// How many block pairs ahead the passes load the pairs when they stream from memory
/// (DynamicsCore's `World.prefetchingPairBytes` says when). Two, four and eight pairs ahead read
/// alike in rain-100k.
#define DYNAMICS_PAIR_PREFETCH_DISTANCE 4

/// How many block pairs ahead the passes load the bodies' states when the pairs and states
/// together outgrow the last-level cache (DynamicsCore's `World.prefetchesBodyStates`): the
/// offsets come from a pair that `DYNAMICS_PAIR_PREFETCH_DISTANCE` asked for two pairs before.
/// One, two, three and four pairs ahead read alike in rain-100k on a host of 8 MiB of L3.
#define DYNAMICS_STATE_PREFETCH_DISTANCE 2

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#define DYNAMICS_HAS_AVX_COPY 1
#else
#define DYNAMICS_HAS_AVX_COPY 0
#endif

#define KERNEL(name) dynamics_baseline_##name
#define KERNEL_TARGET
#include "ContactLanes4.h"
#include "ContactPassTemplate.h"
#undef KERNEL
#undef KERNEL_TARGET

#if DYNAMICS_HAS_AVX_COPY
#include <immintrin.h>
#include "TransposeEight.h"

// The AVX level: eight lanes (a pair of blocks) at a time. Its four-lane copy sweeps the impacts of
// one block of a pair alone (see `sweep_if_fast`); its own pass is not used.
#define KERNEL(name) dynamics_avx4_##name
#define KERNEL_TARGET __attribute__((target("avx")))
#include "ContactLanes4.h"
#include "ContactPassTemplate.h"
#undef KERNEL

#define KERNEL(name) dynamics_avx8_##name
#define KERNEL_FOUR(name) dynamics_avx4_##name
#include "ContactLanes8.h"
#include "ContactPassTemplate.h"
#undef KERNEL
#undef KERNEL_FOUR
#undef KERNEL_TARGET
#endif

/// The level in use; −1 until first asked.
static _Atomic int current_level = -1;

dynamics_kernel_level dynamics_best_kernel_level(void) {
#if DYNAMICS_HAS_AVX_COPY
    if (__builtin_cpu_supports("avx")) return dynamics_kernels_avx;
#endif
    return dynamics_kernels_baseline;
}

dynamics_kernel_level dynamics_set_kernel_level(dynamics_kernel_level level) {
    dynamics_kernel_level best = dynamics_best_kernel_level();
    dynamics_kernel_level chosen = level > best ? best : level;
    current_level = (int)chosen;
    // The separating-edge search follows the level (see `dynamics_max_separation`).
    __atomic_store_n(&dynamics_separation_width, 0, __ATOMIC_RELAXED);
    return chosen;
}

dynamics_kernel_level dynamics_current_kernel_level(void) {
    int level = current_level;
    if (level >= 0) return (dynamics_kernel_level)level;
    const char *wanted = getenv("DYNAMICS_KERNELS");
    int baseline = wanted != NULL && strcmp(wanted, "baseline") == 0;
    return dynamics_set_kernel_level(baseline ? dynamics_kernels_baseline : dynamics_kernels_avx);
}

void dynamics_contact_pass(dynamics_contact_pass_kind pass, dynamics_wide_contact_pair *pairs,
                           int64_t begin, int64_t end, const dynamics_contact_pass_constants *constants) {
    dynamics_wide_point_pair *seconds = constants->secondPoints + begin;
    dynamics_wide_contact_extra *extras = constants->extras + begin;
    const uint8_t *pointCounts = constants->pointCounts != NULL ? constants->pointCounts + begin : NULL;
    const dynamics_lanes8 *starts = constants->startImpulses != NULL ? constants->startImpulses + begin : NULL;
#if DYNAMICS_HAS_AVX_COPY
    if (dynamics_current_kernel_level() == dynamics_kernels_avx) {
        dynamics_avx8_pass(pass, pairs + begin, seconds, extras, pointCounts, starts, end - begin, constants);
        return;
    }
#endif
    dynamics_baseline_pass(pass, pairs + begin, seconds, extras, pointCounts, starts, end - begin, constants);
}

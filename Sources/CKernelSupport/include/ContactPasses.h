#ifndef DYNAMICS_CONTACT_PASSES_H
#define DYNAMICS_CONTACT_PASSES_H

#include <stdint.h>
#include "Transpose.h"

/// Four 32-bit integers, imported into Swift as SIMD4<Int32>.
typedef int32_t dynamics_indices __attribute__((ext_vector_type(4)));

/// Eight floats, imported into Swift as SIMD8<Float>. Aligned to 16 bytes, as Swift aligns
/// SIMD8<Float> (at C's natural 32, Swift could not import the structs that hold them).
typedef float dynamics_lanes8 __attribute__((ext_vector_type(8), aligned(16)));
/// Eight 32-bit integers, imported into Swift as SIMD8<Int32>, aligned as `dynamics_lanes8`.
typedef int32_t dynamics_indices8 __attribute__((ext_vector_type(8), aligned(16)));

/// One manifold point across the eight contact constraints of a block pair (DynamicsCore's
/// `WidePointPair`): lanes 0–3 are the first block's, lanes 4–7 the second's.
///
/// Each anchor r (from its body's centre of mass) is kept as its two components in the contact
/// frame: along the normal, r·n, and across it, r×n. With the tangent t = (n.y, −n.x), r×t is
/// −r·n, so these two numbers give every angular term of the solve in one multiply each, and the
/// separation's rotation term as c·(r·n) + s·(r×n).
typedef struct {
    dynamics_lanes8 alongA, acrossA, alongB, acrossB;
    dynamics_lanes8 baseSeparation;
    dynamics_lanes8 normalImpulse, tangentImpulse;
    dynamics_lanes8 normalMass, tangentMass;
} dynamics_wide_point_pair;

/// Two consecutive blocks of four contact constraints of one colour, field by field: lanes 0–3
/// of every field are the first block's, lanes 4–7 the second's (DynamicsCore's
/// `WideContactPair`). The eight-lane passes load each field in one piece; the four-lane passes
/// solve the two blocks one after the other, each reading its half of every field. A colour
/// always has an even number of blocks, so a pair never holds two colours.
///
/// No body appears twice in a colour, so the lanes never touch the same body. A lane without a
/// movable body points at a resting state past the bodies; unused lanes have zero masses and do
/// nothing. Each side's body is kept as the byte offset of its 32-byte state (dense index × 32),
/// so that a lane's state is one load away: x86 addressing scales an index by 8 at most, and the
/// shift per lane and side was one instruction in sixteen of the passes.
///
/// Only what the warm start, solve and relax passes read is here: the pairs are streamed through
/// the caches on every pass, so each field costs on every pass. The bodies' inverse masses are
/// not stored: the passes take them from the states' velocity rows, which they load anyway. A
/// lane's softness is not stored either: it follows from the masses (a lane with a body of
/// infinite mass takes the static softness, the others the contact softness, both in
/// `dynamics_contact_pass_constants`). The second manifold point is not here either: pair `k`'s
/// is the `k`th of an array beside the pairs (`dynamics_contact_pass_constants.secondPoints`),
/// so that a pair none of whose lanes has one is 512 bytes, eight cache lines, and its stream
/// has no gaps for the processor to fetch anyway. What the other passes need is in the pair's
/// `dynamics_wide_contact_extra`.
typedef struct {
    dynamics_indices8 offsetA, offsetB;
    dynamics_lanes8 normalX, normalY;
    dynamics_lanes8 friction;
    dynamics_lanes8 inertiaA, inertiaB;
    dynamics_wide_point_pair point0;
} dynamics_wide_contact_pair;

/// The fields of a block pair that only restitution and the impulse stores need, kept apart so
/// that the warm start, solve and relax passes do not stream them (DynamicsCore's
/// `WideContactExtra`): each lane's contact (−1 for an unused lane), its restitution, its points'
/// normal relative velocities at the step start (the impact speeds restitution reverses) and their
/// largest normal impulse of the step (restitution bounces only points that pushed). The solve and
/// relax passes keep the largest impulses only when asked (`keepLargestImpulses`), that is, when
/// some contact can bounce. Pair `k`'s extra is the `k`th of an array beside the pairs.
///
/// What the capping relax passes read besides the pair, each lane's normal impulse at the step
/// start (both points' summed: the warm start the step began with, which bounds what a point
/// carries from one sub-step to the next, `warmStartGrowth`), is an array of its own beside the
/// pairs (`dynamics_contact_pass_constants.startImpulses`): 32 bytes a pair read in order, where
/// reading it from the extras touched a line of each of them.
typedef struct {
    dynamics_indices8 contactIndex;
    dynamics_lanes8 restitution;
    dynamics_lanes8 relativeVelocity0, relativeVelocity1;
    dynamics_lanes8 maxNormalImpulse0, maxNormalImpulse1;
} dynamics_wide_contact_extra;

/// The passes the sub-steps make over contact blocks.
typedef enum {
    dynamics_contact_warm_start = 0,
    dynamics_contact_solve = 1,
    dynamics_contact_relax = 2,
    dynamics_contact_restitution = 3,
} dynamics_contact_pass_kind;

/// A pair's byte in `dynamics_contact_pass_constants.pointCounts`: its point count (1 or 2) in
/// the bits of `DYNAMICS_PAIR_POINT_COUNT`, and `DYNAMICS_PAIR_SPECULATIVE` where every lane began
/// the step speculative and unloaded: each of its points separated, with no normal or friction
/// impulse to warm start (unused lanes count as such). The solve and relax passes may then find
/// that solving the pair would change nothing (`skipsSpeculativePairs`).
#define DYNAMICS_PAIR_POINT_COUNT 3
#define DYNAMICS_PAIR_SPECULATIVE 4

/// A softness's three numbers: the bias rate, and the scales of the effective mass and of the
/// accumulated impulse (DynamicsCore's `Softness`).
typedef struct {
    float biasRate, massScale, impulseScale;
} dynamics_softness;

/// What a pass needs besides the blocks: the bodies' 32-byte states (velocity row, then motion
/// row: dpx, dpy, cos, sin), the pairs' second points and extras, the sub-step rate, the solver's
/// speed limits, the two contact softnesses (with a body of infinite mass, `statics`; otherwise
/// `contacts`), whether the solve and relax passes keep each point's largest normal impulse
/// (non-zero when a restitution pass follows), whether the passes prefetch the pairs ahead
/// (non-zero when the pairs stream from memory: DynamicsCore's `World.prefetchingPairBytes`) and
/// the states of their bodies (non-zero when pairs and states outgrow the last-level cache:
/// `World.prefetchesBodyStates`),
/// each pair's point count and speculative mark (`pointCounts`, a byte a pair as
/// `DYNAMICS_PAIR_SPECULATIVE` says, beside the pairs as the extras are; NULL: every pair has two
/// points and none is marked) and each pair's normal impulses at the step start (`startImpulses`, beside the pairs
/// too; read only where the relax pass caps, `warmStartGrowth` > 0).
///
/// A pair of point count 1 has no lane with a second point, so its second point is all zeros:
/// the passes then neither read nor write it, which gives the same bits as solving it (a zero
/// impulse changes no velocity) and saves its 288 bytes on every pass.
typedef struct {
    void *states;
    dynamics_wide_point_pair *secondPoints;
    dynamics_wide_contact_extra *extras;
    const uint8_t *pointCounts;
    const dynamics_lanes8 *startImpulses;
    float inverseH;
    float pushMaxVelocity;
    float restitutionThreshold;
    dynamics_softness contacts, statics;
    int32_t keepLargestImpulses;
    int32_t prefetchPairs;
    int32_t prefetchStates;
    /// Non-zero: the solve and relax passes leave a pair marked `DYNAMICS_PAIR_SPECULATIVE` alone
    /// while every lane of it stays idle: each point separated and closing too slowly to touch
    /// within the sub-step, its impulses still zero bits, and no velocity of its bodies −0 (or
    /// beyond 1e18). Solving such a pair changes no bit (each impulse clamps to +0, and adding a
    /// zero changes no velocity but −0), so the choice never changes the results.
    int32_t skipsSpeculativePairs;
    /// What a point's normal impulse may carry into the next sub-step: `warmStartGrowth` times its
    /// manifold's normal impulse at the step start, and at least `warmStartFloor` (a speed) times
    /// its effective mass. The relax pass caps it there (`warmStartGrowth` 0: no cap). When the
    /// warm start rides in the velocity integration, `carried` holds the bodies' carried rows (four
    /// floats a body by dense index, one more for the resting state), which the relax pass
    /// corrects for what it takes off: the rows of the lanes' movable bodies only, never the
    /// resting state's, which lanes on every thread name.
    float warmStartGrowth;
    float warmStartFloor;
    float *carried;
} dynamics_contact_pass_constants;

/// Which instruction set the contact passes use.
typedef enum {
    /// The build's baseline (SSE2 on x86-64, NEON on arm64, plain C elsewhere).
    dynamics_kernels_baseline = 0,
    /// AVX (three-operand instructions; two blocks of a colour at once in eight lanes), chosen at
    /// run time where the processor has it.
    dynamics_kernels_avx = 1,
} dynamics_kernel_level;

/// Runs `pass` over the block pairs `pairs[begin..<end]`, in order: block by block, the first
/// block of a pair before the second.
///
/// Every level computes the same bits: the same operations in the same order, no fused
/// multiply-add.
void dynamics_contact_pass(dynamics_contact_pass_kind pass, dynamics_wide_contact_pair *pairs,
                           int64_t begin, int64_t end, const dynamics_contact_pass_constants *constants);

/// The level the contact passes use: the best this processor has, unless the environment variable
/// `DYNAMICS_KERNELS` is `baseline` or `dynamics_set_kernel_level` chose another.
dynamics_kernel_level dynamics_current_kernel_level(void);

/// The best level this processor and build support.
dynamics_kernel_level dynamics_best_kernel_level(void);

/// Makes the contact passes use `level` (at most the best supported; returns the level now in use).
dynamics_kernel_level dynamics_set_kernel_level(dynamics_kernel_level level);

#endif

// The contact passes, written once for any lane width and compiled once per instruction set and
// width: ContactPasses.c includes a lanes header (ContactLanes4.h or ContactLanes8.h: the vector
// type V, the mask type M, field loads LD and stores ST, gathers and scatters) and then this file,
// with KERNEL(name) giving each copy its own names and KERNEL_TARGET its target attribute.
//
// Every copy performs the same operations in the same order as ContactConstraint.solve in
// DynamicsCore, lane by lane, so every copy computes the same bits. The passes work through a
// group's address (GROUP: its first lane in its pair, `c`) and that of its second point (QGROUP,
// `q`, in the array beside the pairs): the constants are read from memory where they are used,
// and only the two bodies' velocities live in registers.

/// A point's field (point `i`, 0 or 1, a constant wherever it is used) and its store: the first
/// point's in the group at `c`, the second's in the group's second point at `q`.
#define PT(c, q, i, field) ((i) ? QLD(q, field) : LD(c, point0.field))
#define PST(c, q, i, field, value) do { if (i) QST(q, field, value); else ST(c, point0.field, value); } while (0)
/// A point's field in the group's extra at `x`, and its store.
#define XPT(x, i, field) ((i) ? XLD(x, field##1) : XLD(x, field##0))
#define XPST(x, i, field, value) do { if (i) XST(x, field##1, value); else XST(x, field##0, value); } while (0)

/// One side's velocities and inverse masses (the velocity row of each lane's state), one lane per
/// block lane. A lane without a movable body has zero mass (the resting state, a kinematic body).
typedef struct {
    V vx, vy, w, m;
} KERNEL(side);

KERNEL_INLINE KERNEL(side) KERNEL(velocities)(const char *states, const char *c, int sideB) {
    KERNEL(rows) r = KERNEL(gather)(states, c, sideB, 0);
    KERNEL(side) s = {r.f0, r.f1, r.f2, r.f3};
    return s;
}

/// `b` in the lanes of `mask`, `a` in the others.
KERNEL_INLINE V KERNEL(select)(M mask, V a, V b) {
    return (V)(((M)b & mask) | ((M)a & ~mask));
}

/// Applies the impulse P = (px, py) at a point: its linear part to both bodies, and its moments
/// rA×P and rB×P to their spins.
KERNEL_INLINE void KERNEL(apply)(const char *c, V px, V py, V momentA, V momentB,
                                 KERNEL(side) *a, KERNEL(side) *b) {
    a->vx = a->vx - a->m * px;
    a->vy = a->vy - a->m * py;
    a->w = a->w - LD(c, inertiaA) * momentA;
    b->vx = b->vx + b->m * px;
    b->vy = b->vy + b->m * py;
    b->w = b->w + LD(c, inertiaB) * momentB;
}

/// The relative velocity at point `i` along the normal: (vB − vA)·n + ωB·(rB×n) − ωA·(rA×n).
KERNEL_INLINE V KERNEL(normal_speed)(const char *c, const char *q, int i, KERNEL(side) a, KERNEL(side) b) {
    V dvx = b.vx - a.vx, dvy = b.vy - a.vy;
    return dvx * LD(c, normalX) + dvy * LD(c, normalY) + b.w * PT(c, q, i, acrossB) - a.w * PT(c, q, i, acrossA);
}

/// The relative velocity at point `i` along the tangent t = (n.y, −n.x); r×t = −r·n.
KERNEL_INLINE V KERNEL(tangent_speed)(const char *c, const char *q, int i, KERNEL(side) a, KERNEL(side) b) {
    V dvx = b.vx - a.vx, dvy = b.vy - a.vy;
    return dvx * LD(c, normalY) - dvy * LD(c, normalX) - b.w * PT(c, q, i, alongB) + a.w * PT(c, q, i, alongA);
}

/// Point `i`'s current separation, from the bodies' motion rows (dpx, dpy, cos, sin) since the
/// step start: each anchor turned by its body's rotation (c, s) lies c·(r·n) + s·(r×n) along n.
KERNEL_INLINE V KERNEL(separation)(const char *c, const char *q, int i, KERNEL(rows) a, KERNEL(rows) b) {
    return (b.f0 - a.f0) * LD(c, normalX) + (b.f1 - a.f1) * LD(c, normalY)
        + (b.f2 * PT(c, q, i, alongB) + b.f3 * PT(c, q, i, acrossB))
        - (a.f2 * PT(c, q, i, alongA) + a.f3 * PT(c, q, i, acrossA))
        + PT(c, q, i, baseSeparation);
}

/// Adds `impulse` to point `i`'s accumulated normal impulse, clamped to push only, and applies the
/// change. With `track`, also keeps the largest change of the step in the extra at `x`.
KERNEL_INLINE void KERNEL(accumulate_normal)(char *c, char *q, char *x, int track, int i, V impulse,
                                             KERNEL(side) *a, KERNEL(side) *b) {
    V old = PT(c, q, i, normalImpulse);
    V updated = KERNEL(lanes_max)(old + impulse, KERNEL(splat)(0));
    V applied = updated - old;
    PST(c, q, i, normalImpulse, updated);
    if (track) XPST(x, i, maxNormalImpulse, KERNEL(lanes_max)(XPT(x, i, maxNormalImpulse), applied));
    KERNEL(apply)(c, applied * LD(c, normalX), applied * LD(c, normalY),
                  applied * PT(c, q, i, acrossA), applied * PT(c, q, i, acrossB), a, b);
}

/// One of the two softnesses in every lane: `statics` in the lanes with a body of infinite mass
/// (zero inverse mass, as in unused lanes), `contacts` in the others.
KERNEL_INLINE V KERNEL(soft_lanes)(KERNEL(side) *a, KERNEL(side) *b, float contacts, float statics) {
    V zero = KERNEL(splat)(0);
    M hard = (a->m == zero) | (b->m == zero);
    return KERNEL(select)(hard, KERNEL(splat)(contacts), KERNEL(splat)(statics));
}

/// Non-penetration at point `i`. A speculative lane (s > 0) may close the gap within the sub-step,
/// at full stiffness; a touching lane is soft and pushed out at a capped speed when biased, not at
/// all when relaxing.
KERNEL_INLINE void KERNEL(solve_normal)(char *c, char *q, char *x, int track, int i, V s,
                                        KERNEL(side) *a, KERNEL(side) *b,
                                        int useBias, V inverseH, V pushOut, const dynamics_contact_pass_constants *k) {
    V zero = KERNEL(splat)(0);
    V vn = KERNEL(normal_speed)(c, q, i, *a, *b);
    V impulse;
    if (useBias) {
        V biasRate = KERNEL(soft_lanes)(a, b, k->contacts.biasRate, k->statics.biasRate);
        V massScale = KERNEL(soft_lanes)(a, b, k->contacts.massScale, k->statics.massScale);
        V impulseScale = KERNEL(soft_lanes)(a, b, k->contacts.impulseScale, k->statics.impulseScale);
        V soft = -PT(c, q, i, normalMass) * massScale * (vn + KERNEL(lanes_max)(biasRate * s, pushOut))
            - impulseScale * PT(c, q, i, normalImpulse);
        impulse = KERNEL(select)(s > zero, soft, -PT(c, q, i, normalMass) * (vn + s * inverseH));
    } else {
        impulse = -PT(c, q, i, normalMass) * (vn + KERNEL(lanes_max)(s, zero) * inverseH);
    }
    KERNEL(accumulate_normal)(c, q, x, track, i, impulse, a, b);
}

/// Coulomb friction at point `i`, limited by the point's normal impulse. A friction impulse
/// clamped to zero is kept as +0, never −0 (adding +0 turns −0 into +0 and leaves every other
/// value as it is), so that an unloaded point's impulses stay all zero bits (`stays_idle`).
KERNEL_INLINE void KERNEL(solve_tangent)(char *c, char *q, int i, KERNEL(side) *a, KERNEL(side) *b) {
    V vt = KERNEL(tangent_speed)(c, q, i, *a, *b);
    V limit = LD(c, friction) * PT(c, q, i, normalImpulse);
    V old = PT(c, q, i, tangentImpulse);
    V clamped = KERNEL(lanes_min)(KERNEL(lanes_max)(old - PT(c, q, i, tangentMass) * vt, -limit), limit);
    V updated = clamped + KERNEL(splat)(0);
    V applied = updated - old;
    PST(c, q, i, tangentImpulse, updated);
    KERNEL(apply)(c, applied * LD(c, normalY), -applied * LD(c, normalX),
                  -applied * PT(c, q, i, alongA), -applied * PT(c, q, i, alongB), a, b);
}

/// Whether a lane with two points still approaches faster than the push-out speed.
KERNEL_INLINE int KERNEL(approaches_fast)(const char *c, const char *q, KERNEL(side) a, KERNEL(side) b, V pushOut) {
    M fast = (KERNEL(normal_speed)(c, q, 0, a, b) < pushOut) | (KERNEL(normal_speed)(c, q, 1, a, b) < pushOut);
    return KERNEL(any)(fast & (PT(c, q, 1, normalMass) > KERNEL(splat)(0)));
}

#if BLOCKS_PER_GROUP == 1
/// Hard two-point impacts: up to four more sweeps of the normal points, while a lane still
/// approaches faster than the push-out speed. Rare, and out of line so that the common path
/// keeps its registers.
static __attribute__((noinline)) KERNEL_TARGET
void KERNEL(sweep_impacts)(char *c, char *q, char *x, int track, V s0, V s1, KERNEL(side) *a, KERNEL(side) *b,
                          V inverseH, V pushOut, const dynamics_contact_pass_constants *k) {
    for (int sweep = 1; sweep <= 4; sweep++) {
        KERNEL(solve_normal)(c, q, x, track, 0, s0, a, b, 1, inverseH, pushOut, k);
        KERNEL(solve_normal)(c, q, x, track, 1, s1, a, b, 1, inverseH, pushOut, k);
        if (sweep == 4 || !KERNEL(approaches_fast)(c, q, *a, *b, pushOut)) return;
    }
}

/// Sweeps the block's impacts (`approaches_fast` said a lane needs it).
KERNEL_INLINE void KERNEL(sweep_if_fast)(char *c, char *q, char *x, int track, V s0, V s1,
                                         KERNEL(side) *a, KERNEL(side) *b,
                                         V inverseH, V pushOut, const dynamics_contact_pass_constants *k) {
    KERNEL(sweep_impacts)(c, q, x, track, s0, s1, a, b, inverseH, pushOut, k);
}
#else
/// Sweeps the impacts of each block of the group whose own lanes need it, with the four-lane
/// sweep, exactly as a block solved alone: a block whose lanes do not approach fast is not swept.
/// (So a group has no sweep of its own.)
KERNEL_INLINE void KERNEL(sweep_if_fast)(char *c, char *q, char *x, int track, V s0, V s1,
                                         KERNEL(side) *a, KERNEL(side) *b,
                                         V inverseH, V pushOut, const dynamics_contact_pass_constants *k) {
    for (int half = 0; half < 2; half++) {
#define HALF(v) (half ? KERNEL(high)(v) : KERNEL(low)(v))
#define JOIN(v, h) (half ? KERNEL(join)(KERNEL(low)(v), (h)) : KERNEL(join)((h), KERNEL(high)(v)))
        KERNEL_FOUR(side) ha = {HALF(a->vx), HALF(a->vy), HALF(a->w), HALF(a->m)};
        KERNEL_FOUR(side) hb = {HALF(b->vx), HALF(b->vy), HALF(b->w), HALF(b->m)};
        if (!KERNEL_FOUR(approaches_fast)(c + 16 * half, q + 16 * half, ha, hb, HALF(pushOut))) continue;
        KERNEL_FOUR(sweep_impacts)(c + 16 * half, q + 16 * half, x + 16 * half, track, HALF(s0), HALF(s1), &ha, &hb,
                                   HALF(inverseH), HALF(pushOut), k);
        a->vx = JOIN(a->vx, ha.vx); a->vy = JOIN(a->vy, ha.vy); a->w = JOIN(a->w, ha.w);
        b->vx = JOIN(b->vx, hb.vx); b->vy = JOIN(b->vy, hb.vy); b->w = JOIN(b->w, hb.w);
#undef HALF
#undef JOIN
    }
}
#endif

/// Applies the accumulated impulses: P = λn·n + λt·t at each point, and r×P = λn·(r×n) − λt·(r·n).
/// `points` (a constant where called) is 1 where no lane of the group has a second point.
KERNEL_INLINE void KERNEL(warm_start)(char *c, char *q, char *states, int points) {
    KERNEL(side) a = KERNEL(velocities)(states, c, 0), b = KERNEL(velocities)(states, c, 1);
    for (int i = 0; i < points; i++) {
        V normal = PT(c, q, i, normalImpulse), tangent = PT(c, q, i, tangentImpulse);
        V nx = LD(c, normalX), ny = LD(c, normalY);
        KERNEL(apply)(c, normal * nx + tangent * ny, normal * ny - tangent * nx,
                      normal * PT(c, q, i, acrossA) - tangent * PT(c, q, i, alongA),
                      normal * PT(c, q, i, acrossB) - tangent * PT(c, q, i, alongB), &a, &b);
    }
    KERNEL(scatter)(states, c, 0, a.vx, a.vy, a.w, a.m);
    KERNEL(scatter)(states, c, 1, b.vx, b.vy, b.w, b.m);
}

/// Takes the impulse (`px`, `py`) with moments `momentA` and `momentB` off what the carried rows
/// at `carried` hold for the lanes of `over`: the change of velocity it made is then not carried
/// into the next sub-step. Rare (only where a point carries more than the cap allows), and out of
/// line. Lane by lane, in lane order; a colour's lanes share no movable body. A side without one
/// (no mass, no inertia) names the resting state, which every such lane of the colour shares, on
/// any thread: its row is left alone (what it would add is zero, and no body reads that row),
/// so that two threads never write one row at once.
static __attribute__((noinline)) KERNEL_TARGET
void KERNEL(uncarry)(const char *c, float *carried, V px, V py, V momentA, V momentB, V massA, V massB, M over) {
    enum { lanes = sizeof(V) / sizeof(float) };
    const int32_t *offsetA = (const int32_t *)FIELD(c, offsetA), *offsetB = (const int32_t *)FIELD(c, offsetB);
    V inertiaA = LD(c, inertiaA), inertiaB = LD(c, inertiaB);
    for (int l = 0; l < lanes; l++) {
        if (!over[l]) continue;
        // A state is 32 bytes and a carried row 16.
        if (massA[l] != 0 || inertiaA[l] != 0) {
            float *rowA = carried + offsetA[l] / 8;
            rowA[0] = rowA[0] - massA[l] * px[l];
            rowA[1] = rowA[1] - massA[l] * py[l];
            rowA[2] = rowA[2] - inertiaA[l] * momentA[l];
        }
        if (massB[l] != 0 || inertiaB[l] != 0) {
            float *rowB = carried + offsetB[l] / 8;
            rowB[0] = rowB[0] + massB[l] * px[l];
            rowB[1] = rowB[1] + massB[l] * py[l];
            rowB[2] = rowB[2] + inertiaB[l] * momentB[l];
        }
    }
}

/// Caps what point `i` carries into the next sub-step: its normal impulse at
/// `k->warmStartGrowth` times `start` (the manifold's normal impulse at the step start, both
/// points) or `k->warmStartFloor` times its effective mass, whichever is more; its friction at
/// the friction coefficient times that. Each sub-step warm-starts with the impulses the one
/// before ended with; after an impact those are the impact's, and given again they throw the
/// bodies back (a box landing on a box on the ground rose 6 cm with restitution 0). Where the
/// warm start rides in the velocity integration, what was taken off is taken off the carried
/// rows as well.
KERNEL_INLINE void KERNEL(cap_point)(char *c, char *q, char *x, int i, V start, V massA, V massB,
                                     const dynamics_contact_pass_constants *k) {
    V normal = PT(c, q, i, normalImpulse);
    V cap = KERNEL(lanes_max)(KERNEL(splat)(k->warmStartGrowth) * start,
                              KERNEL(splat)(k->warmStartFloor) * PT(c, q, i, normalMass));
    // Within the cap (nearly every lane) nothing changes: the solve kept the friction within
    // the cone of the normal impulse.
    M over = normal > cap;
    if (!KERNEL(any)(over)) return;
    V tangent = PT(c, q, i, tangentImpulse);
    V capped = KERNEL(select)(over, normal, cap);
    V limit = LD(c, friction) * capped;
    V cappedTangent = KERNEL(lanes_min)(KERNEL(lanes_max)(tangent, -limit), limit);
    V offNormal = normal - capped, offTangent = tangent - cappedTangent;
    PST(c, q, i, normalImpulse, capped);
    PST(c, q, i, tangentImpulse, cappedTangent);
    if (k->carried == NULL) return;
    V nx = LD(c, normalX), ny = LD(c, normalY);
    KERNEL(uncarry)(c, k->carried, offNormal * nx + offTangent * ny, offNormal * ny - offTangent * nx,
                    offNormal * PT(c, q, i, acrossA) - offTangent * PT(c, q, i, alongA),
                    offNormal * PT(c, q, i, acrossB) - offTangent * PT(c, q, i, alongB), massA, massB, over);
}

/// Whether point `i` (separation `s`, normal speed `vn`) takes no impulse in any lane of the
/// group: its impulses are zero bits and stay so, because it is separated and closes too slowly
/// to touch within the sub-step (the speculative impulse then clamps to +0), or because it has
/// no effective mass (an unused lane, or a lane's missing second point). `s` and `vn` must be
/// finite, or the solve would spread their NaN.
KERNEL_INLINE M KERNEL(point_idle)(const char *c, const char *q, int i, V s, V vn, V inverseH) {
    V zero = KERNEL(splat)(0), largest = KERNEL(splat)(FLT_MAX);
    M zeroBits = (M)zero;
    M finite = (vn <= largest) & (vn >= -largest) & (s <= largest) & (s >= -largest);
    M unloaded = ((M)PT(c, q, i, normalImpulse) == zeroBits) & ((M)PT(c, q, i, tangentImpulse) == zeroBits);
    M speculative = (s > zero) & (vn + s * inverseH >= zero);
    M massless = PT(c, q, i, normalMass) == zero;
    return finite & unloaded & (speculative | massless);
}

/// The lanes where the speed `x` is neither −0 nor beyond 1e18 either way: a solve that adds a
/// zero to −0 may leave +0, and one that multiplies a speed that large may overflow to infinity.
KERNEL_INLINE M KERNEL(plain_speed)(V x) {
    V largest = KERNEL(splat)(1e18f);
    return ((M)x != (M)KERNEL(splat)(-0.0f)) & (x < largest) & (x > -largest);
}

/// Whether solving the group (velocities `a` and `b`, separations `s0` and `s1`) would change no
/// bit: every point of every lane idle (`point_idle`) and every velocity plain (`plain_speed`).
/// Then each normal impulse clamps to +0, the friction limit is +0 and each friction impulse +0,
/// every velocity change adds a zero, and the stores write back what was there, so the caller
/// may skip all of it (`dynamics_contact_pass_constants.skipsSpeculativePairs`).
KERNEL_INLINE int KERNEL(stays_idle)(const char *c, const char *q, KERNEL(side) *a, KERNEL(side) *b,
                                     V s0, V s1, V inverseH, int points) {
    M idle = KERNEL(point_idle)(c, q, 0, s0, KERNEL(normal_speed)(c, q, 0, *a, *b), inverseH);
    if (points > 1) idle = idle & KERNEL(point_idle)(c, q, 1, s1, KERNEL(normal_speed)(c, q, 1, *a, *b), inverseH);
    idle = idle & KERNEL(plain_speed)(a->vx) & KERNEL(plain_speed)(a->vy) & KERNEL(plain_speed)(a->w)
        & KERNEL(plain_speed)(b->vx) & KERNEL(plain_speed)(b->vy) & KERNEL(plain_speed)(b->w);
    return !KERNEL(any)(~idle);
}

/// Non-penetration then friction for the group's lanes, with bias or (relaxing) without; with
/// `points` 1 (a constant where called), for a group none of whose lanes has a second point.
/// `s` is the group's address in the start impulses, which only a capping relax reads. With
/// `speculative` (the pair is marked `DYNAMICS_PAIR_SPECULATIVE` and the passes may skip it), a
/// group whose solve would change nothing (`stays_idle`) is left as it is, its velocities not
/// written.
KERNEL_INLINE void KERNEL(solve)(char *c, char *q, char *x, const char *s, int track, char *states, int useBias, V inverseH, V pushOut,
                                 const dynamics_contact_pass_constants *k, int points, int speculative) {
    KERNEL(rows) va, vb, ma, mb;
    KERNEL(gather_states)(states, c, 0, &va, &ma);
    KERNEL(gather_states)(states, c, 1, &vb, &mb);
    KERNEL(side) a = {va.f0, va.f1, va.f2, va.f3}, b = {vb.f0, vb.f1, vb.f2, vb.f3};
    // Positions do not change within a block's solve: each separation is computed once.
    if (points == 1) {
        // No second point: no sweep either, which only lanes with two points ask for.
        V s0 = KERNEL(separation)(c, q, 0, ma, mb);
        if (speculative && KERNEL(stays_idle)(c, q, &a, &b, s0, s0, inverseH, 1)) return;
        KERNEL(solve_normal)(c, q, x, track, 0, s0, &a, &b, useBias, inverseH, pushOut, k);
        KERNEL(solve_tangent)(c, q, 0, &a, &b);
        if (!useBias && k->warmStartGrowth > 0) KERNEL(cap_point)(c, q, x, 0, SLD(s), a.m, b.m, k);
        KERNEL(scatter)(states, c, 0, a.vx, a.vy, a.w, a.m);
        KERNEL(scatter)(states, c, 1, b.vx, b.vy, b.w, b.m);
        return;
    }
    V s0 = KERNEL(separation)(c, q, 0, ma, mb), s1 = KERNEL(separation)(c, q, 1, ma, mb);
    if (speculative && KERNEL(stays_idle)(c, q, &a, &b, s0, s1, inverseH, 2)) return;
    KERNEL(solve_normal)(c, q, x, track, 0, s0, &a, &b, useBias, inverseH, pushOut, k);
    KERNEL(solve_normal)(c, q, x, track, 1, s1, &a, &b, useBias, inverseH, pushOut, k);
    // The relax pass removes push-out only; impacts are solved already.
    if (useBias && KERNEL(approaches_fast)(c, q, a, b, pushOut)) {
        KERNEL(sweep_if_fast)(c, q, x, track, s0, s1, &a, &b, inverseH, pushOut, k);
    }
    KERNEL(solve_tangent)(c, q, 0, &a, &b);
    KERNEL(solve_tangent)(c, q, 1, &a, &b);
    if (!useBias && k->warmStartGrowth > 0) {
        // Against both points' impulse at the step start: the load of a manifold moves from one
        // point to the other as the bodies rock, so a point that began the step nearly unloaded
        // may carry much more by its end without any impact.
        KERNEL(cap_point)(c, q, x, 0, SLD(s), a.m, b.m, k);
        KERNEL(cap_point)(c, q, x, 1, SLD(s), a.m, b.m, k);
    }
    KERNEL(scatter)(states, c, 0, a.vx, a.vy, a.w, a.m);
    KERNEL(scatter)(states, c, 1, b.vx, b.vy, b.w, b.m);
}

/// Restitution at point `i`, for lanes that approached faster than the threshold and touched.
/// `x` is the group's address in the pairs' extras.
KERNEL_INLINE void KERNEL(bounce)(char *c, char *q, char *x, int i, KERNEL(side) *a, KERNEL(side) *b, V threshold) {
    V zero = KERNEL(splat)(0), e = XLD(x, restitution);
    V approach = XPT(x, i, relativeVelocity);
    M active = (approach < threshold) & (XPT(x, i, maxNormalImpulse) > zero) & (e > zero);
    if (!KERNEL(any)(active)) return;
    V vn = KERNEL(normal_speed)(c, q, i, *a, *b);
    V impulse = -PT(c, q, i, normalMass) * (vn + e * approach);
    impulse = KERNEL(select)(active, zero, impulse);
    KERNEL(accumulate_normal)(c, q, x, 1, i, impulse, a, b);
}

/// Restitution for the group at `c`, whose extras are at `x`: a group without a bouncy lane
/// reads nothing more. With `points` 1, the first points only (a second point that never
/// pushed does not bounce).
KERNEL_INLINE void KERNEL(restitution)(char *c, char *q, char *x, char *states, V threshold, int points) {
    if (!KERNEL(any)(XLD(x, restitution) > KERNEL(splat)(0))) return;
    KERNEL(side) a = KERNEL(velocities)(states, c, 0), b = KERNEL(velocities)(states, c, 1);
    KERNEL(bounce)(c, q, x, 0, &a, &b, threshold);
    if (points > 1) KERNEL(bounce)(c, q, x, 1, &a, &b, threshold);
    KERNEL(scatter)(states, c, 0, a.vx, a.vy, a.w, a.m);
    KERNEL(scatter)(states, c, 1, b.vx, b.vy, b.w, b.m);
}

/// Starts loading the block pair `DYNAMICS_PAIR_PREFETCH_DISTANCE` pairs after group `g`'s, when
/// `g` is its pair's first group and that pair is one of the `groups` groups' (`perPair` groups a
/// pair): its eight cache lines at `base`, and, unless it has one point (`pointCounts`, NULL: two
/// everywhere), the 4.5 lines of its second point at `secondBase`. Loaded for writing, as the
/// solve and relax passes write each point's impulses back: side by side on rain-100k, the pass
/// took 0.97× to 1.01× of the time with plain loads on one thread (mean 0.987× over nine runs)
/// and 0.98× twice on two.
KERNEL_INLINE void KERNEL(prefetch_ahead)(char *base, char *secondBase, const uint8_t *pointCounts,
                                          int64_t g, int64_t groups) {
    const int64_t perPair = 2 / BLOCKS_PER_GROUP;
    if (g % perPair != 0 || g + DYNAMICS_PAIR_PREFETCH_DISTANCE * perPair >= groups) return;
    int64_t pair = g / perPair + DYNAMICS_PAIR_PREFETCH_DISTANCE;
    const int64_t pairBytes = sizeof(dynamics_wide_contact_pair), secondBytes = sizeof(dynamics_wide_point_pair);
    dynamics_prefetch_bytes_for_write(base + pair * pairBytes, pairBytes);
    int twoPoints = pointCounts == NULL || (pointCounts[pair] & DYNAMICS_PAIR_POINT_COUNT) != 1;
    if (twoPoints) dynamics_prefetch_bytes_for_write(secondBase + pair * secondBytes, secondBytes);
}

/// Starts loading the 32-byte states of the bodies of the block pair
/// `DYNAMICS_STATE_PREFETCH_DISTANCE` pairs after group `g`'s, when `g` is its pair's first group
/// and that pair is one of the `groups` groups': sixteen lines, one a lane and side, found through
/// that pair's state offsets (which `prefetch_ahead`, where the pairs are prefetched too, asked
/// for two pairs earlier). A colour's bodies lie anywhere in the states, so the processor cannot
/// guess them.
KERNEL_INLINE void KERNEL(prefetch_states)(const char *states, const char *base, int64_t g, int64_t groups) {
    const int64_t perPair = 2 / BLOCKS_PER_GROUP;
    if (g % perPair != 0 || g + DYNAMICS_STATE_PREFETCH_DISTANCE * perPair >= groups) return;
    const char *pair = base + (g / perPair + DYNAMICS_STATE_PREFETCH_DISTANCE) * (int64_t)sizeof(dynamics_wide_contact_pair);
    const int32_t *a = (const int32_t *)(pair + offsetof(dynamics_wide_contact_pair, offsetA));
    const int32_t *b = (const int32_t *)(pair + offsetof(dynamics_wide_contact_pair, offsetB));
    for (int i = 0; i < 8; i++) {
        dynamics_prefetch(states + a[i]);
        dynamics_prefetch(states + b[i]);
    }
}

/// One pass over the block pairs `pairs[0..<count]` (with their second points
/// `seconds[0..<count]`, extras `extras[0..<count]`, point counts and speculative marks
/// `pointCounts[0..<count]`, NULL: two points everywhere, and start impulses `starts[0..<count]`,
/// which a capping relax pass needs), in order: group by group, where a group is one block (the
/// first half of a pair, then the second) in four lanes and a whole pair in eight. Each pass has
/// its own loop, so that the relax loop is compiled with the bias arithmetic folded away, and the
/// loops that keep the largest normal impulses (`keepLargestImpulses`) apart from those that do
/// not. A pair of one point is solved by the same loop's one-point copy of the group's work; with
/// `skipsSpeculativePairs`, the solve and relax passes leave alone a pair marked speculative whose
/// solve would change nothing (`stays_idle`). With `prefetchPairs`, the warm start, solve and
/// relax loops load the pairs ahead (restitution reads few of them), and with `prefetchStates`
/// the states of the pairs' bodies.
static KERNEL_TARGET __attribute__((unused)) void KERNEL(pass)(dynamics_contact_pass_kind pass,
                                                               dynamics_wide_contact_pair *pairs,
                                                               dynamics_wide_point_pair *seconds,
                                                               dynamics_wide_contact_extra *extras,
                                                               const uint8_t *pointCounts,
                                                               const dynamics_lanes8 *starts, int64_t count,
                                                               const dynamics_contact_pass_constants *k) {
    char *states = (char *)k->states;
    V inverseH = KERNEL(splat)(k->inverseH), pushOut = KERNEL(splat)(-k->pushMaxVelocity);
    const int64_t perPair = 2 / BLOCKS_PER_GROUP;
    int64_t groups = count * perPair;
    char *base = (char *)pairs, *secondBase = (char *)seconds, *extraBase = (char *)extras;
    const char *startBase = (const char *)starts;
    // One test a group while neither prefetch is on (as in every scene whose pairs fit the cache).
    int prefetchPairs = k->prefetchPairs != 0, prefetchStates = k->prefetchStates != 0;
    int prefetch = prefetchPairs || prefetchStates;
    int skipsSpeculative = k->skipsSpeculativePairs != 0;
/// Group `g`'s addresses in the pairs, their second points and their extras.
#define AT(g) GROUP(base, g), QGROUP(secondBase, g), XGROUP(extraBase, g)
/// The same and the group's address in the start impulses.
#define SOLVING(g) AT(g), (startBase != NULL ? SGROUP(startBase, g) : NULL)
#define EACH_GROUP(call) for (int64_t g = 0; g < groups; g++) { \
        if (prefetch) { \
            if (prefetchPairs) KERNEL(prefetch_ahead)(base, secondBase, pointCounts, g, groups); \
            if (prefetchStates) KERNEL(prefetch_states)(states, base, g, groups); \
        } \
        int shape = pointCounts != NULL ? pointCounts[g / perPair] : 2; \
        int speculative = skipsSpeculative && (shape & DYNAMICS_PAIR_SPECULATIVE) != 0; \
        (void)speculative; \
        if ((shape & DYNAMICS_PAIR_POINT_COUNT) == 1) { \
            const int points = 1; \
            call; \
        } else { \
            const int points = 2; \
            call; \
        } \
    }
    switch (pass) {
    case dynamics_contact_warm_start:
        EACH_GROUP(KERNEL(warm_start)(GROUP(base, g), QGROUP(secondBase, g), states, points));
        break;
    case dynamics_contact_solve:
        if (k->keepLargestImpulses) {
            EACH_GROUP(KERNEL(solve)(SOLVING(g), 1, states, 1, inverseH, pushOut, k, points, speculative));
        } else {
            EACH_GROUP(KERNEL(solve)(SOLVING(g), 0, states, 1, inverseH, pushOut, k, points, speculative));
        }
        break;
    case dynamics_contact_relax:
        if (k->keepLargestImpulses) {
            EACH_GROUP(KERNEL(solve)(SOLVING(g), 1, states, 0, inverseH, pushOut, k, points, speculative));
        } else {
            EACH_GROUP(KERNEL(solve)(SOLVING(g), 0, states, 0, inverseH, pushOut, k, points, speculative));
        }
        break;
    case dynamics_contact_restitution: {
        V threshold = KERNEL(splat)(-k->restitutionThreshold);
        prefetch = 0;
        EACH_GROUP(KERNEL(restitution)(AT(g), states, threshold, points));
        break;
    }
    }
#undef EACH_GROUP
#undef SOLVING
#undef AT
}

#undef PT
#undef PST
#undef XPT
#undef XPST
#undef KERNEL_INLINE
#undef BLOCKS_PER_GROUP
#undef V
#undef M
#undef LD
#undef ST
#undef GROUP
#undef FIELD
#undef XGROUP
#undef QGROUP
#undef QLD
#undef QST
#undef XLD
#undef XST
#undef SGROUP
#undef SLD

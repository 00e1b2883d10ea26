/// Coefficients of a soft constraint for one sub-step of length h: the constraint behaves as an
/// implicitly integrated spring–damper of the given frequency and damping ratio.
///
/// With ω = 2πf, a₁ = 2ζ + hω, a₂ = hω·a₁, a₃ = 1/(1 + a₂):
/// `biasRate = ω/a₁`, `massScale = a₂·a₃`, `impulseScale = a₃`, and an impulse is
/// `−effectiveMass · massScale · (Ċ + biasRate·C) − impulseScale · accumulated`.
struct Softness: BitwiseCopyable {
    var biasRate: Float
    var massScale: Float
    var impulseScale: Float

    static var rigid: Softness {
        @inline(__always) get { Softness(biasRate: 0, massScale: 1, impulseScale: 0) }
    }

    init(biasRate: Float, massScale: Float, impulseScale: Float) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Float, dampingRatio: Float, h: Float) {
        guard hertz > 0 else { self = .rigid; return }
        let omega = 2 * Float.pi * hertz
        let a1 = 2 * dampingRatio + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

/// What every constraint solve needs for one sub-step.
struct SolverContext {
    var h: Float
    var inverseH: Float
    var contactSoftness: Softness
    var staticSoftness: Softness
    var jointSoftness: Softness
    var pushMaxVelocity: Float
    var restitutionThreshold: Float
    var states: UnsafeMutablePointer<BodyState>
    /// A resting state just past the bodies in `states`: the wide blocks gather it for lanes
    /// without a movable body, so that their gathers need no masks.
    var restingIndex: Int32
    /// How many times its manifold's normal impulse at the step start a contact point may carry
    /// from one sub-step into the next (`World.warmStartGrowth`; 0: no cap). Set for the capping
    /// relax passes only.
    var warmStartGrowth: Float = 0
    /// The least a point may always carry, per unit of its effective mass: a speed
    /// (`World.warmStartFloorSteps` sub-steps of gravity).
    var warmStartFloor: Float = 0
    /// Each awake body's carried row (`World.carriedVelocities`), when the warm start rides in
    /// the velocity integration: the relax passes take what they cap off it.
    var carried: UnsafeMutablePointer<SIMD4<Float>>? = nil
}

@inline(__always)
func loadState(_ states: UnsafeMutablePointer<BodyState>, _ index: Int32) -> BodyState {
    index >= 0 ? states[Int(index)] : .resting
}

/// Writes a body's velocities back (the solvers change nothing else of a state).
@inline(__always)
func storeState(_ states: UnsafeMutablePointer<BodyState>, _ index: Int32, _ state: BodyState) {
    if index >= 0 {
        states[Int(index)].linearVelocity = state.linearVelocity
        states[Int(index)].angularVelocity = state.angularVelocity
    }
}

/// Writes a body's velocities back only if it can move (inverse mass > 0). Kinematic bodies
/// take no colour slot, so two threads may hold one at once; neither may write it.
@inline(__always)
func storeState(_ states: UnsafeMutablePointer<BodyState>, _ index: Int32, _ state: BodyState, ifMovable inverseMass: Float) {
    if inverseMass > 0 { storeState(states, index, state) }
}

/// Solves K·x = b for the 2×2 point-constraint mass matrix of two bodies with anchors rA, rB.
@inline(__always)
func solvePointMatrix(mA: Float, iA: Float, mB: Float, iB: Float, rA: Vec2, rB: Vec2, _ b: Vec2) -> Vec2 {
    let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
    let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
    let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Vec2(det * (k22 * b.x - k12 * b.y), det * (k11 * b.y - k12 * b.x))
}

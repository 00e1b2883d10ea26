import CKernelSupport

/// One field's forces on its awake member bodies for one sub-step: a pass over the members'
/// structure-of-arrays data, adding newtons (scaled to world units) into the dense force buffer.
struct FieldKernel: ChunkKernel {
    var members: UnsafePointer<Int32>
    var denseOfSlot: UnsafePointer<Int32>
    var sims: UnsafePointer<BodySim>
    var states: UnsafePointer<BodyState>
    var charges: UnsafePointer<Float>
    var forces: UnsafeMutablePointer<Vec2>
    var program: UnsafeBufferPointer<RegionOp>
    var awakeCount: Int
    var field: FieldForce

    /// Whether noise and turbulence fields evaluate their noise eight bodies at a time in C
    /// (`dynamics_simplex_noise8`): at the contact passes' AVX level, so that
    /// `DYNAMICS_KERNELS=baseline` keeps the Swift code. Both give the same bits.
    var noiseEightAtOnce = FieldKernel.evaluatesNoiseEightAtOnce

    /// Whether this build and processor evaluate noise eight points at once.
    static var evaluatesNoiseEightAtOnce: Bool {
        dynamics_simplex_noise_available() != 0 && dynamics_current_kernel_level() == dynamics_kernels_avx
    }

    func run(_ range: Range<Int>) {
        if noiseEightAtOnce && (field.kind == .noise || field.kind == .turbulence) {
            return runNoiseEightAtOnce(range)
        }
        let metresPerUnit = 1 / field.unitsPerMeter
        for k in range {
            guard let (slot, d, sim, offset) = reachedMember(k) else { continue }
            let p = offset * metresPerUnit
            let v = states[d].linearVelocity * metresPerUnit
            let f = field.force(p: p, v: v, mass: sim.mass, charge: charges[slot])
            forces[d] += f * field.unitsPerMeter
        }
    }

    /// The `k`-th member's slot, dense index, record and offset from the field's position, if the
    /// field acts on it now: awake, dynamic and inside the region.
    @inline(__always)
    func reachedMember(_ k: Int) -> (slot: Int, dense: Int, sim: BodySim, offset: Vec2)? {
        let slot = Int(members[k])
        let d = Int(denseOfSlot[slot])
        guard d < awakeCount else { return nil }
        let sim = sims[d]
        guard sim.type == .dynamic else { return nil }
        let offset = sim.center - field.position
        guard RegionOp.evaluate(program, offset) else { return nil }
        return (slot, d, sim, offset)
    }
}

/// A field's parameters for one sub-step, and its force law.
struct FieldForce {
    var kind: FieldKind
    var position: Vec2
    var strength: Float
    var falloff: Float
    var minimumRadius: Float
    var direction: Vec2
    var noiseScale: Float
    var noiseTime: Float
    var noiseCosine: Float
    var noiseSine: Float
    var unitsPerMeter: Float

    /// Below this, a strength, speed or distance counts as zero (2⁻¹⁵, as in UIKit's engine).
    static let epsilon: Float = 1.0 / 32768

    /// `max(r, minimumRadius)^−falloff`, or 1 for a falloff of 0; the common exponents without `pow`.
    @inline(__always)
    func falloffFactor(_ r: Float) -> Float {
        if abs(falloff) < Self.epsilon { return 1 }
        let clamped = max(r, minimumRadius)
        switch falloff {
        case 1: return 1 / clamped
        case 2: return 1 / (clamped * clamped)
        case -1: return clamped
        default: return _pow(clamped, -falloff)
        }
    }

    /// The force in newtons on a body at `p` (metres from the field) moving at `v` (m/s).
    @inline(__always)
    func force(p: Vec2, v: Vec2, mass m: Float, charge q: Float) -> Vec2 {
        let r2 = p.lengthSquared
        let r = r2.squareRoot()
        let fall = falloffFactor(r)
        let s = strength
        switch kind {
        case .linearGravity:
            guard abs(s * m) >= Self.epsilon else { return .zero }
            return (s * m * fall) * direction
        case .radialGravity:
            guard abs(s * m) >= Self.epsilon, r2 >= 1e-5 else { return .zero }
            return (-s * m * fall / r) * p
        case .electric:
            guard abs(s * q) >= Self.epsilon, r > 0 else { return .zero }
            return (s * q * fall / r) * p
        case .magnetic:
            guard abs(s * q) >= Self.epsilon else { return .zero }
            return (s * q * fall) * Vec2(v.y, -v.x)
        case .spring:
            guard abs(s) >= Self.epsilon, r >= 1e-5 else { return .zero }
            return (-s * fall / r) * p
        case .vortex:
            guard abs(s * m) >= Self.epsilon, r > 0 else { return .zero }
            return (s * m * fall / r) * Vec2(-p.y, p.x)
        case .drag:
            let u = v - direction
            let speed = u.length
            guard abs(s) >= Self.epsilon, speed > Self.epsilon else { return .zero }
            return (-s * speed * fall) * u
        case .noise, .turbulence:
            guard abs(s) >= Self.epsilon else { return .zero }
            let t = noiseTime
            let point = SIMD3<Float>(noiseScale * (p.x + t), noiseScale * (p.y + t), noiseScale * t)
            let (n, g) = SimplexNoise.evaluate(point, cosine: noiseCosine, sine: noiseSine)
            var f = (m * n * s * fall) * Vec2(g.x, g.y)
            if kind == .turbulence { f *= v.lengthSquared }
            return f
        case .velocity, .custom:
            return .zero
        }
    }
}

import CKernelSupport

extension FieldKernel {
    /// `run` for a noise or turbulence field: the members the field reaches are gathered eight at
    /// a time and their noise evaluated at once in C (`dynamics_simplex_noise8`); each force is
    /// then worked out as `FieldForce.force` does it, with the same operations in the same order.
    func runNoiseEightAtOnce(_ range: Range<Int>) {
        guard abs(field.strength) >= FieldForce.epsilon else { return }
        var batch = NoiseBatch()
        batch.lanes.z = SIMD8(repeating: field.noiseScale * field.noiseTime)
        withUnsafeMutablePointer(to: &batch) { gatherAndAdd(range, UnsafeMutableRawPointer($0)) }
    }

    @inline(__always)
    private func gatherAndAdd(_ range: Range<Int>, _ batch: UnsafeMutableRawPointer) {
        let metresPerUnit = 1 / field.unitsPerMeter
        let t = field.noiseTime, scale = field.noiseScale
        let turbulence = field.kind == .turbulence
        var count = 0
        for k in range {
            guard let (_, d, sim, offset) = reachedMember(k) else { continue }
            let p = offset * metresPerUnit
            NoiseBatch.set(batch, NoiseBatch.x, count, scale * (p.x + t))
            NoiseBatch.set(batch, NoiseBatch.y, count, scale * (p.y + t))
            NoiseBatch.set(batch, NoiseBatch.mass, count, sim.mass)
            NoiseBatch.set(batch, NoiseBatch.falloff, count, field.falloffFactor(p.lengthSquared.squareRoot()))
            if turbulence {
                NoiseBatch.set(batch, NoiseBatch.speedSquared, count, (states[d].linearVelocity * metresPerUnit).lengthSquared)
            }
            batch.storeBytes(of: Int32(d), toByteOffset: NoiseBatch.dense + 4 * count, as: Int32.self)
            count += 1
            if count == 8 {
                addForces(batch, count: count, turbulence: turbulence)
                count = 0
            }
        }
        if count > 0 { addForces(batch, count: count, turbulence: turbulence) }
    }

    /// Evaluates the noise of the batch's first `count` bodies and adds their forces.
    @inline(__always)
    private func addForces(_ batch: UnsafeMutableRawPointer, count: Int, turbulence: Bool) {
        dynamics_simplex_noise8(batch.assumingMemoryBound(to: dynamics_noise_lanes.self), field.noiseCosine, field.noiseSine)
        let s = field.strength
        for lane in 0..<count {
            let n = NoiseBatch.get(batch, NoiseBatch.value, lane)
            let gradient = Vec2(NoiseBatch.get(batch, NoiseBatch.gradientX, lane), NoiseBatch.get(batch, NoiseBatch.gradientY, lane))
            var f = (NoiseBatch.get(batch, NoiseBatch.mass, lane) * n * s * NoiseBatch.get(batch, NoiseBatch.falloff, lane)) * gradient
            if turbulence { f *= NoiseBatch.get(batch, NoiseBatch.speedSquared, lane) }
            let d = Int(batch.load(fromByteOffset: NoiseBatch.dense + 4 * lane, as: Int32.self))
            forces[d] += f * field.unitsPerMeter
        }
    }
}

/// Up to eight bodies whose noise is evaluated together: the noise's inputs and outputs, and what
/// each body's force needs besides.
///
/// Lanes are written and read one at a time through memory, at the byte offsets below
/// (`NoiseEightLanesTests` checks them against the layout): a lane set in a `SIMD8` value spilled
/// the register, wrote the lane and loaded the register again, a stalled store forward per lane
/// and body (most of the gathering's time), and offsets read from `MemoryLayout` cost a
/// `swift_once` check at every use.
struct NoiseBatch {
    var lanes = dynamics_noise_lanes()
    var dense = SIMD8<Int32>(repeating: 0)
    var mass = SIMD8<Float>(repeating: 0)
    var falloff = SIMD8<Float>(repeating: 0)
    var speedSquared = SIMD8<Float>(repeating: 0)

    static let x = 0, y = 32, value = 96, gradientX = 128, gradientY = 160
    static let dense = 224, mass = 256, falloff = 288, speedSquared = 320

    @inline(__always)
    static func set(_ batch: UnsafeMutableRawPointer, _ field: Int, _ lane: Int, _ value: Float) {
        batch.storeBytes(of: value, toByteOffset: field + 4 * lane, as: Float.self)
    }

    @inline(__always)
    static func get(_ batch: UnsafeMutableRawPointer, _ field: Int, _ lane: Int) -> Float {
        batch.load(fromByteOffset: field + 4 * lane, as: Float.self)
    }
}

import CKernelSupport

extension FieldKernel {
    /// `run` for a noise or turbulence field: the members the field reaches are gathered eight at
    /// a time and their noise evaluated at once in C (`dynamics_simplex_noise8`); each force is
    /// then worked out as `FieldForce.force` does it, with the same operations in the same order.
    func runNoiseEightAtOnce(_ range: Range<Int>) {
        guard abs(field.strength) >= FieldForce.epsilon else { return }
        let metresPerUnit = 1 / field.unitsPerMeter
        let t = field.noiseTime, scale = field.noiseScale
        let turbulence = field.kind == .turbulence
        var batch = NoiseBatch()
        batch.lanes.z = SIMD8(repeating: scale * t)
        for k in range {
            let slot = Int(members[k])
            let d = Int(denseOfSlot[slot])
            guard d < awakeCount else { continue }
            let sim = sims[d]
            guard sim.type == .dynamic else { continue }
            let offset = sim.center - field.position
            guard RegionOp.evaluate(program, offset) else { continue }
            let p = offset * metresPerUnit
            let lane = batch.count
            batch.lanes.x[lane] = scale * (p.x + t)
            batch.lanes.y[lane] = scale * (p.y + t)
            batch.dense[lane] = Int32(d)
            batch.mass[lane] = sim.mass
            batch.falloff[lane] = field.falloffFactor(p.lengthSquared.squareRoot())
            if turbulence { batch.speedSquared[lane] = (states[d].linearVelocity * metresPerUnit).lengthSquared }
            batch.count += 1
            if batch.count == 8 { addForces(&batch, turbulence: turbulence) }
        }
        if batch.count > 0 { addForces(&batch, turbulence: turbulence) }
    }

    /// Evaluates the batch's noise and adds its bodies' forces; empties the batch.
    @inline(__always)
    private func addForces(_ batch: inout NoiseBatch, turbulence: Bool) {
        dynamics_simplex_noise8(&batch.lanes, field.noiseCosine, field.noiseSine)
        let s = field.strength
        for lane in 0..<batch.count {
            let n = batch.lanes.value[lane]
            var f = (batch.mass[lane] * n * s * batch.falloff[lane]) * Vec2(batch.lanes.gradientX[lane], batch.lanes.gradientY[lane])
            if turbulence { f *= batch.speedSquared[lane] }
            forces[Int(batch.dense[lane])] += f * field.unitsPerMeter
        }
        batch.count = 0
    }
}

/// Up to eight bodies whose noise is evaluated together: the noise's inputs and outputs, and what
/// each body's force needs besides.
struct NoiseBatch {
    var lanes = dynamics_noise_lanes()
    var dense = SIMD8<Int32>(repeating: 0)
    var mass = SIMD8<Float>(repeating: 0)
    var falloff = SIMD8<Float>(repeating: 0)
    var speedSquared = SIMD8<Float>(repeating: 0)
    var count = 0
}

import CKernelSupport
import Testing
@testable import DynamicsCore

/// Noise and turbulence fields evaluate their noise eight bodies at a time in C
/// (`dynamics_simplex_noise8`). It must give the bits of the Swift `SimplexNoise.evaluate`, so
/// that results do not depend on how bodies fall into batches (chunk bounds move with the worker
/// count) or on the processor.
@Suite("Simplex noise eight points at a time")
struct NoiseEightLanesTests {
    /// Deterministic points in `-spread...spread` on each axis.
    static func points(_ count: Int, spread: Float, seed: UInt64) -> [SIMD3<Float>] {
        var state = seed
        func unit() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        return (0..<count).map { _ in SIMD3(unit() * 2 - 1, unit() * 2 - 1, unit() * 2 - 1) * spread }
    }

    @Test("eight points at once give the bits of one at a time", .enabled(if: FieldKernel.evaluatesNoiseEightAtOnce))
    func sameBits() {
        // Small and large coordinates, points on the lattice and on the simplices' faces (x = y).
        var points = Self.points(2_000, spread: 10, seed: 1) + Self.points(1_000, spread: 3e6, seed: 2)
        points += (-20...20).map { SIMD3(Float($0), Float($0 * 3 % 7), -Float($0)) }
        points += Self.points(200, spread: 5, seed: 3).map { SIMD3($0.x, $0.x, $0.z) }
        var mismatches = 0
        for start in stride(from: 0, to: points.count, by: 8) {
            let angle = Float(start) * 0.013 - 3
            let c = _cos(angle), s = _sin(angle)
            var lanes = dynamics_noise_lanes()
            let count = min(8, points.count - start)
            for lane in 0..<count {
                lanes.x[lane] = points[start + lane].x
                lanes.y[lane] = points[start + lane].y
                lanes.z[lane] = points[start + lane].z
            }
            dynamics_simplex_noise8(&lanes, c, s)
            for lane in 0..<count {
                let (value, gradient) = SimplexNoise.evaluate(points[start + lane], cosine: c, sine: s)
                let wide = [lanes.value[lane], lanes.gradientX[lane], lanes.gradientY[lane], lanes.gradientZ[lane]]
                let one = [value, gradient.x, gradient.y, gradient.z]
                if wide.map(\.bitPattern) != one.map(\.bitPattern) {
                    mismatches += 1
                    if mismatches <= 3 { Issue.record("point \(points[start + lane]), angle \(angle): \(wide) against \(one)") }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the batch's byte offsets are those of its layout")
    func batchLayout() {
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.lanes.x) == NoiseBatch.x)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.lanes.y) == NoiseBatch.y)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.lanes.value) == NoiseBatch.value)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.lanes.gradientX) == NoiseBatch.gradientX)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.lanes.gradientY) == NoiseBatch.gradientY)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.dense) == NoiseBatch.dense)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.mass) == NoiseBatch.mass)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.falloff) == NoiseBatch.falloff)
        #expect(MemoryLayout<NoiseBatch>.offset(of: \NoiseBatch.speedSquared) == NoiseBatch.speedSquared)
    }

    @Test("noise and turbulence forces are the same batched or one by one, whatever the chunks",
          .enabled(if: FieldKernel.evaluatesNoiseEightAtOnce), arguments: [FieldKind.noise, .turbulence])
    func sameForces(kind: FieldKind) throws {
        let world = try makeWorld(gravity: 0)
        var bodies: [BodyID] = []
        for (index, p) in Self.points(300, spread: 12, seed: 4).enumerated() {
            let body = try world.createBody(BodyDefinition(type: index % 10 == 9 ? .kinematic : .dynamic, position: Vec2(p.x, p.y)))
            try world.createShape(on: body, ShapeDefinition(.circle(radius: 0.2 + 0.1 * Float(index % 3))))
            try world.setLinearVelocity(Vec2(p.z, p.x - p.y), of: body)
            bodies.append(body)
        }
        var definition = FieldDefinition(kind: kind)
        definition.strength = 3
        definition.smoothness = 0.4
        definition.animationSpeed = 1
        definition.region = .circle(radius: 9)
        let field = try world.createField(definition)
        try world.setFieldMembers(field, bodies)
        let record = world.fieldRecords[Int(field.index)]
        #expect(record.members.count == 300)
        let awake = world.bodies.awakeCount
        if world.charges.count < world.bodies.slots.slotCount { world.charges.resize(to: world.bodies.slots.slotCount, filling: 0) }
        func forces(eightAtOnce: Bool, chunk: Int) -> [Vec2] {
            var result = [Vec2](repeating: .zero, count: awake)
            result.withUnsafeMutableBufferPointer { out in
                record.members.withUnsafeBufferPointer { members in
                    record.program.withUnsafeBufferPointer { program in
                        var kernel = FieldKernel(
                            members: members.baseAddress!, denseOfSlot: world.bodies.denseOfSlot.base, sims: world.bodies.sim.base,
                            states: world.bodies.state.base, charges: world.charges.base, forces: out.baseAddress!,
                            program: program, awakeCount: awake,
                            field: FieldForce(definition, time: 0.7, unitsPerMeter: world.tolerances.unitsPerMeter))
                        kernel.noiseEightAtOnce = eightAtOnce
                        for start in stride(from: 0, to: members.count, by: chunk) {
                            kernel.run(start..<min(start + chunk, members.count))
                        }
                    }
                }
            }
            return result
        }
        let one = forces(eightAtOnce: false, chunk: 300)
        #expect(one.filter { $0 != .zero }.count > 100, "the field reaches most bodies")
        for chunk in [300, 37, 5] {
            let wide = forces(eightAtOnce: true, chunk: chunk)
            let same = zip(wide, one).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern }
            #expect(same, "chunks of \(chunk)")
        }
    }
}

import Testing
@testable import DynamicsCore

/// The four-lane preparation of a wide block must write the same bits as preparing each lane's
/// constraint alone and writing it into its lane: the solver's results may not depend on it.
@Suite("Wide block preparation")
struct WidePrepareTests {
    /// Random contacts with one or two points, bodies of every kind (static, kinematic,
    /// dynamic), and blocks of one to four lanes.
    @Test("four lanes at once equal four scalar preparations", arguments: [1, 2, 3, 4])
    func sameBitsAsScalar(lanes: Int) {
        let scene = RandomSolverInputs(seed: UInt64(lanes) &* 0x9E37_79B9_7F4A_7C15)
        scene.withKernel { kernel, sources, restingIndex in
            for first in stride(from: 0, to: sources.count - lanes + 1, by: lanes) {
                // Block 1 (the second half of the first pair) prepared four lanes at once, block 2
                // (the first half of the second pair) lane by lane.
                let wide = Self.garbagePairs()
                defer { wide.deallocate() }
                let shape = sources.withUnsafeBufferPointer {
                    kernel.prepareBlock(wide.block(1), $0.baseAddress! + first, count: lanes, restingIndex: restingIndex)
                }
                // What the block reports is what its lanes' manifolds have (the sources' counts
                // are the manifolds' here), and whether all of them are speculative.
                let used = sources[first..<first + lanes]
                #expect(shape == BlockShape(twoPoints: used.contains { $0.points > 1 },
                                            speculative: used.allSatisfy { scene.speculative.contains(Int($0.contact)) }))
                for l in 0..<4 {
                    let constraint = l < lanes ? kernel.prepare(sources[first + l]) : .unused
                    wide.block(2).setLane(l, constraint, restingIndex: restingIndex)
                }
                // Every field's lanes 4–7 of the first pair (second point, extra, start impulses)
                // against its lanes 0–3 of the second.
                let differing = Self.differingFloats(wide.pairs) + Self.differingFloats(wide.seconds).map { "second point \($0)" }
                    + Self.differingFloats(wide.extras).map { "extra \($0)" }
                    + Self.differingFloats(wide.starts).map { "start impulses \($0)" }
                #expect(differing.isEmpty, "floats differing at \(differing) (block at source \(first))")
            }
        }
    }

    /// Without a contact that can bounce, the preparation skips what only restitution reads (the
    /// extras' restitution, impact speeds and largest impulses), and must write the rest exactly
    /// as with them: the pair whole, and the extras' contact indices.
    @Test("without impact speeds, the same pair and contact indices", arguments: [1, 4])
    func sameBitsWithoutImpactSpeeds(lanes: Int) {
        let scene = RandomSolverInputs(seed: UInt64(lanes) &* 0xD1B5_4A32_D192_ED03)
        scene.withKernel { kernel, sources, restingIndex in
            var lean = kernel
            lean.keepsImpactSpeeds = false
            for first in stride(from: 0, to: sources.count - lanes + 1, by: lanes) {
                let wide = Self.garbagePairs()
                defer { wide.deallocate() }
                sources.withUnsafeBufferPointer {
                    kernel.prepareBlock(wide.block(0), $0.baseAddress! + first, count: lanes, restingIndex: restingIndex)
                    lean.prepareBlock(wide.block(1), $0.baseAddress! + first, count: lanes, restingIndex: restingIndex)
                }
                // Lanes 0–3 of each field (with impact speeds) against lanes 4–7 (without).
                let differing = Self.differingHalves(wide.pairs), secondsDiffering = Self.differingHalves(wide.seconds)
                #expect(differing.isEmpty, "pair fields differing at \(differing) (block at source \(first))")
                #expect(secondsDiffering.isEmpty,
                        "second point fields differing at \(secondsDiffering) (block at source \(first))")
                #expect(Self.differingHalves(wide.starts).isEmpty, "start impulses (block at source \(first))")
                let index = wide.extras.pointee.contactIndex
                #expect(index.lowHalf == index.highHalf, "contact indices (block at source \(first))")
            }
        }
    }

    /// Two block pairs and the arrays beside them, filled with garbage so that a field the
    /// preparation forgets to write shows; the caller deallocates them.
    static func garbagePairs() -> WideArrays {
        let wide = WideArrays(count: 2)
        UnsafeMutableRawPointer(wide.pairs).initializeMemory(as: UInt8.self, repeating: 0xA5,
                                                             count: 2 * MemoryLayout<WideContactPair>.stride)
        UnsafeMutableRawPointer(wide.seconds).initializeMemory(as: UInt8.self, repeating: 0xC3,
                                                               count: 2 * MemoryLayout<WidePointPair>.stride)
        UnsafeMutableRawPointer(wide.extras).initializeMemory(as: UInt8.self, repeating: 0x5A,
                                                              count: 2 * MemoryLayout<WideContactExtra>.stride)
        UnsafeMutableRawPointer(wide.starts).initializeMemory(as: UInt8.self, repeating: 0x3C,
                                                              count: 2 * MemoryLayout<SIMD8<Float>>.stride)
        return wide
    }

    /// The fields of the record at `record` whose lanes 0–3 differ from its lanes 4–7.
    static func differingHalves<Record>(_ record: UnsafePointer<Record>) -> [Int] {
        let half = MemoryLayout<Lanes>.stride
        let bytes = UnsafeRawBufferPointer(start: record, count: MemoryLayout<Record>.size)
        return (0..<MemoryLayout<Record>.size / (2 * half)).filter { f in
            (0..<half).contains { bytes[f * 2 * half + $0] != bytes[f * 2 * half + half + $0] }
        }
    }

    /// The floats (by index in the first of the two records at `records`) whose value in lanes
    /// 4–7 of the first record differs from lanes 0–3 of the second.
    static func differingFloats<Record>(_ records: UnsafePointer<Record>) -> [String] {
        let half = MemoryLayout<Lanes>.stride, fields = MemoryLayout<Record>.size / (2 * half)
        let wide = UnsafeRawBufferPointer(start: records, count: MemoryLayout<Record>.size)
        let scalar = UnsafeRawBufferPointer(start: records + 1, count: MemoryLayout<Record>.size)
        var differing = Set<Int>()
        for f in 0..<fields {
            for byte in 0..<half where wide[f * 2 * half + half + byte] != scalar[f * 2 * half + byte] {
                differing.insert(f * 4 + byte / 4)
            }
        }
        return differing.sorted().map(String.init)
    }
}

/// Contacts' solver manifolds, impulses, bodies and solver sources drawn at random, to prepare
/// constraints from. The contacts of `speculative` (a run of twelve) have separated points and no
/// impulses to warm start, as a pile's nearby contacts do.
struct RandomSolverInputs {
    let speculative = 24..<36
    var manifolds: [SolverManifold] = []
    var impulses: [ContactImpulses] = []
    var sims: [BodySim] = []
    /// The bodies' states, with the resting state past them.
    var states: [BodyState] = []
    var sources: [SolverSource] = []

    /// The states with every dynamic body moved a little since the step start, so that the
    /// passes' separations change.
    var movedStates: [BodyState] {
        var moved = states
        for i in 0..<sims.count where sims[i].invMass > 0 {
            let t = Float(i) - 5
            moved[i].deltaPosition = Vec2(0.004 * t, -0.003 * t)
            moved[i].deltaRotation = Rotation(angle: 0.01 * t)
        }
        return moved
    }

    init(seed: UInt64) {
        var state = seed | 1
        func unit() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        func signed(_ scale: Float) -> Float { (unit() * 2 - 1) * scale }
        let bodyCount = 12
        for b in 0..<bodyCount {
            // Every fourth body kinematic (infinite mass), the others dynamic.
            let invMass: Float = b % 4 == 3 ? 0 : 0.2 + unit()
            let invInertia: Float = invMass == 0 ? 0 : 0.5 + 2 * unit()
            sims.append(BodySim(center: Vec2(signed(5), signed(5)), rotation: .identity, localCenter: .zero,
                                mass: invMass == 0 ? 0 : 1 / invMass, invMass: invMass,
                                inertia: invInertia == 0 ? 0 : 1 / invInertia, invInertia: invInertia,
                                linearDamping: 0, angularDamping: 0, gravityScale: 1, force: .zero, torque: 0,
                                sleepTime: 0, minExtent: 0.1, maxExtent: 1, type: invMass == 0 ? .kinematic : .dynamic,
                                fixedRotation: false, allowSleep: true, hasCollidingShapes: true))
            states.append(BodyState(linearVelocity: Vec2(signed(3), signed(3)), angularVelocity: signed(4), inverseMass: invMass,
                                    deltaPosition: .zero, deltaRotation: .identity))
        }
        states.append(.resting)
        for c in 0..<40 {
            var normal = Vec2(signed(1), signed(1))
            normal /= max((normal.x * normal.x + normal.y * normal.y).squareRoot(), 1e-3)
            let separated = speculative.contains(c)
            func point() -> ManifoldPoint {
                ManifoldPoint(point: Vec2(signed(5), signed(5)), anchorA: Vec2(signed(1), signed(1)),
                              anchorB: Vec2(signed(1), signed(1)),
                              separation: separated ? 0.001 + 0.02 * unit() : signed(0.05), id: UInt32(c))
            }
            // A one-point manifold keeps a stale second point, as the narrowphase leaves it.
            let manifold = Manifold(normal: normal, pointCount: c % 3 == 0 ? 1 : 2, point0: point(), point1: point())
            var solver = SolverManifold.empty(friction: unit(), restitution: c % 2 == 0 ? 0 : unit())
            var contact = Contact(shapeA: 0, shapeB: 1, bodyA: 0, bodyB: 1, flags: [.touching, .simulated],
                                  id0: 0, id1: 0, cache: .empty)
            manifold.store(into: &contact, &solver)
            manifolds.append(solver)
            impulses.append(separated ? .zero
                            : ContactImpulses(normal0: unit(), tangent0: signed(1), normal1: unit(), tangent1: signed(1)))
            // One side static (−1) in every fifth source; otherwise two distinct bodies.
            let a = Int32(c % bodyCount), b = Int32((c * 7 + 5) % bodyCount)
            sources.append(SolverSource(contact: Int32(c), denseA: c % 5 == 0 ? -1 : a, denseB: b == a ? -1 : b,
                                        points: manifold.pointCount > 1 ? 2 : 1))
        }
    }

    /// Calls `body` with a preparation kernel over these inputs.
    func withKernel(_ body: (PrepareContactsKernel, [SolverSource], Int32) -> Void) {
        var states = states
        let restingIndex = Int32(states.count - 1)
        manifolds.withUnsafeBufferPointer { manifolds in
            impulses.withUnsafeBufferPointer { impulses in
                sims.withUnsafeBufferPointer { sims in
                    states.withUnsafeMutableBufferPointer { states in
                      sources.withUnsafeBufferPointer { ordered in
                        let context = SolverContext(
                            h: 1.0 / 240, inverseH: 240,
                            contactSoftness: Softness(hertz: 30, dampingRatio: 10, h: 1.0 / 240),
                            staticSoftness: Softness(hertz: 60, dampingRatio: 10, h: 1.0 / 240),
                            jointSoftness: Softness(hertz: 60, dampingRatio: 2, h: 1.0 / 240),
                            pushMaxVelocity: 3, restitutionThreshold: 1,
                            states: states.baseAddress!, restingIndex: restingIndex)
                        // The inverse masses copied as each step's solve copies them; the scalar
                        // preparation reads the bodies' records.
                        let inverseMasses = UnsafeMutablePointer<SIMD2<Float>>.allocate(capacity: sims.count)
                        let velocitySteps = UnsafeMutablePointer<VelocityStep>.allocate(capacity: sims.count)
                        defer { inverseMasses.deallocate(); velocitySteps.deallocate() }
                        ResetDeltasKernel(states: states.baseAddress!, sims: sims.baseAddress!, inverseMasses: inverseMasses,
                                          velocitySteps: velocitySteps, gravity: Vec2(0, -10), h: context.h)
                            .run(0..<sims.count)
                        // The kernel's `ordered` and `out` are not used by `prepare` or `prepareBlock`.
                        let kernel = PrepareContactsKernel(ordered: ordered.baseAddress!, out: .allocate(capacity: 1),
                                                           manifolds: manifolds.baseAddress!, impulses: impulses.baseAddress!,
                                                           sims: sims.baseAddress!, inverseMasses: inverseMasses, context: context)
                        defer { kernel.out.deallocate() }
                        body(kernel, sources, restingIndex)
                      }
                    }
                }
            }
        }
    }
}

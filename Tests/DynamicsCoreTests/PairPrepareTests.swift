import CKernelSupport
import Testing
@testable import DynamicsCore

/// At the AVX level a whole block pair is prepared at once in C (`dynamics_prepare_pair`). It
/// must write the bits that the four-lane Swift preparation writes for each of the pair's two
/// blocks, which the other levels use: the solver's results may not depend on the level. (Of a
/// pair without a second point in any lane it leaves the second point alone, which the passes
/// never read.)
@Suite("Pair preparation")
struct PairPrepareTests {
    static var available: Bool {
        dynamics_prepare_pair_available() != 0 && dynamics_best_kernel_level() == dynamics_kernels_avx
    }

    @Test("the C side of a solver source has the Swift layout")
    func sourceLayout() {
        #expect(MemoryLayout<SolverSource>.stride == MemoryLayout<dynamics_solver_source>.stride)
        #expect(MemoryLayout<SolverSource>.offset(of: \.contact) == MemoryLayout<dynamics_solver_source>.offset(of: \.contact))
        #expect(MemoryLayout<SolverSource>.offset(of: \.denseA) == MemoryLayout<dynamics_solver_source>.offset(of: \.denseA))
        #expect(MemoryLayout<SolverSource>.offset(of: \.denseB) == MemoryLayout<dynamics_solver_source>.offset(of: \.denseB))
    }

    /// Random contacts with one or two points, bodies of every kind, and pairs of one to eight
    /// lanes (a second block of none, partly or wholly used), with and without impact speeds.
    @Test("eight lanes at once equal two four-lane blocks", .enabled(if: available),
          arguments: Array(1...8), [true, false])
    func sameBitsAsBlocks(lanes: Int, impactSpeeds: Bool) {
        let scene = RandomSolverInputs(seed: UInt64(lanes) &* 0x2545_F491_4F6C_DD1D)
        scene.withKernel { base, sources, restingIndex in
            var kernel = base
            kernel.keepsImpactSpeeds = impactSpeeds
            var inputs = kernel.pairInputs(restingIndex: restingIndex)
            var speculativePairs = 0
            for first in stride(from: 0, to: sources.count - lanes + 1, by: 3) {
                // Pair 0 prepared at once, pair 1 block by block as the Swift kernel does it.
                let wide = WidePrepareTests.garbagePairs()
                defer { wide.deallocate() }
                let (pairs, seconds, extras) = (wide.pairs, wide.seconds, wide.extras)
                let (byte, blocks) = sources.withUnsafeBufferPointer {
                    let at = UnsafeRawPointer($0.baseAddress! + first).assumingMemoryBound(to: dynamics_solver_source.self)
                    let byte = dynamics_prepare_pair(pairs, seconds, extras, wide.starts, at, Int32(lanes), &inputs)
                    let firstBlock = kernel.prepareBlock(wide.block(2), $0.baseAddress! + first, count: min(lanes, 4),
                                                         restingIndex: restingIndex)
                    let second = wide.block(3)
                    var secondBlock = BlockShape.unused
                    if lanes > 4 {
                        secondBlock = kernel.prepareBlock(second, $0.baseAddress! + first + 4, count: lanes - 4,
                                                          restingIndex: restingIndex)
                    } else {
                        for l in 0..<4 { second.setLane(l, .unused, restingIndex: restingIndex) }
                    }
                    return (byte, firstBlock.joined(secondBlock))
                }
                // The pair's point count is the largest of its lanes' manifolds' (here the sources'),
                // and it is speculative where every lane's is (`RandomSolverInputs.speculative`).
                let used = sources[first..<first + lanes]
                let expected = BlockShape(twoPoints: used.contains { $0.points > 1 },
                                          speculative: used.allSatisfy { scene.speculative.contains(Int($0.contact)) })
                #expect(BlockShape(pairByte: UInt8(byte)) == expected, "\(lanes) lanes from source \(first)")
                #expect(blocks == expected, "\(lanes) lanes from source \(first), block by block")
                if expected.speculative { speculativePairs += 1 }
                #expect(Self.differingBytes(pairs, count: MemoryLayout<WideContactPair>.size).isEmpty,
                        "pair bytes differ (\(lanes) lanes from source \(first))")
                #expect(Self.differingBytes(wide.starts, count: MemoryLayout<SIMD8<Float>>.size).isEmpty,
                        "start impulse bytes differ (\(lanes) lanes from source \(first))")
                if expected.twoPoints {
                    #expect(Self.differingBytes(seconds, count: MemoryLayout<WidePointPair>.size).isEmpty,
                            "second point bytes differ (\(lanes) lanes from source \(first))")
                } else {
                    // No lane has a second point: the passes never read it, so it is not written.
                    let untouched = UnsafeRawBufferPointer(start: seconds, count: MemoryLayout<WidePointPair>.size)
                        .allSatisfy { $0 == 0xC3 }
                    #expect(untouched, "a one-point pair's second point was written (\(lanes) lanes from source \(first))")
                }
                if impactSpeeds {
                    #expect(Self.differingBytes(extras, count: MemoryLayout<WideContactExtra>.size).isEmpty,
                            "extra bytes differ (\(lanes) lanes from source \(first))")
                } else {
                    #expect(extras[0].contactIndex == extras[1].contactIndex, "contact indices (\(lanes) lanes from source \(first))")
                }
            }
            #expect(speculativePairs > 0, "no pair of \(lanes) lanes was speculative")
        }
    }

    /// Pairs that stream from memory are written with non-temporal stores
    /// (`PrepareContactsKernel.streamsPairs`): the same bytes must land, a pair without a second
    /// point in any lane must still leave its second point alone, and the return the same.
    /// With `offset` 16 the destinations are not 32-byte aligned, and the pair is stored as usual.
    @Test("a streamed pair holds the bytes of a stored one", .enabled(if: available),
          arguments: Array(1...8), [0, 16])
    func streamedSameAsStored(lanes: Int, offset: Int) {
        let scene = RandomSolverInputs(seed: UInt64(lanes) &* 0x9E37_79B9_7F4A_7C15)
        scene.withKernel { base, sources, restingIndex in
            var stored = base.pairInputs(restingIndex: restingIndex)
            var streamed = base.pairInputs(restingIndex: restingIndex)
            streamed.streamsPairs = 1
            for first in stride(from: 0, to: sources.count - lanes + 1, by: 5) {
                let wide = Self.alignedGarbagePairs(offset: offset)
                defer { wide.free() }
                let (byte, streamedByte) = sources.withUnsafeBufferPointer {
                    let at = UnsafeRawPointer($0.baseAddress! + first).assumingMemoryBound(to: dynamics_solver_source.self)
                    let byte = dynamics_prepare_pair(wide.pairs, wide.seconds, wide.extras, wide.starts, at, Int32(lanes), &stored)
                    let streamedByte = dynamics_prepare_pair(wide.pairs + 1, wide.seconds + 1, wide.extras + 1, wide.starts + 1,
                                                             at, Int32(lanes), &streamed)
                    dynamics_store_fence()
                    return (byte, streamedByte)
                }
                #expect(byte == streamedByte, "\(lanes) lanes from source \(first)")
                #expect(Self.differingBytes(wide.pairs, count: MemoryLayout<WideContactPair>.size).isEmpty,
                        "pair bytes differ (\(lanes) lanes from source \(first))")
                #expect(Self.differingBytes(wide.starts, count: MemoryLayout<SIMD8<Float>>.size).isEmpty,
                        "start impulse bytes differ (\(lanes) lanes from source \(first))")
                #expect(Self.differingBytes(wide.seconds, count: MemoryLayout<WidePointPair>.size).isEmpty,
                        "second point bytes differ (\(lanes) lanes from source \(first))")
                #expect(Self.differingBytes(wide.extras, count: MemoryLayout<WideContactExtra>.size).isEmpty,
                        "extra bytes differ (\(lanes) lanes from source \(first))")
            }
        }
    }

    /// Two block pairs and the arrays beside them, as `WidePrepareTests.garbagePairs` fills them,
    /// each array `offset` bytes past a 64-byte boundary; free them with `free()`.
    static func alignedGarbagePairs(offset: Int) -> AlignedPairs {
        func room<T>(_ type: T.Type, _ fill: UInt8) -> (UnsafeMutableRawPointer, UnsafeMutablePointer<T>) {
            let bytes = 2 * MemoryLayout<T>.stride
            let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes + offset, alignment: 64)
            (raw + offset).initializeMemory(as: UInt8.self, repeating: fill, count: bytes)
            return (raw, (raw + offset).bindMemory(to: T.self, capacity: 2))
        }
        let pairs = room(WideContactPair.self, 0xA5), seconds = room(WidePointPair.self, 0xC3)
        let extras = room(WideContactExtra.self, 0x5A), starts = room(SIMD8<Float>.self, 0x3C)
        return AlignedPairs(pairs: pairs.1, seconds: seconds.1, extras: extras.1, starts: starts.1,
                            blocks: [pairs.0, seconds.0, extras.0, starts.0])
    }

    /// The arrays of `alignedGarbagePairs`.
    struct AlignedPairs {
        let pairs: UnsafeMutablePointer<WideContactPair>
        let seconds: UnsafeMutablePointer<WidePointPair>
        let extras: UnsafeMutablePointer<WideContactExtra>
        let starts: UnsafeMutablePointer<SIMD8<Float>>
        let blocks: [UnsafeMutableRawPointer]
        func free() { for block in blocks { block.deallocate() } }
    }

    /// The byte offsets at which the first of two records at `records` differs from the second.
    static func differingBytes<Record>(_ records: UnsafePointer<Record>, count: Int) -> [Int] {
        let first = UnsafeRawBufferPointer(start: records, count: count)
        let second = UnsafeRawBufferPointer(start: records + 1, count: count)
        return (0..<count).filter { first[$0] != second[$0] }
    }
}

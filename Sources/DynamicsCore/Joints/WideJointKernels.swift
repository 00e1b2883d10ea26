import CKernelSupport

/// Prepares one kind's wide joints' records and builds their blocks from them: in each colour's
/// range of `active`, that kind's joints start after `before[color]` joints of the kinds ahead of
/// it. Prepared here rather than in `PrepareJointsKernel`, each record is read from memory once:
/// the joint grid's 20 000 records did not stay in cache between the two passes.
struct PrepareJointBlocksKernel<Block: WideJointBlock>: ChunkKernel {
    var records: UnsafeMutablePointer<JointRecord>
    var active: UnsafePointer<Int32>
    var denseOfSlot: UnsafePointer<Int32>
    var sims: UnsafePointer<BodySim>
    var awake: Int
    var blocks: UnsafeMutablePointer<Block>
    /// Block ranges per colour (`maxColors + 1` entries).
    var blockOffsets: UnsafePointer<Int32>
    /// Joint ranges per colour in `active`; per colour, this kind's joints and those before them.
    var colorOffsets: UnsafePointer<Int32>
    var counts: UnsafePointer<Int32>
    var before: UnsafePointer<Int32>?
    var restingIndex: Int32
    /// The blocks in rounds (`ColorRounds(jointBlockOffsets:)`): a thread's share of the rounds
    /// is about the share of each colour's blocks it solves (the joint passes cut each colour in
    /// the same proportions), so it writes blocks whose lines its own cache holds. Taken in
    /// order, one thread's share was the first colours whole, and half of the blocks' lines came
    /// from the other thread's cache: built by one thread of two, ropes' distance blocks took
    /// 101 µs a step, against 74 on one thread alone (49 on two threads). In rounds, side by
    /// side on two threads: ropes 1.02×, joint-grid 1.03× to 1.05×, the same states.
    var rounds: ColorRounds

    /// Round by round (`rounds`), each colour's share of the round.
    func run(_ range: Range<Int>) {
        for r in range {
            for color in 0..<rounds.colorCount {
                for b in rounds.pairs(of: color, inRound: r) { prepare(b, color: color) }
            }
        }
    }

    /// Builds block `b`, of colour `color`, from its joints' records, after preparing them.
    @inline(__always)
    func prepare(_ b: Int, color: Int) {
        let index = (b - Int(blockOffsets[color])) * 4
        let count = min(4, Int(counts[color]) - index)
        let first = active + Int(colorOffsets[color]) + Int(before?[color] ?? 0) + index
        // The records come in colour order, at random in the store: the next block's are
        // started loading while this one is built.
        if index + 8 <= Int(counts[color]) {
            for i in 4..<8 { prefetchWhole(UnsafePointer(records + Int(first[i]))) }
        }
        for i in 0..<count { records[Int(first[i])].prepare(denseOfSlot: denseOfSlot, sims: sims, awake: awake) }
        blocks[b] = Block(records, first, count: count, restingIndex: restingIndex)
    }
}

/// A run of blocks split into the pairs solved in eight lanes from its start (all it holds, when
/// `inPairs`; none otherwise) and the blocks left to solve one by one (an odd last one).
@inline(__always)
func splitIntoPairs(_ range: Range<Int>, inPairs: Bool) -> (pairs: Int, single: Range<Int>) {
    let pairs = inPairs ? range.count / 2 : 0
    return (pairs, (range.lowerBound + 2 * pairs)..<range.upperBound)
}

/// One pass over a run of distance blocks of one colour (`blocks` points at the first block of all).
struct DistancePassKernel: ChunkKernel {
    var blocks: UnsafeMutablePointer<WideDistanceBlock>
    var pass: JointPass
    var context: SolverContext
    /// The awake bodies' carried velocities, while the warm start is carried (`VelocityCarry`):
    /// the solve keeps its frame and the relax carries the bodies' motion since
    /// (`WideDistanceBlock.solve`).
    var carried: UnsafeMutablePointer<SIMD4<Float>>? = nil
    /// Whether the run's blocks are taken two at a time in eight lanes (where `solvesPairs`); an
    /// odd last block is solved alone.
    var pairsAtOnce: Bool

    /// Whether this build and processor solve distance blocks in pairs in C
    /// (`dynamics_distance_pairs_solve`), as `PinPassKernel.solvesPairs`.
    static var solvesPairs: Bool {
        dynamics_distance_pairs_available() != 0 && dynamics_current_kernel_level() == dynamics_kernels_avx
    }

    /// Where `WideDistanceBlock`'s fields lie, for the C passes.
    static let layout: dynamics_distance_layout = {
        func at(_ path: PartialKeyPath<WideDistanceBlock>) -> Int64 { Int64(MemoryLayout<WideDistanceBlock>.offset(of: path)!) }
        return dynamics_distance_layout(
            stride: Int64(MemoryLayout<WideDistanceBlock>.stride), frame: WideJointFrame.layout(in: \WideDistanceBlock.joint),
            length: at(\.length), axialImpulse: at(\.axialImpulse), springImpulse: at(\.springImpulse),
            hertz: at(\.hertz), dampingRatio: at(\.dampingRatio), springLanes: at(\.springLanes),
            solveAxisX: at(\.solveAxisX), solveAxisY: at(\.solveAxisY),
            solveCrossA: at(\.solveCrossA), solveCrossB: at(\.solveCrossB))
    }()

    func run(_ range: Range<Int>) {
        let (pairs, single) = splitIntoPairs(range, inPairs: pairsAtOnce)
        if pairs > 0 { runPairs(from: range.lowerBound, count: pairs) }
        switch pass {
        case .warmStart: for k in single { WideDistanceBlock.warmStart(blocks + k, context.states) }
        case .solve:
            for k in single {
                WideDistanceBlock.solve(blocks + k, context.states, soft: context.jointSoftness, useBias: true, h: context.h,
                                        keepsFrame: carried != nil)
            }
        case .relax:
            for k in single {
                WideDistanceBlock.solve(blocks + k, context.states, soft: .rigid, useBias: false, h: context.h, carried: carried)
            }
        }
    }

    /// `count` pairs of blocks from `first`, in C.
    private func runPairs(from first: Int, count: Int) {
        let states = UnsafeMutableRawPointer(context.states)
        let start = UnsafeMutableRawPointer(blocks + first)
        withUnsafePointer(to: Self.layout) { layout in
            switch pass {
            case .warmStart: dynamics_distance_pairs_warm_start(layout, start, Int64(count), states)
            case .solve:
                let soft = context.jointSoftness
                dynamics_distance_pairs_solve(layout, start, Int64(count), states, soft.biasRate, soft.massScale,
                                              soft.impulseScale, 1, context.h, carried != nil ? 1 : 0, nil)
            case .relax:
                let soft = Softness.rigid
                let rows = carried.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Float.self) }
                dynamics_distance_pairs_solve(layout, start, Int64(count), states, soft.biasRate, soft.massScale,
                                              soft.impulseScale, 0, context.h, 0, rows)
            }
        }
    }
}

/// One pass over a run of pin blocks of one colour (`blocks` points at the first block of all).
struct PinPassKernel: ChunkKernel {
    var blocks: UnsafeMutablePointer<WidePinBlock>
    var pass: JointPass
    var context: SolverContext
    /// The awake bodies' carried velocities, while the warm start is carried (`VelocityCarry`):
    /// the solve keeps its anchors and the relax carries the turn (`WidePinBlock.solve`).
    var carried: UnsafeMutablePointer<SIMD4<Float>>? = nil
    /// Whether the run's blocks are taken two at a time in eight lanes (where `solvesPairs`); an
    /// odd last block is solved alone.
    var pairsAtOnce: Bool

    /// Whether this build and processor solve pin blocks in pairs in C (`dynamics_pin_pairs_solve`):
    /// at the contact passes' AVX level, so that `DYNAMICS_KERNELS=baseline` keeps the Swift
    /// passes too. Both give the same bits.
    static var solvesPairs: Bool {
        dynamics_pin_pairs_available() != 0 && dynamics_current_kernel_level() == dynamics_kernels_avx
    }

    /// Where `WidePinBlock`'s fields lie, for the C passes.
    static let layout: dynamics_pin_layout = {
        func at(_ path: PartialKeyPath<WidePinBlock>) -> Int64 { Int64(MemoryLayout<WidePinBlock>.offset(of: path)!) }
        return dynamics_pin_layout(
            stride: Int64(MemoryLayout<WidePinBlock>.stride), frame: WideJointFrame.layout(in: \WidePinBlock.joint),
            impulseX: at(\.impulseX), impulseY: at(\.impulseY),
            solveAnchorAX: at(\.solveAnchorAX), solveAnchorAY: at(\.solveAnchorAY),
            solveAnchorBX: at(\.solveAnchorBX), solveAnchorBY: at(\.solveAnchorBY))
    }()

    func run(_ range: Range<Int>) {
        let (pairs, single) = splitIntoPairs(range, inPairs: pairsAtOnce)
        if pairs > 0 { runPairs(from: range.lowerBound, count: pairs) }
        switch pass {
        case .warmStart: for k in single { WidePinBlock.warmStart(blocks + k, context.states) }
        case .solve:
            for k in single {
                WidePinBlock.solve(blocks + k, context.states, soft: context.jointSoftness, keepsAnchors: carried != nil)
            }
        case .relax: for k in single { WidePinBlock.solve(blocks + k, context.states, soft: .rigid, carried: carried) }
        }
    }

    /// `count` pairs of blocks from `first`, in C.
    private func runPairs(from first: Int, count: Int) {
        let states = UnsafeMutableRawPointer(context.states)
        let start = UnsafeMutableRawPointer(blocks + first)
        withUnsafePointer(to: Self.layout) { layout in
            switch pass {
            case .warmStart: dynamics_pin_pairs_warm_start(layout, start, Int64(count), states)
            case .solve:
                let soft = context.jointSoftness
                dynamics_pin_pairs_solve(layout, start, Int64(count), states, soft.biasRate, soft.massScale,
                                         soft.impulseScale, carried != nil ? 1 : 0, nil)
            case .relax:
                let soft = Softness.rigid
                let rows = carried.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Float.self) }
                dynamics_pin_pairs_solve(layout, start, Int64(count), states, soft.biasRate, soft.massScale,
                                         soft.impulseScale, 0, rows)
            }
        }
    }
}

/// Writes one kind's wide blocks' accumulated impulses back to their records.
struct StoreJointImpulsesKernel<Block: WideJointBlock>: ChunkKernel {
    var blocks: UnsafePointer<Block>
    var records: UnsafeMutablePointer<JointRecord>
    func run(_ range: Range<Int>) {
        for k in range { Block.storeImpulses(of: blocks + k, into: records) }
    }
}

/// Builds the pins' wide blocks from their prepared records.
struct PreparePinBlocksKernel: ChunkKernel {
    var records: UnsafePointer<JointRecord>
    var active: UnsafePointer<Int32>
    var blocks: UnsafeMutablePointer<WidePinBlock>
    /// Block ranges per colour (`maxColors + 1` entries).
    var blockOffsets: UnsafePointer<Int32>
    /// Joint ranges per colour in `active`, and each colour's pin count.
    var colorOffsets: UnsafePointer<Int32>
    var pinCounts: UnsafePointer<Int32>
    var restingIndex: Int32

    func run(_ range: Range<Int>) {
        var color = 0
        for b in range {
            while Int(blockOffsets[color + 1]) <= b { color += 1 }
            let index = (b - Int(blockOffsets[color])) * 4
            let count = min(4, Int(pinCounts[color]) - index)
            blocks[b] = WidePinBlock(records, active + Int(colorOffsets[color]) + index, count: count, restingIndex: restingIndex)
        }
    }
}

/// Builds the rods' wide blocks from their prepared records (a colour's rods follow its pins in
/// `active`).
struct PrepareRodBlocksKernel: ChunkKernel {
    var records: UnsafePointer<JointRecord>
    var active: UnsafePointer<Int32>
    var blocks: UnsafeMutablePointer<WideRodBlock>
    /// Block ranges per colour (`maxColors + 1` entries).
    var blockOffsets: UnsafePointer<Int32>
    /// Joint ranges per colour in `active`, and each colour's pin and rod counts.
    var colorOffsets: UnsafePointer<Int32>
    var pinCounts: UnsafePointer<Int32>
    var rodCounts: UnsafePointer<Int32>
    var restingIndex: Int32

    func run(_ range: Range<Int>) {
        var color = 0
        for b in range {
            while Int(blockOffsets[color + 1]) <= b { color += 1 }
            let index = (b - Int(blockOffsets[color])) * 4
            let count = min(4, Int(rodCounts[color]) - index)
            let first = active + Int(colorOffsets[color]) + Int(pinCounts[color]) + index
            blocks[b] = WideRodBlock(records, first, count: count, restingIndex: restingIndex)
        }
    }
}

/// One pass over a run of rod blocks of one colour (`blocks` points at the first block of all).
struct RodPassKernel: ChunkKernel {
    var blocks: UnsafeMutablePointer<WideRodBlock>
    var pass: JointPass
    var context: SolverContext
    /// While the contacts' warm start is carried beside joints that are not plain pins: what
    /// the rods change in each body's velocities (see `WideRodBlock.solve`).
    var changes: UnsafeMutablePointer<SIMD4<Float>>? = nil

    func run(_ range: Range<Int>) {
        switch pass {
        case .warmStart: for k in range { WideRodBlock.warmStart(blocks + k, context.states, changes: changes) }
        case .solve:
            for k in range { WideRodBlock.solve(blocks + k, context.states, soft: context.jointSoftness, useBias: true, changes: changes) }
        case .relax:
            for k in range { WideRodBlock.solve(blocks + k, context.states, soft: .rigid, useBias: false, changes: changes) }
        }
    }
}

/// Writes the rods' accumulated impulses back to their records.
struct StoreRodImpulsesKernel: ChunkKernel {
    var blocks: UnsafePointer<WideRodBlock>
    var records: UnsafeMutablePointer<JointRecord>
    func run(_ range: Range<Int>) {
        for k in range { WideRodBlock.storeImpulses(of: blocks + k, into: records) }
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

    func run(_ range: Range<Int>) {
        switch pass {
        case .warmStart: for k in range { WidePinBlock.warmStart(blocks + k, context.states) }
        case .solve:
            for k in range {
                WidePinBlock.solve(blocks + k, context.states, soft: context.jointSoftness, keepsAnchors: carried != nil)
            }
        case .relax: for k in range { WidePinBlock.solve(blocks + k, context.states, soft: .rigid, carried: carried) }
        }
    }
}

/// Writes the pins' accumulated impulses back to their records.
struct StorePinImpulsesKernel: ChunkKernel {
    var blocks: UnsafePointer<WidePinBlock>
    var records: UnsafeMutablePointer<JointRecord>
    func run(_ range: Range<Int>) {
        for k in range { WidePinBlock.storeImpulses(of: blocks + k, into: records) }
    }
}

import CKernelSupport

/// What the preparation found of a block, or of a block pair: whether a lane's manifold has a
/// second point, and whether every lane began the step speculative and unloaded (each of its
/// points separated, its warm-start impulses all zero bits; an unused lane counts as such). A
/// pair's byte of `World.widePointCounts` holds both (`DYNAMICS_PAIR_POINT_COUNT`,
/// `DYNAMICS_PAIR_SPECULATIVE`): the passes skip the second point of a pair of one point, and the
/// solve of a speculative pair while it would change nothing (`World.skipsSpeculativePairs`).
struct BlockShape: Equatable {
    var twoPoints: Bool
    var speculative: Bool

    /// A block of unused lanes: no second point, and nothing to solve.
    static let unused = BlockShape(twoPoints: false, speculative: true)

    /// The shape of the pair made of this block and `other`.
    func joined(_ other: BlockShape) -> BlockShape {
        BlockShape(twoPoints: twoPoints || other.twoPoints, speculative: speculative && other.speculative)
    }

    /// The pair's byte in `World.widePointCounts`, as `dynamics_prepare_pair` returns it.
    var pairByte: UInt8 {
        (twoPoints ? 2 : 1) | (speculative ? UInt8(DYNAMICS_PAIR_SPECULATIVE) : 0)
    }
}

extension BlockShape {
    /// The shape a pair's byte records.
    init(pairByte: UInt8) {
        self.init(twoPoints: pairByte & UInt8(DYNAMICS_PAIR_POINT_COUNT) == 2,
                  speculative: pairByte & UInt8(DYNAMICS_PAIR_SPECULATIVE) != 0)
    }
}

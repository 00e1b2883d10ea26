import Testing
@testable import DynamicsCore

/// The split colouring's cut (`SplitBalance`) moves to where the contacts divide in half.
@Suite("Split colouring balance")
struct SplitBalanceTests {
    /// A balance whose counts are `perBucket(b)` in bucket b of the first contact half.
    func balance(_ perBucket: (Int) -> Int32) -> SplitBalance {
        var balance = SplitBalance()
        balance.clear()
        for b in 0..<SplitBalance.buckets { balance.counts[b] = perBucket(b) }
        // Uncounted contacts (the slot past the buckets) do not move the cut.
        balance.counts[SplitBalance.buckets] = 1_000_000
        return balance
    }

    @Test("the cut falls where the counted contacts reach half")
    func cutAtTheMedian() {
        var uniform = balance { _ in 3 }
        uniform.update()
        #expect(uniform.boundary == 128)
        // Three quarters of the contacts evenly in the first 64 buckets: half is reached two
        // thirds of the way through them, at 42.7.
        var skewed = balance { $0 < 64 ? 225 : 25 }
        skewed.update()
        #expect(skewed.boundary == 43, "\(skewed.boundary)")
        var upper = balance { $0 >= 200 ? 10 : 0 }
        upper.update()
        #expect(upper.boundary == 228, "\(upper.boundary)")
        #expect(upper.half(awake: 1_000) == 890)
    }

    @Test("without counted contacts the cut stays where it was")
    func noContactsKeepTheCut() {
        var empty = balance { _ in 0 }
        empty.update()
        #expect(empty.boundary == SplitBalance.buckets / 2)
    }

    /// A block of 900 boxes, side by side and stacked, in a bin, then 900 balls created far above
    /// it and falling, touching nothing: every contact belongs to the block's bodies, which hold
    /// one end of the awake range.
    func pileUnderRain(workers: Int) throws -> World {
        let world = try makeWorld(gravity: 10, workers: workers)
        try addBin(world, wallHeight: 120)
        for i in 0..<900 {
            _ = try addBox(world, at: Vec2(Float(i % 30) * 0.6 - 8.7, Float(i / 30) * 0.6 + 0.8), half: 0.3)
        }
        for i in 0..<900 {
            try addBall(world, at: Vec2(Float(i % 30) * 0.9 - 13.05, Float(i / 30) * 0.9 + 80), radius: 0.3)
        }
        return world
    }

    @Test("with the contacts at one end of the awake range, the parts still hold about as many each")
    func partsBalancedWithContactsAtOneEnd() throws {
        for workers in [1, 2] {
            let world = try pileUnderRain(workers: workers)
            for _ in 0..<20 { world.step(1.0 / 60) }
            let parts = world.coloringParts.base
            let lower = parts[ColoringParts.lower].sources.count, upper = parts[ColoringParts.upper].sources.count
            let joining = parts[ColoringParts.joining].sources.count
            let total = lower + upper + joining
            #expect(total > 1_500, "the pile has its contacts")
            #expect(abs(lower - upper) < total / 5, "lower \(lower), upper \(upper), joining \(joining) (\(workers) workers)")
            #expect(world.isStateFinite)
        }
    }
}

import Testing
@testable import DynamicsCore

/// The colours' pairs taken in rounds (`ColorRounds`) for the preparation and the impulse stores.
@Suite("Colour rounds")
struct ColorRoundsTests {
    /// Block offsets for colours of the given pair counts (each colour an even number of blocks),
    /// or, with `blocksEach` 1, of the given block counts.
    static func offsets(pairs: [Int], blocksEach: Int32 = 2) -> [Int32] {
        var offsets: [Int32] = [0]
        for color in 0..<GraphColoring.maxColors {
            offsets.append(offsets[color] + blocksEach * Int32(color < pairs.count ? pairs[color] : 0))
        }
        return offsets
    }

    @Test("every pair of every colour comes once, a colour's pairs in order, and half the rounds hold the first half of each colour",
          arguments: [[466, 441, 402, 333, 199, 67, 13, 2], [1], [16, 16, 15], [0, 5, 0, 300], [], [321, 315, 307, 311, 299, 9, 1]])
    func partition(pairs: [Int]) {
        let offsets = Self.offsets(pairs: pairs)
        offsets.withUnsafeBufferPointer { buffer in
            let rounds = ColorRounds(wideOffsets: buffer.baseAddress!)
            let largest = pairs.max() ?? 0
            #expect(rounds.count == max(1, largest / ColorRounds.pairsPerRound))
            #expect(rounds.colorCount == (pairs.lastIndex { $0 > 0 }.map { $0 + 1 } ?? 0))
            var seen: [Int] = []
            for color in 0..<rounds.colorCount {
                var next = rounds.firstPair(of: color)
                for r in 0..<rounds.count {
                    let range = rounds.pairs(of: color, inRound: r)
                    #expect(range.lowerBound == next, "colour \(color) round \(r) starts where the last ended")
                    #expect(range.count <= 2 * ColorRounds.pairsPerRound || rounds.count == 1)
                    seen += Array(range)
                    next = range.upperBound
                }
                #expect(next == Int(offsets[color + 1]) / 2, "colour \(color) ends at its last pair")
                // The first half of the rounds takes about the share of the colour that the
                // contact passes give the first of two threads (count · part / parts), exactly
                // when the rounds are even.
                let count = pairs[color], half = rounds.count / 2
                let firstThreads = rounds.pairs(of: color, inRound: half).lowerBound - rounds.firstPair(of: color)
                if rounds.count % 2 == 0 { #expect(firstThreads == count / 2) }
                #expect(abs(firstThreads - count / 2) <= ColorRounds.pairsPerRound)
            }
            #expect(seen == Array(0..<(Int(offsets[GraphColoring.maxColors]) / 2)))
        }
    }

    @Test("joint blocks in rounds: every block of every colour once, in order, and half the rounds hold the first half of each colour",
          arguments: [[563, 562], [281, 282, 281], [1], [33, 0, 7], [], [2_500, 2_499, 2_501, 2_500, 3]])
    func jointBlocks(blocks: [Int]) {
        let offsets = Self.offsets(pairs: blocks, blocksEach: 1)
        offsets.withUnsafeBufferPointer { buffer in
            let rounds = ColorRounds(jointBlockOffsets: buffer.baseAddress!)
            #expect(rounds.count == max(1, (blocks.max() ?? 0) / ColorRounds.pairsPerRound))
            var seen: [Int] = []
            for color in 0..<rounds.colorCount {
                #expect(rounds.firstPair(of: color) == Int(offsets[color]))
                for r in 0..<rounds.count { seen += Array(rounds.pairs(of: color, inRound: r)) }
                // The joint passes give the first of two threads blocks count · 0 / 2 ..< count / 2.
                let firstThreads = rounds.pairs(of: color, inRound: rounds.count / 2).lowerBound - Int(offsets[color])
                if rounds.count % 2 == 0 { #expect(firstThreads == blocks[color] / 2, "colour \(color)") }
            }
            #expect(seen == Array(0..<Int(offsets[GraphColoring.maxColors])))
        }
    }

    @Test("a round's cursor visits the round's pairs colour by colour, then stops",
          arguments: [[466, 441, 402, 333, 199, 67, 13, 2], [1], [0, 5, 0, 300], [], [3, 0, 0, 1]])
    func cursor(pairs: [Int]) {
        let offsets = Self.offsets(pairs: pairs)
        offsets.withUnsafeBufferPointer { buffer in
            let rounds = ColorRounds(wideOffsets: buffer.baseAddress!)
            for r in 0..<rounds.count {
                var expected: [Int] = []
                for color in 0..<rounds.colorCount { expected += Array(rounds.pairs(of: color, inRound: r)) }
                var cursor = RoundCursor(rounds: rounds, round: r), visited: [Int] = []
                while cursor.color < rounds.colorCount && visited.count <= expected.count {
                    visited.append(cursor.pair)
                    cursor.advance()
                }
                #expect(visited == expected, "round \(r)")
                cursor.advance()
                #expect(cursor.color == rounds.colorCount, "past the last pair it stays past")
            }
        }
    }
}

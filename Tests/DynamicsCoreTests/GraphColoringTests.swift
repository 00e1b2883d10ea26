import Testing
@testable import DynamicsCore

@Suite("Graph colouring")
struct GraphColoringTests {
    /// Random constraints among 200 bodies, some against a static body (−1): no movable body may
    /// appear twice in one colour, each constraint takes the first colour free for both of its
    /// bodies, and the offsets cover every constraint once.
    @Test("no body twice in a colour, first fit, offsets cover everything")
    func colouringInvariants() {
        var coloring = GraphColoring()
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let bodies = 200, constraints = 1500
        coloring.reset(bodyCount: bodies)
        var seen = Set<[Int]>()
        var colorsOf = [[Bool]](repeating: [Bool](repeating: false, count: GraphColoring.maxColors), count: bodies)
        var assigned = [Int32]()
        for _ in 0..<constraints {
            let a = Int32(next(bodies))
            var b: Int32 = next(10) == 0 ? -1 : Int32(next(bodies))
            if b == a { b = (a + 1) % Int32(bodies) }
            let color = coloring.assign(a, b)
            assigned.append(color)
            // First fit: the lowest colour that neither movable body has yet (overflow if none).
            let free = (0..<GraphColoring.maxColors).first { c in !colorsOf[Int(a)][c] && (b < 0 || !colorsOf[Int(b)][c]) }
            #expect(Int(color) == (free ?? GraphColoring.maxColors))
            guard Int(color) < GraphColoring.maxColors else { continue }
            for body in [a, b] where body >= 0 {
                #expect(seen.insert([Int(body), Int(color)]).inserted, "body \(body) twice in colour \(color)")
                colorsOf[Int(body)][Int(color)] = true
            }
        }
        coloring.finish()
        for c in 0...GraphColoring.maxColors {
            let inColor = assigned.filter { $0 == Int32(c) }.count
            #expect(Int(coloring.offsets[c + 1] - coloring.offsets[c]) == inColor, "colour \(c)")
        }
        #expect(Int(coloring.offsets[GraphColoring.maxColors + 1]) == constraints)
    }

    /// A body with more constraints than there are colours: the first 24 take one colour each,
    /// the rest go to the overflow colour, which is solved serially.
    @Test("constraints beyond the last colour overflow")
    func overflow() {
        var coloring = GraphColoring()
        coloring.reset(bodyCount: 40)
        let colors = (1..<31).map { coloring.assign(0, Int32($0)) }
        #expect(Array(colors.prefix(GraphColoring.maxColors)) == Array(0..<Int32(GraphColoring.maxColors)))
        #expect(colors.dropFirst(GraphColoring.maxColors).allSatisfy { $0 == Int32(GraphColoring.maxColors) })
        // Two static ends take no colour slot: such constraints always fit colour 0.
        #expect(coloring.assign(-1, -1) == 0)
    }

    /// The resting row the wide solver gathers for lanes without a movable body lies just past
    /// the column's elements, leaves the count alone and is overwritten by the next append.
    @Test("a sentinel past the end of a column")
    func sentinel() {
        var column = Column<Int32>(capacity: 2)
        column.append(1); column.append(2)
        let index = column.placeSentinel(7)
        #expect(index == 2 && column.count == 2 && column.base[index] == 7)
        column.append(3)
        #expect(column.count == 3 && column[2] == 3)
    }
}

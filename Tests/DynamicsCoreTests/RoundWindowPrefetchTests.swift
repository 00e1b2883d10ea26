import Testing
@testable import DynamicsCore

/// The next round's records, asked for a slice at each pair of the round being prepared.
@Suite("Round window prefetch")
struct RoundWindowPrefetchTests {
    @Test("a stretch is asked for in order, from the start of its first impulse line, in full by the round's last pair",
          arguments: [(101, 937, 70), (0, 5, 3), (7, 8, 1), (1_000, 1_800, 1), (4, 12, 40)])
    func slices(first: Int, end: Int, pairs: Int) {
        let manifolds = UnsafeMutablePointer<SolverManifold>.allocate(capacity: end)
        let impulses = UnsafeMutablePointer<ContactImpulses>.allocate(capacity: end)
        defer { manifolds.deallocate(); impulses.deallocate() }
        var window = RoundWindowPrefetch(contacts: first..<end, over: pairs)
        #expect(window.pending == (first & ~3)..<end)
        var asked = window.pending.lowerBound
        for pair in 0..<pairs {
            window.advance(manifolds: manifolds, impulses: impulses)
            let next = window.pending.lowerBound
            #expect(next > asked || next == end, "pair \(pair) asks for a slice")
            #expect(next <= end && window.pending.upperBound == end)
            asked = next
        }
        #expect(window.pending.isEmpty, "the whole stretch by the last pair")
    }

    @Test("an empty window asks for nothing")
    func empty() {
        var window = RoundWindowPrefetch()
        #expect(window.pending.isEmpty)
        let manifolds = UnsafeMutablePointer<SolverManifold>.allocate(capacity: 1)
        let impulses = UnsafeMutablePointer<ContactImpulses>.allocate(capacity: 1)
        defer { manifolds.deallocate(); impulses.deallocate() }
        window.advance(manifolds: manifolds, impulses: impulses)
        #expect(window.pending.isEmpty)
    }
}

@testable import DynamicsCore

/// Block pairs with the arrays beside them (second points, extras, start impulses), allocated
/// together for the tests that lay out, prepare or solve pairs by hand. `deallocate()` frees them.
struct WideArrays {
    let pairs: UnsafeMutablePointer<WideContactPair>
    let seconds: UnsafeMutablePointer<WidePointPair>
    let extras: UnsafeMutablePointer<WideContactExtra>
    let starts: UnsafeMutablePointer<SIMD8<Float>>
    let count: Int

    /// Room for `count` pairs, uninitialised.
    init(count: Int) {
        self.count = count
        pairs = .allocate(capacity: count)
        seconds = .allocate(capacity: count)
        extras = .allocate(capacity: count)
        starts = .allocate(capacity: count)
    }

    func deallocate() {
        pairs.deallocate(); seconds.deallocate(); extras.deallocate(); starts.deallocate()
    }

    /// Block `b` (half `b % 2` of pair `b / 2`).
    func block(_ b: Int) -> WideBlock { WideBlock(pairs, seconds, extras, starts, block: b) }

    /// A pass over these pairs (`pointCounts` nil: two points everywhere, none speculative).
    func kernel(_ pass: ContactPass, context: SolverContext, pointCounts: UnsafePointer<UInt8>? = nil,
                keepLargestImpulses: Bool, prefetchesPairs: Bool, prefetchesStates: Bool = false,
                skipsSpeculativePairs: Bool = true) -> ContactPassKernel {
        ContactPassKernel(base: pairs, secondPoints: seconds, extras: extras, startImpulses: starts,
                          pointCounts: pointCounts, pass: pass, context: context,
                          keepLargestImpulses: keepLargestImpulses, prefetchesPairs: prefetchesPairs,
                          prefetchesStates: prefetchesStates,
                          skipsSpeculativePairs: skipsSpeculativePairs)
    }
}

import CBLAS

/// y[i·strideY] += a · x[i·strideX] for i in 0..<count: the bulk update the integrator applies to
/// body positions, with either implementation.
///
/// `.cblas` calls the system's `cblas_saxpy`; `.swift` is a plain loop. The benchmark
/// `Kernel.axpy` in `Benchmarks/` compares them; both round identically (one multiply, one add).
@inlinable
public func stridedAXPY(count: Int, _ a: Float, x: UnsafePointer<Float>, strideX: Int,
                        y: UnsafeMutablePointer<Float>, strideY: Int, backend: VectorBackend) {
    guard count > 0 else { return }
    switch backend {
    case .cblas:
        blasSAXPY(Int32(count), a, x, Int32(strideX), y, Int32(strideY))
    case .swift:
        var xi = x, yi = y
        for _ in 0..<count {
            yi.pointee += a * xi.pointee
            xi += strideX
            yi += strideY
        }
    }
}

@usableFromInline
func blasSAXPY(_ n: Int32, _ a: Float, _ x: UnsafePointer<Float>, _ incX: Int32, _ y: UnsafeMutablePointer<Float>, _ incY: Int32) {
    cblas_saxpy(n, a, x, incX, y, incY)
}

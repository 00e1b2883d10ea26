import CKernelSupport

/// The instruction set the contact solver's passes run with, chosen once per process at run time.
///
/// A Swift package cannot raise its dependents' instruction set, so the contact passes are
/// compiled twice: for the build's baseline (SSE2 on x86-64) and, on x86-64 Linux and macOS, for
/// AVX, which solves two blocks of a colour at once in eight lanes. The best one the processor has
/// is used unless the environment variable `DYNAMICS_KERNELS` is `baseline` or ``select(_:)``
/// chose another. Every kernel computes the same bits: results and state hashes do not depend on
/// the kernel, only the speed does.
public enum SolverKernel: String, Sendable, CaseIterable, Codable {
    /// The build's baseline instruction set, four lanes.
    case baseline
    /// AVX, eight lanes (x86-64 processors that have it).
    case avx

    /// The kernel in use.
    public static var current: SolverKernel { SolverKernel(dynamics_current_kernel_level()) }

    /// The best kernel this processor and build support.
    public static var best: SolverKernel { SolverKernel(dynamics_best_kernel_level()) }

    /// Makes the contact passes use `kernel`, or the best supported one below it; returns the
    /// kernel now in use. It affects every world of the process; do not call it while one steps.
    @discardableResult
    public static func select(_ kernel: SolverKernel) -> SolverKernel {
        SolverKernel(dynamics_set_kernel_level(kernel.level))
    }

    private init(_ level: dynamics_kernel_level) {
        self = level == dynamics_kernels_avx ? .avx : .baseline
    }

    private var level: dynamics_kernel_level {
        switch self {
        case .baseline: dynamics_kernels_baseline
        case .avx: dynamics_kernels_avx
        }
    }
}

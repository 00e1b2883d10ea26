import CKernelSupport

/// How many large column buffers the engine has mapped from the system on its own.
///
/// On Linux a column of 2 MiB or more is mapped rather than taken from `malloc`
/// (`dynamics_allocate_buffer`), so a counter of heap allocations does not see it. Allocation
/// gates add these counts to theirs, so that a column growing in a measured step still counts.
/// Elsewhere both counts stay 0.
@_spi(Benchmarking)
public enum BufferMappings {
    /// Buffers mapped so far by every thread of the process.
    public static var processCount: Int64 { dynamics_buffer_mapping_count() }

    /// Buffers mapped so far by the calling thread.
    public static var threadCount: Int64 { dynamics_thread_buffer_mapping_count() }
}

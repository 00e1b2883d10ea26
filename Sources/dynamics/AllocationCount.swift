import CAllocationCounter
@_spi(Benchmarking) import DynamicsCore

/// What the allocation figures count: heap allocations (through the counter linked into this
/// executable) and the engine's large column buffers, which on Linux are mapped from the system
/// without `malloc`. A step that grows either kind of storage counts.
enum AllocationCount {
    /// Whether this build counts heap allocations (glibc-based Linux without sanitizers).
    static var isAvailable: Bool { dynamics_allocation_counting_available() != 0 }

    /// Allocations of every thread so far (0 where not available).
    static var process: Int64 { isAvailable ? dynamics_allocation_count() + BufferMappings.processCount : 0 }

    /// Allocations of the calling thread so far (0 where not available).
    static var thread: Int64 { isAvailable ? dynamics_thread_allocation_count() + BufferMappings.threadCount : 0 }
}

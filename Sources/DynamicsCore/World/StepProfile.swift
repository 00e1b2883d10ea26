import Dispatch

/// Where a world's steps spent their wall-clock time, part by part, summed over the steps taken
/// while `World.profilesSteps` was on since the profile was last reset (`World.stepProfile`).
///
/// Each part is timed on the calling thread from its start to its end, the worker threads' share
/// included, so the parts add up to nearly the whole step. Stepping one world on one thread and
/// on several and comparing the parts shows where the threads gain and where they wait.
public struct StepProfile: Sendable, Equatable {
    /// The parts of a step, in the order `World.step(_:)` runs them.
    public enum Part: Int, CaseIterable, Sendable {
        /// Reordering bodies, shapes and contacts for locality (every 32 steps in large scenes).
        case locality
        /// The broadphase: moved proxies find their new pairs, which become contacts.
        case pairs
        /// The narrowphase: every contact's manifold, then events, wake-ups and destroyed contacts.
        case collide
        /// The contacts' colouring (and the solver keys it reads).
        case color
        /// Building the joint and contact constraints (the joints' colouring included).
        case prepare
        /// The sub-steps (integration, warm start, solve, relax), restitution and impulse stores.
        case solve
        /// New transforms and boxes, continuous collision, proxies moved in the grid.
        case finalize
        /// Sleep islands.
        case sleep

        /// The part's name as the command line prints it.
        public var name: String { String(describing: self) }
    }

    /// Steps recorded.
    public internal(set) var steps = 0
    /// Nanoseconds per part, indexed by `Part.rawValue`.
    private var nanoseconds = SIMD8<UInt64>()

    /// An empty profile.
    public init() {}

    /// Seconds spent in `part` over all the recorded steps.
    public func seconds(_ part: Part) -> Double { Double(nanoseconds[part.rawValue]) / 1e9 }

    /// Milliseconds per recorded step spent in `part` (0 before any step).
    public func millisecondsPerStep(_ part: Part) -> Double {
        steps > 0 ? seconds(part) * 1e3 / Double(steps) : 0
    }

    /// Seconds spent in every part together.
    public var totalSeconds: Double { Double(nanoseconds.wrappedSum()) / 1e9 }

    /// Adds `elapsed` nanoseconds to `part`.
    @inline(__always)
    mutating func add(_ elapsed: UInt64, to part: Part) {
        nanoseconds[part.rawValue] &+= elapsed
    }
}

/// Times the parts of one step into a `StepProfile`, or does nothing when not `enabled`: one
/// clock read per part boundary, no allocation.
struct StepClock {
    let enabled: Bool
    private var last: UInt64

    init(enabled: Bool) {
        self.enabled = enabled
        last = enabled ? Self.now() : 0
    }

    /// Adds the time since the last mark to `part` of `profile`, and marks now.
    @inline(__always)
    mutating func lap(_ part: StepProfile.Part, into profile: inout StepProfile) {
        guard enabled else { return }
        let now = Self.now()
        profile.add(now &- last, to: part)
        last = now
    }

    @inline(__always)
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

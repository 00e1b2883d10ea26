#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif
import Synchronization

extension DynamicsError {
    private static let logging = Atomic<Bool>(true)

    /// Whether stale handles refused by calls that cannot throw (reads, `destroy…`, `wake`) are
    /// also written to standard error (true by default). `World.lastRefusal` keeps the last one.
    public static var isLoggingEnabled: Bool {
        get { logging.load(ordering: .relaxed) }
        set { logging.store(newValue, ordering: .relaxed) }
    }
}

/// Writes a line to standard error without Foundation.
func writeStandardError(_ line: String) {
    var line = line
    line.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return }
        #if canImport(ucrt)
        _ = _write(2, base, UInt32(bytes.count))
        #else
        _ = write(2, base, bytes.count)
        #endif
    }
}

extension World {
    /// Records an argument refused by a call that cannot throw, and reports it unless logging is off.
    func refuse(_ call: StaticString, _ argument: String, _ rule: String) {
        let error = DynamicsError(argument: argument, rule: rule)
        lastRefusal = error
        if DynamicsError.isLoggingEnabled { writeStandardError("DynamicsCore: \(call) refused \(error)\n") }
    }

    /// The slot of a live body, or nil after recording the refusal on behalf of `call`.
    @inline(__always)
    func liveSlot(_ id: BodyID, _ call: StaticString) -> Int32? {
        if bodies.slots.isValid(index: id.index, generation: id.generation) { return id.index }
        refuse(call, "body", "\(id) is not a live body of this world (removed, or from another world)")
        return nil
    }

    /// The dense index of a live body, or nil after recording the refusal on behalf of `call`.
    @inline(__always)
    func liveDense(_ id: BodyID, _ call: StaticString) -> Int? {
        liveSlot(id, call).map { bodies.dense($0) }
    }

    /// The slot of a live shape, or nil after recording the refusal on behalf of `call`.
    @inline(__always)
    func liveSlot(_ id: ShapeID, _ call: StaticString) -> Int? {
        if isValid(id) { return shapeSlot(id) }
        refuse(call, "shape", "\(id) is not a live shape of this world (removed, or from another world)")
        return nil
    }

    /// The slot of a live joint, or nil after recording the refusal on behalf of `call`.
    @inline(__always)
    func liveSlot(_ id: JointID, _ call: StaticString) -> Int? {
        if isValid(id) { return Int(id.index) }
        refuse(call, "joint", "\(id) is not a live joint of this world (removed, or from another world)")
        return nil
    }
}

import Foundation
import Synchronization

/// A call that UIKit would answer with an exception: which argument, and the rule it broke.
///
/// Dynamics does not stop the program for these. The call is refused (nothing already in the
/// animator is lost), the error is kept in `lastUsageError` of the animator or behavior that
/// refused it, and a line goes to standard error unless `DynamicsUsageError.isLoggingEnabled`
/// is false.
public struct DynamicsUsageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The argument that was wrong.
    public let argument: String
    /// The rule it broke, in words.
    public let rule: String

    /// Creates an error naming an argument and a rule.
    public init(argument: String, rule: String) {
        self.argument = argument
        self.rule = rule
    }

    /// `argument: rule`.
    public var description: String { "\(argument): \(rule)" }

    private static let logging = Atomic<Bool>(true)

    /// Whether refused calls are also written to standard error (true by default).
    public static var isLoggingEnabled: Bool {
        get { logging.load(ordering: .relaxed) }
        set { logging.store(newValue, ordering: .relaxed) }
    }

    func log() {
        guard Self.isLoggingEnabled else { return }
        FileHandle.standardError.write(Data("Dynamics: \(description)\n".utf8))
    }
}

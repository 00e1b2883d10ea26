/// A profile file that could not be read or built: which file, which field, and what is wrong.
public struct ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The path of the field, for example `bodies[2].shapes[0].box.halfWidth` (empty for the whole file).
    public var field: String
    /// What is wrong with it.
    public var problem: String

    /// Creates an error.
    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    /// `file: field: problem`.
    public var description: String { field.isEmpty ? "\(file): \(problem)" : "\(file): \(field): \(problem)" }
}

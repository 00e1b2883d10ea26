/// An argument the engine rejected: which argument, and the rule it broke.
public struct DynamicsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The argument's name, for example `density` or `vertices[2]`.
    public let argument: String
    /// The rule that was broken, in words.
    public let rule: String

    /// Creates an error naming an argument and a rule.
    public init(argument: String, rule: String) {
        self.argument = argument
        self.rule = rule
    }

    /// `argument: rule`.
    public var description: String { "\(argument): \(rule)" }
}

@inline(__always)
func require(_ condition: Bool, _ argument: @autoclosure () -> String, _ rule: @autoclosure () -> String) throws(DynamicsError) {
    if !condition { throw DynamicsError(argument: argument(), rule: rule()) }
}

// The argument's name is built only on failure: validating a polygon named every vertex
// ("polygon.vertices[i]") eagerly, and string building was a tenth of building the smash scene.
func requireFinite(_ value: Float, _ argument: @autoclosure () -> String) throws(DynamicsError) {
    try require(value.isFinite, argument(), "must be finite, got \(value)")
}

func requireFinite(_ value: Vec2, _ argument: @autoclosure () -> String) throws(DynamicsError) {
    try require(value.isFinite, argument(), "must be finite, got (\(value.x), \(value.y))")
}

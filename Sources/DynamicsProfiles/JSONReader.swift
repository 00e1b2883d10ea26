import Foundation

/// A JSON value with its path in the file, read strictly: every accessor names the field it reads
/// in the error it throws, and objects reject keys nobody asked for.
struct JSONNode {
    let value: Any
    let path: String
    let file: String

    func fail(_ problem: String, at field: String? = nil) -> ProfileError {
        ProfileError(file: file, field: field ?? path, problem: problem)
    }

    static func parse(_ data: Data, file: String) throws(ProfileError) -> JSONNode {
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return JSONNode(value: value, path: "", file: file)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw ProfileError(file: file, field: "", problem: "is not valid JSON (\(detail))")
        }
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func object(allowed: Set<String>) throws(ProfileError) -> JSONObject {
        guard let dictionary = value as? [String: Any] else { throw fail("must be an object, got \(typeName)") }
        for key in dictionary.keys.sorted() where !allowed.contains(key) {
            throw fail("unknown field (allowed: \(allowed.sorted().joined(separator: ", ")))", at: child(key))
        }
        return JSONObject(node: self, dictionary: dictionary)
    }

    func array(maxCount: Int = 1_000_000) throws(ProfileError) -> [JSONNode] {
        guard let list = value as? [Any] else { throw fail("must be an array, got \(typeName)") }
        guard list.count <= maxCount else { throw fail("has \(list.count) elements; at most \(maxCount) are allowed") }
        return list.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    func number() throws(ProfileError) -> Double {
        guard let n = value as? NSNumber, !isJSONBoolean(value) else { throw fail("must be a number, got \(typeName)") }
        let d = n.doubleValue
        guard d.isFinite else { throw fail("must be finite") }
        return d
    }

    func float() throws(ProfileError) -> Float {
        let d = try number()
        guard abs(d) <= Double(Float.greatestFiniteMagnitude) else { throw fail("is too large for a 32-bit float") }
        return Float(d)
    }

    func integer(in range: ClosedRange<Int>) throws(ProfileError) -> Int {
        let d = try number()
        guard d == d.rounded() else { throw fail("must be a whole number, got \(d)") }
        guard d >= Double(range.lowerBound) && d <= Double(range.upperBound) else {
            throw fail("must be in \(range.lowerBound)...\(range.upperBound), got \(d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d))")
        }
        return Int(d)
    }

    func bool() throws(ProfileError) -> Bool {
        guard isJSONBoolean(value), let b = value as? Bool else { throw fail("must be true or false, got \(typeName)") }
        return b
    }

    func string() throws(ProfileError) -> String {
        guard let s = value as? String else { throw fail("must be a string, got \(typeName)") }
        return s
    }

    func vector() throws(ProfileError) -> SIMD2<Float> {
        let items = try array(maxCount: 2)
        guard items.count == 2 else { throw fail("must be an array of two numbers [x, y]") }
        return SIMD2(try items[0].float(), try items[1].float())
    }

    var typeName: String {
        switch value {
        case is NSNull: return "null"
        case _ where isJSONBoolean(value): return "a boolean"
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNumber: return "a number"
        default: return "\(type(of: value))"
        }
    }
}

/// Whether a parsed JSON value was `true` or `false` (Foundation bridges booleans and numbers to
/// NSNumber, and on Linux `is Bool` also holds for the numbers 0 and 1).
func isJSONBoolean(_ value: Any) -> Bool {
    String(describing: type(of: value)).contains("Boolean")
}

/// A JSON object whose fields are read by name.
struct JSONObject {
    let node: JSONNode
    let dictionary: [String: Any]

    func has(_ key: String) -> Bool { dictionary[key] != nil && !(dictionary[key] is NSNull) }

    func optional(_ key: String) -> JSONNode? {
        guard let v = dictionary[key], !(v is NSNull) else { return nil }
        return JSONNode(value: v, path: node.path.isEmpty ? key : "\(node.path).\(key)", file: node.file)
    }

    func required(_ key: String) throws(ProfileError) -> JSONNode {
        guard let n = optional(key) else {
            throw ProfileError(file: node.file, field: node.path.isEmpty ? key : "\(node.path).\(key)", problem: "is required")
        }
        return n
    }

    func float(_ key: String, default value: Float) throws(ProfileError) -> Float {
        try optional(key)?.float() ?? value
    }
}

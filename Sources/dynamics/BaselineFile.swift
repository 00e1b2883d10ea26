import Foundation

/// A baseline file that `dynamics bench --baseline` cannot use: which file, which field (a path
/// such as `results[2].medianMs`, empty for the file as a whole) and what is wrong with it.
struct BaselineFileError: Error, Equatable, CustomStringConvertible {
    var file: String
    var field: String
    var problem: String

    var description: String { field.isEmpty ? "\(file): \(problem)" : "\(file): \(field): \(problem)" }
}

/// Reads and checks the baseline at `path` (see `decodeBaseline`).
func readBaseline(at path: String) throws(BaselineFileError) -> BenchBaseline {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw BaselineFileError(file: path, field: "", problem: "cannot be read (missing or not a file)")
    }
    return try decodeBaseline(data, file: path)
}

/// Decodes a baseline written by `--save-baseline` and checks what the comparison relies on:
/// at least one result, each profile once, and every median finite and above zero (a median of
/// zero would make every run slower than it, a NaN none).
func decodeBaseline(_ data: Data, file: String) throws(BaselineFileError) -> BenchBaseline {
    let baseline: BenchBaseline
    do {
        baseline = try JSONDecoder().decode(BenchBaseline.self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
        throw BaselineFileError(file: file, field: fieldPath(context.codingPath + [key]), problem: "is required")
    } catch let DecodingError.valueNotFound(type, context) {
        throw BaselineFileError(file: file, field: fieldPath(context.codingPath), problem: "must be \(kindName(type)), not null")
    } catch let DecodingError.typeMismatch(type, context) {
        throw BaselineFileError(file: file, field: fieldPath(context.codingPath), problem: "must be \(kindName(type))")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
        throw BaselineFileError(file: file, field: fieldPath(context.codingPath), problem: context.debugDescription)
    } catch {
        throw BaselineFileError(file: file, field: "", problem: "is not JSON written by --save-baseline")
    }
    guard !baseline.results.isEmpty else {
        throw BaselineFileError(file: file, field: "results", problem: "is empty: there is nothing to compare against")
    }
    var seen = Set<String>()
    for (index, result) in baseline.results.enumerated() {
        guard result.medianMs.isFinite && result.medianMs > 0 else {
            throw BaselineFileError(file: file, field: "results[\(index)].medianMs", problem: "must be finite and > 0, got \(result.medianMs)")
        }
        guard seen.insert(result.profile).inserted else {
            throw BaselineFileError(file: file, field: "results[\(index)].profile",
                                    problem: "\"\(result.profile)\" appears more than once")
        }
    }
    return baseline
}

/// Why the profiles at `paths` (with `names`, in the same order) cannot go into one baseline, if
/// they cannot: a baseline tells its results apart by profile name, so two files may not share one.
func nameClash(paths: [String], names: [String]) -> String? {
    var firstPath: [String: String] = [:]
    for (path, name) in zip(paths, names) {
        if let earlier = firstPath[name] {
            return "\(earlier) and \(path) are both named \"\(name)\"; a baseline tells profiles apart by name"
        }
        firstPath[name] = path
    }
    return nil
}

/// A decoding path as the profile errors write it: `results[0].medianMs`.
private func fieldPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return text
}

/// What a field of `type` holds, in words.
private func kindName(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: "a whole number"
    case is Double.Type, is Float.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "a list"
    default: "an object"
    }
}

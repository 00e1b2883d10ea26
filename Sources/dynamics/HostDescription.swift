import Foundation

/// The machine a bench ran on, as far as the operating system tells: enough to see that a
/// baseline was recorded elsewhere. Hosts of one cloud class can differ twofold in speed (a
/// different processor generation, other cache sizes), and a time gate across them measures the
/// host rather than the code.
struct HostDescription: Codable, Equatable, Sendable {
    /// The processor's model name ("unknown" where the system does not say).
    var processor: String
    /// Logical processors this process may use.
    var logicalProcessors: Int
    /// The widest x86 vector extension the processor reports (`avx512f`, `avx2`, `avx`, `sse2`),
    /// or nil on other architectures.
    var vectorExtension: String?
    /// The unified caches by level, as the system lists them ("L2 1024K, L3 32768K"), or nil.
    var caches: String?

    /// One line for a table or a note.
    var summary: String {
        var parts = [processor, "\(logicalProcessors) logical processors"]
        if let vectorExtension { parts.append(vectorExtension) }
        if let caches { parts.append(caches) }
        return parts.joined(separator: ", ")
    }

    /// This machine.
    static func current() -> HostDescription {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        return HostDescription(processor: processorName(cpuInfo: cpuInfo) ?? "unknown",
                               logicalProcessors: ProcessInfo.processInfo.activeProcessorCount,
                               vectorExtension: widestVectorExtension(cpuInfo: cpuInfo),
                               caches: unifiedCaches(directory: "/sys/devices/system/cpu/cpu0/cache"))
    }

    /// The first `model name` of a /proc/cpuinfo text.
    static func processorName(cpuInfo: String) -> String? {
        value(of: "model name", in: cpuInfo).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The widest of the vector extensions in the first `flags` line of a /proc/cpuinfo text.
    static func widestVectorExtension(cpuInfo: String) -> String? {
        guard let flags = value(of: "flags", in: cpuInfo) else { return nil }
        let present = Set(flags.split(separator: " ").map(String.init))
        return ["avx512f", "avx2", "avx", "sse2"].first(where: present.contains)
    }

    /// The unified caches listed under a Linux `cache` directory (`index*/level`, `type`, `size`).
    static func unifiedCaches(directory: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var byLevel: [(level: Int, size: String)] = []
        for entry in entries where entry.hasPrefix("index") {
            func read(_ name: String) -> String? {
                (try? String(contentsOfFile: "\(directory)/\(entry)/\(name)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard read("type") == "Unified", let level = read("level").flatMap(Int.init), let size = read("size") else { continue }
            byLevel.append((level, size))
        }
        guard !byLevel.isEmpty else { return nil }
        return byLevel.sorted { $0.level < $1.level }.map { "L\($0.level) \($0.size)" }.joined(separator: ", ")
    }

    /// The value of the first `key : value` line of a /proc/cpuinfo text.
    private static func value(of key: String, in cpuInfo: String) -> String? {
        for line in cpuInfo.split(separator: "\n") {
            let halves = line.split(separator: ":", maxSplits: 1)
            guard halves.count == 2, halves[0].trimmingCharacters(in: .whitespaces) == key else { continue }
            return halves[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}

/// What to say before comparing against a baseline recorded on `recorded` while running on
/// `current`: nil when they are the same machine.
func hostNote(recorded: HostDescription?, current: HostDescription) -> String? {
    guard let recorded else {
        return "note: the baseline does not say which machine recorded it (saved before bench recorded hosts); this machine: \(current.summary)"
    }
    guard recorded != current else { return nil }
    return "note: the baseline was recorded on another machine (\(recorded.summary)); this one is \(current.summary): times measured on different machines are not comparable"
}

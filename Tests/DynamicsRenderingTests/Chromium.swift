import Foundation

/// Headless Chromium, for tests that look at pages in a real browser.
enum Chromium {
    /// The browser's path, if one is installed.
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether the tests must run (CI sets DYNAMICS_REQUIRE_CHROMIUM=1 after installing it).
    static var isRequired: Bool { ProcessInfo.processInfo.environment["DYNAMICS_REQUIRE_CHROMIUM"] == "1" }

    /// Runs the browser headless with `arguments` and the page `url`; returns standard output.
    static func run(_ arguments: [String], url: URL) throws -> String {
        guard let path else { throw ChromiumError.missing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-profile-\(UUID().uuidString)")
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio",
                             "--user-data-dir=\(profile.path)", "--virtual-time-budget=10000"] + arguments + [url.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
        return String(decoding: data, as: UTF8.self)
    }

    /// The page's DOM after its scripts ran.
    static func dom(of url: URL) throws -> String { try run(["--dump-dom"], url: url) }

    /// A PNG screenshot of the page.
    static func screenshot(of url: URL, to file: URL, width: Int, height: Int) throws {
        _ = try run(["--screenshot=\(file.path)", "--window-size=\(width),\(height)"], url: url)
    }

    /// The text of `<pre id="…">` in a dumped DOM.
    static func pre(_ id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "<pre id=\"\(id)\">") else { return nil }
        guard let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else { return nil }
        return String(dom[start.upperBound..<end.lowerBound])
    }

    /// Probed pixels, as [[r, g, b, a]].
    static func probes(in dom: String) -> [[Int]]? {
        guard let text = pre("probe", in: dom), let data = text.data(using: .utf8) else { return nil }
        return try? JSONDecoder().decode([[Int]].self, from: data)
    }

    enum ChromiumError: Error { case missing }
}

/// A page URL with a query.
func pageURL(_ file: URL, _ query: String) -> URL {
    URL(string: file.absoluteString + "?" + query)!
}

import ArgumentParser
import DynamicsProfiles
import DynamicsRendering
import Foundation

/// `dynamics render`: one frame as SVG, or a recorded run as an HTML player.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a profile: one frame as SVG (--out x.svg) or a replayable run as HTML (--out x.html).")

    @Argument(help: "The profile file.")
    var profile: String

    @Option(help: "The output file; .svg for one frame, .html for a player.")
    var out: String

    @Option(help: "SVG: the step to draw (default: after the profile's warm-up).")
    var step: Int?

    @Option(help: "HTML: how many steps to record (default: the profile's steps, at most 600).")
    var steps: Int?

    @Option(help: "Worker threads.")
    var threads: Int = 1

    @Option(help: "Picture width in pixels.")
    var width: Double = 800

    @Flag(help: "SVG: draw the touching contact points.")
    var contacts = false

    @Flag(help: "SVG: draw field vectors.")
    var fields = false

    func validate() throws {
        guard out.hasSuffix(".svg") || out.hasSuffix(".html") else { throw ValidationError("--out must end in .svg or .html, got \(out)") }
        guard threads >= 1 && threads <= 256 else { throw ValidationError("--threads must be in 1...256, got \(threads)") }
        if let step { guard step >= 0 else { throw ValidationError("--step must be >= 0, got \(step)") } }
        if let steps { guard steps >= 1 && steps <= 100_000 else { throw ValidationError("--steps must be in 1...100000, got \(steps)") } }
        guard width >= 100 && width <= 10_000 else { throw ValidationError("--width must be in 100...10000, got \(width)") }
    }

    func run() throws {
        let scene = try loadScene(profile, threads: threads)
        let progress = Progress(enabled: isatty(STDERR_FILENO) != 0)
        let document: String
        if out.hasSuffix(".svg") {
            let target = step ?? scene.profile.warmupSteps
            for i in 0..<target {
                scene.step()
                if i % 16 == 0 { progress.show("\(scene.profile.name): step \(i + 1)/\(target)") }
            }
            var renderer = SVGRenderer(width: width)
            renderer.showContacts = contacts
            renderer.showFields = fields
            document = renderer.render(SceneSnapshot(scene.world, fieldGrid: fields ? 24 : 0))
        } else {
            let count = steps ?? min(scene.profile.steps, 600)
            var recording = Recording()
            recording.capture(scene.world, milliseconds: 0)
            let clock = ContinuousClock()
            for i in 0..<count {
                let start = clock.now
                scene.step()
                let elapsed = clock.now - start
                recording.capture(scene.world, milliseconds: elapsed / .milliseconds(1))
                if i % 16 == 0 { progress.show("\(scene.profile.name): step \(i + 1)/\(count)") }
            }
            document = HTMLPlayer(title: "\(scene.profile.name): \(count) steps", width: width).page(for: recording)
        }
        progress.clear()
        do {
            try Data(document.utf8).write(to: URL(fileURLWithPath: out))
        } catch {
            fail("cannot write \(out): \(error.localizedDescription)")
        }
        print("wrote \(out) (\(document.utf8.count / 1024) KiB)")
    }
}

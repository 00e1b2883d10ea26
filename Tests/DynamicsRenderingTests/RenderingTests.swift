import DynamicsCore
@testable import DynamicsRendering
import Foundation
import Testing

/// A small scene: a ground and a column of boxes falling onto it, plus a ball on a rope.
func fallingBoxes() throws -> World {
    var definition = WorldDefinition()
    definition.gravity = Vec2(0, -10)
    let world = try World(definition)
    let ground = try world.createBody(BodyDefinition(type: .static))
    try world.createShape(on: ground, ShapeDefinition(.segment(Vec2(-10, 0), Vec2(10, 0))))
    for i in 0..<5 {
        let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i) * 2.5 - 5, 3 + Float(i) * 1.5)))
        try world.createShape(on: body, ShapeDefinition(.box(halfWidth: 0.6, halfHeight: 0.6)))
    }
    let ball = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(6, 8)))
    try world.createShape(on: ball, ShapeDefinition(.circle(radius: 0.5)))
    try world.createDistanceJoint(DistanceJointDefinition(bodyA: ball, bodyB: nil, localAnchorA: .zero, localAnchorB: Vec2(3, 8), length: 3))
    return world
}

@Suite("Rendering: SVG frames and the HTML player, checked in headless Chromium")
struct RenderingTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dynamics-render-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Records `frames` steps of the falling boxes.
    func record(frames: Int) throws -> (Recording, World) {
        let world = try fallingBoxes()
        var recording = Recording()
        recording.capture(world, milliseconds: 0)
        for _ in 0..<frames {
            world.step(1.0 / 60)
            recording.capture(world, milliseconds: 0.1)
        }
        return (recording, world)
    }

    @Test("the SVG has every body: a polygon per box, a circle for the ball, the ground segment and the rope")
    func svgContents() throws {
        let world = try fallingBoxes()
        var renderer = SVGRenderer(width: 400)
        renderer.showContacts = true
        let svg = renderer.render(SceneSnapshot(world))
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.components(separatedBy: "<polygon").count - 1 == 5)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 1)
        #expect(svg.components(separatedBy: "<line").count - 1 == 2)
    }

    @Test("recordings round-trip: decoding the bytes as the page does gives the poses within a quantum")
    func encodingRoundTrip() throws {
        let (recording, _) = try record(frames: 90)
        let (bytes, lower, quantum) = recording.encodedPoses()
        var previous = [Int32](repeating: 0, count: recording.bodies.count * 3)
        var at = 0
        for frame in recording.frames {
            for b in 0..<frame.count {
                if bytes[at] == 0x80 {
                    at += 1
                    for c in 0..<3 {
                        previous[3 * b + c] = Int32(Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8))
                        at += 2
                    }
                } else {
                    for c in 0..<3 {
                        previous[3 * b + c] += Int32(Int8(bitPattern: bytes[at]))
                        at += 1
                    }
                    previous[3 * b + 2] = ((previous[3 * b + 2] + 2048) & 4095) - 2048
                }
                let x = (Float(previous[3 * b]) + 32500) * quantum.x + lower.x
                let y = (Float(previous[3 * b + 1]) + 32500) * quantum.y + lower.y
                #expect(abs(x - frame.poses[3 * b]) <= quantum.x && abs(y - frame.poses[3 * b + 1]) <= quantum.y)
                let angle = Float(previous[3 * b + 2]) / 4096 * 2 * .pi
                let wrapped = remainder(angle - frame.poses[3 * b + 2], 2 * .pi)
                #expect(abs(wrapped) <= .pi / 4096 + 1e-5)
            }
        }
        #expect(at == bytes.count)
    }

    @Test("the player in Chromium: no script errors, bodies drawn where the recording puts them, the picture changes",
          .enabled(if: Chromium.path != nil || Chromium.isRequired))
    func playerInChromium() throws {
        let (recording, _) = try record(frames: 120)
        let player = HTMLPlayer(title: "falling boxes", width: 600)
        let file = directory.appendingPathComponent("player.html")
        try Data(player.page(for: recording).utf8).write(to: file)
        let mapping = player.mapping(for: recording)
        var screenshots: [Data] = []
        for frame in [5, 110] {
            // Probe the centre of every box and of the ball, and an empty corner above the scene.
            var points: [(Double, Double)] = []
            let poses = recording.frames[frame].poses
            for b in 1..<recording.bodies.count {
                points.append(mapping.pixel(Vec2(poses[3 * b], poses[3 * b + 1])))
            }
            points.append((3, 3))
            let query = "frame=\(frame)&probe=" + points.map { "\(Int($0.0.rounded())),\(Int($0.1.rounded()))" }.joined(separator: ";")
            let dom = try Chromium.dom(of: pageURL(file, query))
            #expect(Chromium.pre("errors", in: dom) == "", "script errors: \(Chromium.pre("errors", in: dom) ?? "no errors element")")
            let pixels = try #require(Chromium.probes(in: dom), "no probe results in the page")
            #expect(pixels.count == points.count)
            for (i, p) in pixels.dropLast().enumerated() {
                #expect(p[0] < 250 || p[1] < 250 || p[2] < 250, "frame \(frame), body \(i + 1) at \(points[i]): \(p) is background")
            }
            #expect(pixels.last == [255, 255, 255, 255], "the empty corner should be white")
            let shot = directory.appendingPathComponent("frame-\(frame).png")
            try Chromium.screenshot(of: pageURL(file, "frame=\(frame)"), to: shot, width: 640, height: Int(mapping.height) + 200)
            screenshots.append(try Data(contentsOf: shot))
        }
        #expect(screenshots.allSatisfy { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) })
        #expect(screenshots[0] != screenshots[1], "the two points of the replay look the same")
    }

    @Test("the SVG rasterised by Chromium shows the bodies where the world has them",
          .enabled(if: Chromium.path != nil || Chromium.isRequired))
    func svgInChromium() throws {
        let world = try fallingBoxes()
        for _ in 0..<30 { world.step(1.0 / 60) }
        let renderer = SVGRenderer(width: 500)
        let snapshot = SceneSnapshot(world)
        let svg = renderer.render(snapshot)
        let mapping = renderer.mapping(for: snapshot)
        var points = snapshot.bodies.filter { $0.type == .dynamic }.map { mapping.pixel($0.position) }
        points.append((2, 2))
        let page = """
        <!DOCTYPE html><html><body><canvas id="c" width="\(Int(mapping.width))" height="\(Int(mapping.height))"></canvas>
        <pre id="errors"></pre><pre id="probe"></pre><script>
        window.addEventListener("error", e => document.getElementById("errors").textContent += e.message);
        const image = new Image();
        image.onload = () => {
          const g = document.getElementById("c").getContext("2d"); g.drawImage(image, 0, 0);
          const points = \(points.map { [Int($0.0.rounded()), Int($0.1.rounded())] });
          document.getElementById("probe").textContent = JSON.stringify(points.map(([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data)));
        };
        image.src = "data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())";
        </script></body></html>
        """
        let file = directory.appendingPathComponent("svg.html")
        try Data(page.utf8).write(to: file)
        let dom = try Chromium.dom(of: file)
        #expect(Chromium.pre("errors", in: dom) == "")
        let pixels = try #require(Chromium.probes(in: dom), "no probe results")
        for p in pixels.dropLast() { #expect(p[0] < 250 || p[1] < 250 || p[2] < 250, "\(p) is background") }
        #expect(pixels.last == [255, 255, 255, 255])
    }
}

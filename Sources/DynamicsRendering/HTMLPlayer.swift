import DynamicsCore
import Foundation

/// Writes a recording as one self-contained HTML page that replays it on a canvas: play and
/// pause, a scrub bar, speed, overlays (joints, contacts, field vectors) and a chart of the time
/// per step. The page also answers test probes: `?frame=N&probe=x,y;x,y` draws frame N and writes
/// the probed pixels' colours into `<pre id="probe">`; script errors go to `<pre id="errors">`.
public struct HTMLPlayer: Sendable {
    /// The canvas width in pixels.
    public var width: Double = 800
    /// The page's title.
    public var title: String

    /// A player page titled `title`.
    public init(title: String, width: Double = 800) {
        self.title = title
        self.width = width
    }

    /// The world-to-pixel mapping of the page's canvas for `recording` (the same as an SVG of its bounds).
    public func mapping(for recording: Recording) -> SVGRenderer.Mapping {
        var renderer = SVGRenderer(width: width)
        renderer.margin = 10
        var snapshot = SceneSnapshot.empty
        snapshot.bounds = recording.bounds
        snapshot.yUp = recording.yUp
        return renderer.mapping(for: snapshot)
    }

    /// The page.
    public func page(for recording: Recording) -> String {
        let m = mapping(for: recording)
        let (bytes, lower, quantum) = recording.encodedPoses()
        func n(_ v: Float) -> String { v.isFinite ? String(format: "%.6g", v) : "0" }
        var shapes: [String] = []
        for body in recording.bodies {
            let list = body.shapes.map { s -> String in
                switch s.kind {
                case .circle: return "[\"c\",\(n(s.center.x)),\(n(s.center.y)),\(n(s.radius))]"
                case .polygon: return "[\"p\",[" + s.vertices.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: ",") + "]]"
                case .segment: return "[\"s\",\(n(s.vertices[0].x)),\(n(s.vertices[0].y)),\(n(s.vertices[1].x)),\(n(s.vertices[1].y))]"
                }
            }
            shapes.append("[\(body.type == .static ? 0 : (body.type == .kinematic ? 1 : 2)),[\(list.joined(separator: ","))]]")
        }
        let joints = recording.joints.map { "[\($0.bodyA),\(n($0.localA.x)),\(n($0.localA.y)),\($0.bodyB),\(n($0.localB.x)),\(n($0.localB.y))]" }
        let contacts = recording.encodedContacts(lower: lower, quantum: quantum)
        let fields = recording.fieldSamples.map { "[\(n($0.0.x)),\(n($0.0.y)),\(n($0.1.x)),\(n($0.1.y))]" }
        let header = """
        {"title":\(jsonString(title)),"width":\(m.width),"height":\(m.height),"margin":10,"scale":\(m.scale),\
        "lower":[\(n(recording.bounds.lower.x)),\(n(recording.bounds.lower.y))],"upper":[\(n(recording.bounds.upper.x)),\(n(recording.bounds.upper.y))],\
        "yUp":\(recording.yUp),"qLower":[\(n(lower.x)),\(n(lower.y))],"quantum":[\(n(quantum.x)),\(n(quantum.y))],\
        "counts":[\(recording.frames.map { String($0.count) }.joined(separator: ","))],\
        "ms":[\(recording.stepMilliseconds.map { String(format: "%.3f", $0) }.joined(separator: ","))],\
        "bodies":[\(shapes.joined(separator: ","))],"joints":[\(joints.joined(separator: ","))],\
        "contactCounts":[\(contacts.counts.map(String.init).joined(separator: ","))],"fields":[\(fields.joined(separator: ","))]}
        """
        return HTMLPlayer.template
            .replacingOccurrences(of: "%TITLE%", with: escapeHTML(title))
            .replacingOccurrences(of: "%HEADER%", with: header.replacingOccurrences(of: "</", with: "<\\/"))
            .replacingOccurrences(of: "%POSES%", with: Data(bytes).base64EncodedString())
            .replacingOccurrences(of: "%CONTACTS%", with: Data(contacts.bytes).base64EncodedString())
    }

    private func jsonString(_ s: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [s])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    private func escapeHTML(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension SceneSnapshot {
    /// A snapshot of nothing, to be filled in.
    static var empty: SceneSnapshot {
        SceneSnapshot(bodies: [], joints: [], contacts: [], fieldSamples: [], bounds: AABB(lower: Vec2(-1, -1), upper: Vec2(1, 1)), yUp: true)
    }
}

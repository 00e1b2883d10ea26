import DynamicsCore
import Foundation

/// Draws a snapshot as an SVG picture: static bodies grey, sleeping bodies pale, awake ones in
/// colour; joints as lines, contacts as red dots and field vectors as arrows when asked.
public struct SVGRenderer: Sendable {
    /// The picture's width in pixels (the height follows the scene's proportions).
    public var width: Double = 800
    /// Margin around the scene, in pixels.
    public var margin: Double = 10
    /// Draw the touching contact points.
    public var showContacts = false
    /// Draw the joints.
    public var showJoints = true
    /// Draw the field vectors.
    public var showFields = false

    /// Creates a renderer.
    public init(width: Double = 800) { self.width = width }

    /// The mapping from world coordinates to pixels for a snapshot.
    public struct Mapping: Sendable {
        /// Pixels per world unit.
        public var scale: Double
        let lower: Vec2
        let upper: Vec2
        let margin: Double
        let yUp: Bool
        /// Picture size in pixels.
        public var width: Double
        /// Picture height in pixels.
        public var height: Double

        /// The pixel position of a world point.
        public func pixel(_ p: Vec2) -> (x: Double, y: Double) {
            let x = margin + (Double(p.x) - Double(lower.x)) * scale
            let y = yUp ? margin + (Double(upper.y) - Double(p.y)) * scale : margin + (Double(p.y) - Double(lower.y)) * scale
            return (x, y)
        }
    }

    /// The world-to-pixel mapping this renderer uses for `snapshot`.
    public func mapping(for snapshot: SceneSnapshot) -> Mapping {
        let size = snapshot.bounds.upper - snapshot.bounds.lower
        let scale = (width - 2 * margin) / Double(max(size.x, 1e-6))
        let height = min(Double(size.y) * scale + 2 * margin, 4 * width)
        return Mapping(scale: min(scale, (height - 2 * margin) / Double(max(size.y, 1e-6))), lower: snapshot.bounds.lower,
                       upper: snapshot.bounds.upper, margin: margin, yUp: snapshot.yUp, width: width, height: height)
    }

    /// The SVG document.
    public func render(_ snapshot: SceneSnapshot) -> String {
        let m = mapping(for: snapshot)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(m.width))\" height=\"\(fmt(m.height))\" viewBox=\"0 0 \(fmt(m.width)) \(fmt(m.height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        for body in snapshot.bodies {
            let style = Palette.style(for: body)
            let xf = Transform(position: body.position, rotation: body.rotation)
            for shape in body.shapes {
                switch shape.kind {
                case .circle:
                    let c = m.pixel(xf.apply(shape.center))
                    let r = Double(shape.radius) * m.scale
                    out += "<circle cx=\"\(fmt(c.x))\" cy=\"\(fmt(c.y))\" r=\"\(fmt(max(r, 0.5)))\" \(style)/>\n"
                case .polygon:
                    let points = shape.vertices.map { m.pixel(xf.apply($0)) }.map { "\(fmt($0.x)),\(fmt($0.y))" }.joined(separator: " ")
                    out += "<polygon points=\"\(points)\" \(style)/>\n"
                case .segment:
                    let a = m.pixel(xf.apply(shape.vertices[0])), b = m.pixel(xf.apply(shape.vertices[1]))
                    out += "<line x1=\"\(fmt(a.x))\" y1=\"\(fmt(a.y))\" x2=\"\(fmt(b.x))\" y2=\"\(fmt(b.y))\" stroke=\"\(Palette.boundary)\" stroke-width=\"2\"/>\n"
                }
            }
        }
        if showJoints {
            for (a, b) in snapshot.joints {
                let p = m.pixel(a), q = m.pixel(b)
                out += "<line x1=\"\(fmt(p.x))\" y1=\"\(fmt(p.y))\" x2=\"\(fmt(q.x))\" y2=\"\(fmt(q.y))\" stroke=\"\(Palette.joint)\" stroke-width=\"1\"/>\n"
            }
        }
        if showContacts {
            for c in snapshot.contacts {
                let p = m.pixel(c)
                out += "<circle cx=\"\(fmt(p.x))\" cy=\"\(fmt(p.y))\" r=\"1.5\" fill=\"\(Palette.contact)\"/>\n"
            }
        }
        if showFields && !snapshot.fieldSamples.isEmpty {
            let longest = snapshot.fieldSamples.map { Double($0.1.length) }.max() ?? 1
            let cell = m.width / (Double(snapshot.fieldSamples.count).squareRoot() + 1)
            for (point, a) in snapshot.fieldSamples where a.length > 0 {
                let p = m.pixel(point)
                let k = 0.8 * cell / max(longest, 1e-9)
                let dx = Double(a.x) * k, dy = (snapshot.yUp ? -1 : 1) * Double(a.y) * k
                out += "<line x1=\"\(fmt(p.x))\" y1=\"\(fmt(p.y))\" x2=\"\(fmt(p.x + dx))\" y2=\"\(fmt(p.y + dy))\" stroke=\"\(Palette.field)\" stroke-width=\"1\"/>\n"
            }
        }
        out += "</svg>\n"
        return out
    }

    private func fmt(_ v: Double) -> String { String(format: "%.2f", v) }
}

/// The colours of the pictures and the player.
enum Palette {
    static let boundary = "#444444"
    static let joint = "#2a7ab0"
    static let contact = "#d62728"
    static let field = "#9467bd"
    static let staticFill = "#9a9a9a"
    static let sleepingFill = "#c8d8e8"
    static let awakeFill = "#f0a030"

    static func style(for body: SceneSnapshot.Body) -> String {
        let fill = body.type == .static ? staticFill : (body.isAwake ? awakeFill : sleepingFill)
        return "fill=\"\(fill)\" stroke=\"#333333\" stroke-width=\"0.5\""
    }
}

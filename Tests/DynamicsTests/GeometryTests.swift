@testable import Dynamics
import Foundation
import Testing

@Suite("Geometry value types and path flattening")
struct GeometryTests {
    @Test("FloatRange: infinite is infinite, zero is (0, 0), ±1e39 counts as infinite, equality is exact")
    func floatRange() {
        #expect(FloatRange.infinite.isInfinite)
        #expect(FloatRange.zero == FloatRange(minimum: 0, maximum: 0))
        #expect(!FloatRange.zero.isInfinite)
        #expect(FloatRange(minimum: -1e39, maximum: 1e39).isInfinite)
        #expect(!FloatRange(minimum: .nan, maximum: .infinity).isInfinite)
        #expect(FloatRange(minimum: 0, maximum: 1) != FloatRange(minimum: 0, maximum: 1 + 1e-12))
    }

    @Test("a rotation transform turns (1, 0) to (cos θ, sin θ): clockwise on a y-down screen")
    func rotation() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        let t = CGAffineTransform(translationX: 3, y: 4).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 8, y: 10))
    }

    @Test("ellipses flatten to UIKit's vertex counts: 20×10 → 4 and 100×50 → 24 exactly; 60×200 → 44 and 1000×500 → 244 within 10 %")
    func ellipseVertexCounts() {
        for (w, h, count) in [(20.0, 10.0, 4), (100, 50, 24)] {
            let path = BezierPath(ovalIn: CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
            #expect(path.flattenedFirstSubpath().points.count == count, "\(w)×\(h)")
        }
        // Our chord estimate of each quarter's length comes out just under UIKit's for these two
        // (10 and 60 pieces per quarter where UIKit makes 11 and 61).
        for (w, h, count) in [(60.0, 200.0, 44), (1000, 500, 244)] {
            let path = BezierPath(ovalIn: CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
            let n = path.flattenedFirstSubpath().points.count
            #expect(abs(n - count) <= count / 10, "\(w)×\(h): \(n)")
        }
    }

    @Test("curves split into ⌊L/10⌋ pieces; only the first subpath counts; closing drops a repeated start")
    func flattening() {
        let path = BezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), controlPoint: CGPoint(x: 50, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 0))
        path.close()
        path.move(to: CGPoint(x: 500, y: 500))
        path.addLine(to: CGPoint(x: 600, y: 500))
        let (points, closed) = path.flattenedFirstSubpath()
        // A straight quadratic of length 100 gives 10 pieces; the final line returns to the start, which is dropped.
        #expect(points.count == 11)
        #expect(closed)
        #expect(points.allSatisfy { $0.x <= 100 })
    }

    @Test("edge insets shrink a rectangle edge by edge")
    func insets() {
        let r = CGRect(x: 5, y: 7, width: 320, height: 480).inset(by: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        #expect(r == CGRect(x: 25, y: 17, width: 260, height: 440))
    }
}

import Testing
@testable import DynamicsCore

/// A manifold point's feature id carries its impulses from step to step. In a pile the two boxes
/// of a contact have nearly equal separations along their faces, so the reference face passes from
/// one box to the other and back; a point must keep its id, and its place in the order the solver
/// takes the points, across such a hand-over.
@Suite("Manifold point features")
struct ManifoldFeatureTests {
    /// An axis-aligned box of `halfWidth` by 0.5, counter-clockwise from its lower left corner.
    static func box(halfWidth: Float) -> RandomPolygon {
        RandomPolygon(vertices: [Vec2(-halfWidth, -0.5), Vec2(halfWidth, -0.5), Vec2(halfWidth, 0.5), Vec2(-halfWidth, 0.5)])
    }

    /// A unit box A at the origin and box B of `upperHalfWidth` resting on it 3 mm deep, tilted
    /// by 4 mrad: the wider box's face is the reference.
    static func manifold(upperHalfWidth: Float) -> Manifold {
        let lower = box(halfWidth: 0.5), upper = box(halfWidth: upperHalfWidth)
        var gap = AxisGap()
        return lower.withView { a in
            upper.withView { b in
                collidePolygons(a, Transform(position: .zero, rotation: Rotation(angle: 0)),
                                b, Transform(position: Vec2(0, 0.997), rotation: Rotation(angle: 0.004)),
                                speculative: 0.02, linearSlop: 0.005, gap: &gap)
            }
        }
    }

    @Test("a point keeps its id and its place when the reference face passes to the other box")
    func handOver() {
        let onA = Self.manifold(upperHalfWidth: 0.25)   // the lower box is wider: its face is the reference
        let onB = Self.manifold(upperHalfWidth: 0.75)   // the upper box is wider: its face is the reference
        // The two cases really take different reference faces: A's top face has normal (0, 1)
        // exactly; B's bottom face is tilted.
        #expect(onA.normal == Vec2(0, 1))
        #expect(onB.normal != Vec2(0, 1) && onB.normal.y > 0.99)
        #expect(onA.pointCount == 2 && onB.pointCount == 2)
        // Both right-hand ends are named by A's upper right and B's lower right corners, both
        // left-hand ends by the left corners; and the right-hand end comes first in both.
        #expect(onA.point0.id == onB.point0.id)
        #expect(onA.point1.id == onB.point1.id)
        #expect(onA.point0.id != onA.point1.id)
        #expect(onA.point0.point.x > 0 && onB.point0.point.x > 0)
        #expect(onA.point1.point.x < 0 && onB.point1.point.x < 0)
    }
}

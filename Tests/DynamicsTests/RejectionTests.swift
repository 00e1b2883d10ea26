import Dynamics
import Foundation
import Testing

@Suite("Refused calls name the argument and the rule; the animator keeps working")
struct RejectionTests {
    init() { DynamicsUsageError.isLoggingEnabled = false }

    /// An animator with one falling item, to check that a refusal loses nothing.
    func busyAnimator() -> (DynamicAnimator, Box) {
        let item = Box(center: .zero)
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        return (animator, item)
    }

    func expectStillWorking(_ animator: DynamicAnimator, _ item: Box) {
        let y = item.center.y
        run(animator, seconds: 0.2)
        #expect(item.center.y > y + 10)
    }

    @Test("a zero-size item gets no body; the others keep falling")
    func zeroSize() {
        let (animator, item) = busyAnimator()
        let flat = Box(center: .zero, size: CGSize(width: 0, height: 10))
        animator.addBehavior(GravityBehavior(items: [flat]))
        animator.step(by: 1.0 / 60)
        #expect(animator.lastUsageError?.argument == "item.bounds.size")
        #expect(flat.center == .zero)
        expectStillWorking(animator, item)
    }

    @Test("invalid bounding paths: missing, concave, not centred; each named")
    func badPaths() {
        let (animator, item) = busyAnimator()
        let missing = Box(center: .zero)
        missing.collisionBoundsType = .path
        animator.addBehavior(CollisionBehavior(items: [missing]))
        animator.step(by: 1.0 / 60)
        #expect(animator.lastUsageError?.argument == "item.collisionBoundingPath")
        #expect(animator.lastUsageError?.rule.contains("must be provided") == true)

        let concave = Box(center: .zero)
        let path = BezierPath()
        path.move(to: CGPoint(x: -20, y: -20))
        for (x, y) in [(20.0, -20.0), (5, 0), (20, 20), (-20, 20)] { path.addLine(to: CGPoint(x: x, y: y)) }
        path.close()
        concave.collisionBoundsType = .path
        concave.collisionBoundingPath = path
        animator.addBehavior(CollisionBehavior(items: [concave]))
        animator.step(by: 1.0 / 60)
        #expect(animator.lastUsageError?.rule.contains("convex") == true)

        let offCentre = Box(center: .zero)
        offCentre.collisionBoundsType = .path
        offCentre.collisionBoundingPath = BezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
        animator.addBehavior(CollisionBehavior(items: [offCentre]))
        animator.step(by: 1.0 / 60)
        #expect(animator.lastUsageError?.rule.contains("centred") == true)
        expectStillWorking(animator, item)
    }

    @Test("items of the wrong kind: a view outside the reference view, layout attributes in a view animator, a view in a layout animator")
    func wrongKinds() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let inside = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(inside)
        let stranger = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let animator = DynamicAnimator(referenceView: root)
        animator.addBehavior(GravityBehavior(items: [inside]))
        animator.addBehavior(GravityBehavior(items: [stranger]))
        animator.step(by: 1.0 / 60)
        #expect(animator.lastUsageError?.rule.contains("descendant of the reference view") == true)
        let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.size = CGSize(width: 10, height: 10)
        animator.addBehavior(GravityBehavior(items: [attributes]))
        animator.step(by: 1.0 / 60)
        #expect(animator.lastUsageError?.rule.contains("layout attributes") == true)
        run(animator, seconds: 0.3)
        #expect(inside.center.y > 40)
        #expect(stranger.center.y == 20)

        let layoutAnimator = DynamicAnimator(collectionViewLayout: CollectionViewLayout())
        layoutAnimator.addBehavior(GravityBehavior(items: [View(frame: CGRect(x: 0, y: 0, width: 5, height: 5))]))
        layoutAnimator.step(by: 1.0 / 60)
        #expect(layoutAnimator.lastUsageError?.rule.contains("Can't use a view") == true)
    }

    @Test("NaN and negative parameters are refused and the old value kept")
    func badNumbers() {
        let (animator, item) = busyAnimator()
        let settings = DynamicItemBehavior(items: [item])
        animator.addBehavior(settings)
        settings.density = -1
        #expect(settings.density == 1 && settings.lastUsageError?.argument == "density")
        settings.elasticity = .nan
        #expect(settings.elasticity == 0.2 && settings.lastUsageError?.argument == "elasticity")
        let gravity = GravityBehavior(items: [])
        gravity.gravityDirection = CGVector(dx: .infinity, dy: 0)
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1) && gravity.lastUsageError?.argument == "gravityDirection")
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 10, y: 10))
        snap.damping = -0.5
        #expect(snap.damping == 0.5)
        animator.step(by: .nan)
        #expect(animator.lastUsageError?.argument == "frameDuration")
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "dot", from: CGPoint(x: 1, y: 1), to: CGPoint(x: 1, y: 1))
        #expect(collision.boundaryIdentifiers == nil && collision.lastUsageError?.rule.contains("invalid path") == true)
        collision.addBoundary(withIdentifier: "empty", for: BezierPath())
        #expect(collision.boundaryIdentifiers == nil)
        expectStillWorking(animator, item)
    }

    @Test("a display scale that is not finite and above 0 is refused; views stay on the kept scale's pixels")
    func badDisplayScale() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = View(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        root.addSubview(view)
        let animator = DynamicAnimator(referenceView: root)
        animator.addBehavior(GravityBehavior(items: [view]))
        animator.displayScale = 3
        for bad: CGFloat in [0, -2, .nan, .infinity] {
            animator.displayScale = bad
            #expect(animator.displayScale == 3 && animator.lastUsageError?.argument == "displayScale", "\(bad)")
        }
        for _ in 0..<20 { animator.step(by: 1.0 / 60) }
        // Falling since the first frame, on thirds of a point.
        let y = view.center.y
        #expect(y.isFinite && y > 101)
        #expect(abs(3 * y - (3 * y).rounded()) < 1e-9, "\(y)")
    }
}

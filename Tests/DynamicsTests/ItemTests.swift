import Dynamics
import Foundation
import Testing

@Suite("Items: item behaviors, groups, views and layout attributes")
struct ItemTests {
    @Test("a behavior's items keep the order added, once each: duplicates in the list or added again are ignored, a removed item added again goes last")
    func itemListMembership() {
        let a = Box(center: .zero), b = Box(center: .zero), c = Box(center: .zero)
        let gravity = GravityBehavior(items: [a, b, a, c, b])
        #expect(gravity.items.map { ObjectIdentifier($0) } == [a, b, c].map { ObjectIdentifier($0) })
        gravity.addItem(b)
        #expect(gravity.items.count == 3)
        gravity.removeItem(a)
        gravity.removeItem(a)
        #expect(gravity.items.map { ObjectIdentifier($0) } == [b, c].map { ObjectIdentifier($0) })
        gravity.addItem(a)
        #expect(gravity.items.map { ObjectIdentifier($0) } == [b, c, a].map { ObjectIdentifier($0) })
        // Twenty thousand distinct items, then all of them again: each is kept once, in order.
        let many = (0..<20_000).map { _ in Box(center: .zero) }
        let collision = CollisionBehavior(items: many + many)
        for item in many { collision.addItem(item) }
        #expect(collision.items.count == many.count)
        #expect(collision.items.first === many.first && collision.items.last === many.last)
    }

    @Test("item behavior defaults (UIKit's measured ones) and the last setter in depth-first order wins")
    func itemBehaviorResolution() {
        let settings = DynamicItemBehavior(items: [])
        #expect(settings.elasticity == 0.2 && settings.friction == 0.2 && settings.density == 1)
        #expect(settings.resistance == 0.1 && settings.angularResistance == 0.1)
        #expect(settings.allowsRotation && settings.charge == 0 && !settings.isAnchored)

        // Two behaviors set density; a composite holds the second: depth first, the child comes after the first.
        let item = Box(center: .zero)
        let first = DynamicItemBehavior(items: [item])
        first.density = 4
        first.resistance = 0
        let second = DynamicItemBehavior(items: [item])
        second.density = 2
        let parent = DynamicBehavior()
        parent.addChildBehavior(second)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 1
        let animator = DynamicAnimator()
        for b in [first, parent, push] { animator.addBehavior(b) }
        animator.step(by: 1.0 / 60)
        // 1 N·s on 2 kg: 50 pt/s.
        #expect(abs(first.linearVelocity(for: item).x - 50) < 1e-3)
    }

    @Test("velocities added before the behavior is in an animator accumulate and apply once it is")
    func pendingVelocity() {
        let item = Box(center: .zero)
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        settings.addLinearVelocity(CGPoint(x: 10, y: 0), for: item)
        settings.addLinearVelocity(CGPoint(x: 20, y: 5), for: item)
        #expect(settings.linearVelocity(for: item) == .zero)
        let animator = DynamicAnimator()
        animator.addBehavior(settings)
        animator.step(by: 1.0 / 60)
        let v = settings.linearVelocity(for: item)
        #expect(abs(v.x - 30) < 1e-3 && abs(v.y - 5) < 1e-3)
    }

    /// A plain item turning at 2 rad/s without resistance: in half a second its transform turns
    /// by 1 rad, and it stays a pure rotation (written from the body's cosine and sine).
    @Test("a plain item's transform is a pure rotation by the angle its body turned")
    func plainItemTransform() {
        let item = Box(center: .zero)
        let settings = DynamicItemBehavior(items: [item])
        settings.angularResistance = 0
        settings.addAngularVelocity(2, for: item)
        let animator = DynamicAnimator()
        animator.addBehavior(settings)
        run(animator, seconds: 0.25)
        let before = atan2(item.transform.b, item.transform.a)
        run(animator, seconds: 0.5)
        let t = item.transform
        #expect(abs(atan2(t.b, t.a) - before - 1) < 1e-4, "turned \(atan2(t.b, t.a) - before) rad in 0.5 s")
        #expect(t.c == -t.b && t.d == t.a && t.tx == 0 && t.ty == 0)
        #expect(abs(t.a * t.a + t.b * t.b - 1) < 1e-6)
    }

    @Test("an anchored item stays put and stops others like a wall")
    func anchored() {
        let wall = Box(center: CGPoint(x: 0, y: 200), size: CGSize(width: 400, height: 20))
        let ball = Box(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
        ball.collisionBoundsType = .ellipse
        let animator = DynamicAnimator()
        let settings = DynamicItemBehavior(items: [wall])
        settings.isAnchored = true
        settings.addLinearVelocity(CGPoint(x: 100, y: 0), for: wall)
        animator.addBehavior(settings)
        animator.addBehavior(CollisionBehavior(items: [wall, ball]))
        animator.addBehavior(GravityBehavior(items: [wall, ball]))
        run(animator, seconds: 2)
        #expect(wall.center == CGPoint(x: 0, y: 200))
        #expect(abs(ball.center.y - 170) < 2)
    }

    @Test("a group is one rigid body with one shape per member: an L of two boxes lands on both and moves its members")
    func groups() {
        let a = Box(center: CGPoint(x: 0, y: 0), size: CGSize(width: 100, height: 20))
        let b = Box(center: CGPoint(x: 40, y: -40), size: CGSize(width: 20, height: 60))
        let group = DynamicItemGroup(items: [a, b])
        #expect(group.center == CGPoint(x: 0, y: -30))
        #expect(group.bounds.size == CGSize(width: 100, height: 80))
        let animator = DynamicAnimator()
        let collision = CollisionBehavior(items: [group])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -500, y: 100), to: CGPoint(x: 500, y: 100))
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [group]))
        run(animator, seconds: 2)
        // The group rests with member a's bottom on the floor; b keeps its offset from a.
        #expect(abs(a.center.y - 90) < 2)
        #expect(abs((b.center.x - a.center.x) - 40) < 1 && abs((b.center.y - a.center.y) + 40) < 1)
    }

    @Test("nested views animate in the reference view's coordinates and are written back in their superview's")
    func nestedViews() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let container = View(frame: CGRect(x: 100, y: 100, width: 300, height: 300))
        let view = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        root.addSubview(container)
        container.addSubview(view)
        let animator = DynamicAnimator(referenceView: root)
        let snap = SnapBehavior(item: view, snapTo: CGPoint(x: 250, y: 250))
        animator.addBehavior(snap)
        run(animator, seconds: 4)
        // (250, 250) in the root is (150, 150) in the container.
        #expect(abs(view.center.x - 150) <= 1 && abs(view.center.y - 150) <= 1)
    }

    @Test("a view moved to another superview mid-animation is written back in the new one's coordinates, and in the reference view's once its superview is gone")
    func reparentedView() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        var container: View? = View(frame: CGRect(x: 100, y: 100, width: 300, height: 300))
        let view = View(frame: CGRect(x: 170, y: 170, width: 50, height: 50))
        root.addSubview(container!)
        root.addSubview(view)
        let animator = DynamicAnimator(referenceView: root)
        let snap = SnapBehavior(item: view, snapTo: CGPoint(x: 250, y: 250))
        animator.addBehavior(snap)
        run(animator, seconds: 0.1)
        // Into the container while moving; its origin is at (100, 100) of the root, so the snap
        // point is (150, 150) there.
        container!.addSubview(view)
        run(animator, seconds: 3)
        #expect(abs(view.center.x - 150) <= 1 && abs(view.center.y - 150) <= 1)
        // The container leaves the root and is freed: the view has no superview, and its pose is
        // written as it is in the reference view.
        container!.removeFromSuperview()
        weak let freed = container
        container = nil
        #expect(freed == nil && view.superview == nil)
        snap.snapPoint = CGPoint(x: 270, y: 260)
        run(animator, seconds: 3)
        #expect(abs(view.center.x - 270) <= 1 && abs(view.center.y - 260) <= 1)
    }

    @Test("a layout animator moves attributes, invalidates the layout every frame and finds attributes by index path")
    func layout() {
        let layout = CollectionViewLayout()
        layout.collectionViewContentSize = CGSize(width: 320, height: 1000)
        let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        attributes.frame = CGRect(x: 10, y: 10, width: 300, height: 44)
        let animator = DynamicAnimator(collectionViewLayout: layout)
        let collision = CollisionBehavior(items: [attributes])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [attributes]))
        run(animator, seconds: 2)
        #expect(layout.invalidationCount >= 100)
        #expect(abs(attributes.center.y - (1001 - 22)) < 2)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 3, section: 0)) === attributes)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 4, section: 0)) == nil)
        #expect(animator.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 3, section: 0)) == nil)
    }

    @Test("an ellipse of equal axes rolls like a circle; a centred convex path works as a shape")
    func shapes() {
        let ball = Box(center: CGPoint(x: 0, y: 0), size: CGSize(width: 50, height: 50))
        ball.collisionBoundsType = .ellipse
        let triangle = Box(center: CGPoint(x: 200, y: 0), size: CGSize(width: 60, height: 60))
        let path = BezierPath()
        path.move(to: CGPoint(x: -30, y: 30))
        path.addLine(to: CGPoint(x: 30, y: 30))
        path.addLine(to: CGPoint(x: 0, y: -30))
        path.close()
        triangle.collisionBoundsType = .path
        triangle.collisionBoundingPath = path
        let animator = DynamicAnimator()
        let collision = CollisionBehavior(items: [ball, triangle])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -500, y: 100), to: CGPoint(x: 500, y: 100))
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [ball, triangle]))
        run(animator, seconds: 2)
        #expect(abs(ball.center.y - 75) < 2)
        #expect(abs(triangle.center.y - 70) < 2)
        #expect(animator.lastUsageError == nil)
    }
}

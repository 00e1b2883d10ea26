import Dynamics
import Foundation
import Testing

@Suite("Attachments and snap")
struct AttachmentTests {
    @Test("defaults: damping 0, frequency 0, frictionTorque 0, range infinite; length from the initial geometry; anchor type")
    func defaults() {
        let item = Box(center: CGPoint(x: 0, y: 100))
        let rod = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 0, y: 0))
        #expect(rod.damping == 0 && rod.frequency == 0 && rod.frictionTorque == 0)
        #expect(rod.attachmentRange.isInfinite)
        #expect(rod.length == 100)
        #expect(rod.attachedBehaviorType == .anchor)
        #expect(rod.anchorPoint == .zero)
        let pair = AttachmentBehavior(item: item, attachedTo: Box(center: CGPoint(x: 30, y: 140)))
        #expect(pair.attachedBehaviorType == .items && pair.length == 50)
    }

    @Test("a rod pendulum of 200 pt swings with period 2π√(L/g) within 1 %")
    func pendulum() {
        let bob = Box(center: CGPoint(x: 200, y: 0), size: CGSize(width: 10, height: 10))
        let animator = DynamicAnimator()
        let settings = DynamicItemBehavior(items: [bob])
        settings.resistance = 0
        settings.angularResistance = 0
        settings.allowsRotation = false
        animator.addBehavior(settings)
        animator.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: .zero))
        animator.addBehavior(GravityBehavior(items: [bob]))
        // Released horizontally (a 90° swing): T = 4√(L/g)·K(sin 45°) = 1.18034 · 2π√(L/g).
        let small = 2 * Double.pi * (200.0 / 1000).squareRoot()
        let expected = small * 1.180341
        var crossings: [Double] = []
        var previousX = bob.center.x
        var time = 0.0
        while crossings.count < 3 && time < 10 {
            animator.step(by: 1.0 / 60)
            time += 1.0 / 60
            let x = bob.center.x
            if (previousX > 0) != (x > 0) {
                crossings.append(time - 1.0 / 60 + (1.0 / 60) * Double(abs(previousX) / abs(previousX - x)))
            }
            previousX = x
            #expect(abs(hypot(bob.center.x, bob.center.y) - 200) < 2)
        }
        #expect(crossings.count == 3)
        let period = crossings[2] - crossings[0]
        #expect(abs(period - expected) / expected < 0.01, "period \(period) vs \(expected)")
    }

    @Test("a spring attachment at 2 Hz with no damping oscillates at 2 Hz")
    func spring() {
        let anchor = CGPoint(x: 0, y: 0)
        let item = Box(center: CGPoint(x: 150, y: 0))
        let animator = DynamicAnimator()
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        settings.allowsRotation = false
        animator.addBehavior(settings)
        let spring = AttachmentBehavior(item: item, attachedToAnchor: anchor)
        spring.length = 100
        spring.frequency = 2
        animator.addBehavior(spring)
        var peaks: [Double] = []
        var xs: [CGFloat] = []
        for frame in 0..<240 {
            animator.step(by: 1.0 / 60)
            xs.append(item.center.x)
            if xs.count >= 3, xs[xs.count - 2] > xs[xs.count - 3], xs[xs.count - 2] >= xs[xs.count - 1] {
                peaks.append(Double(frame - 1) / 60)
            }
        }
        #expect(peaks.count >= 3)
        let period = (peaks[2] - peaks[0]) / 2
        #expect(abs(period - 0.5) < 0.02, "period \(period)")
    }

    @Test("snap: default damping 0.5; the item settles on the snap point with rotation 0")
    func snap() {
        let item = Box(center: CGPoint(x: 0, y: 0), size: CGSize(width: 80, height: 40))
        item.transform = CGAffineTransform(rotationAngle: 0.7)
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 200))
        #expect(snap.damping == 0.5)
        let animator = DynamicAnimator()
        animator.addBehavior(snap)
        run(animator, seconds: 4)
        #expect(hypot(item.center.x - 300, item.center.y - 200) < 1)
        #expect(abs(atan2(item.transform.b, item.transform.a)) < 0.01)
        snap.snapPoint = CGPoint(x: -100, y: 0)
        run(animator, seconds: 4)
        #expect(hypot(item.center.x + 100, item.center.y) < 1)
    }

    @Test("a sliding attachment with a zero range does not move; with an infinite one it slides along its axis only")
    func sliding() {
        let fixed = Box(center: .zero)
        let free = Box(center: CGPoint(x: 500, y: 0))
        let animator = DynamicAnimator()
        let lock = AttachmentBehavior.slidingAttachment(with: fixed, attachmentAnchor: .zero, axisOfTranslation: CGVector(dx: 1, dy: 1))
        lock.attachmentRange = .zero
        let rail = AttachmentBehavior.slidingAttachment(with: free, attachmentAnchor: CGPoint(x: 500, y: 0), axisOfTranslation: CGVector(dx: 3, dy: 3))
        animator.addBehavior(lock)
        animator.addBehavior(rail)
        animator.addBehavior(GravityBehavior(items: [fixed, free]))
        run(animator, seconds: 1)
        #expect(hypot(fixed.center.x, fixed.center.y) < 1)
        #expect(free.center.y > 100)
        #expect(abs((free.center.x - 500) - free.center.y) < 1)
        #expect(abs(atan2(free.transform.b, free.transform.a)) < 0.01)
        lock.attachmentRange = FloatRange(minimum: 1, maximum: 2)
        #expect(lock.lastUsageError?.argument == "attachmentRange")
        #expect(lock.attachmentRange == .zero)
    }

    @Test("a limit attachment lets items come closer but not part; a fixed one keeps them rigid")
    func limitAndFixed() {
        let a = Box(center: CGPoint(x: 0, y: 0), size: CGSize(width: 20, height: 20))
        let b = Box(center: CGPoint(x: 100, y: 0), size: CGSize(width: 20, height: 20))
        let animator = DynamicAnimator()
        let rope = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        #expect(rope.length == 100)
        let anchorA = AttachmentBehavior(item: a, attachedToAnchor: CGPoint(x: 0, y: -50))
        animator.addBehavior(rope)
        animator.addBehavior(anchorA)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        run(animator, seconds: 3)
        #expect(hypot(b.center.x - a.center.x, b.center.y - a.center.y) < 101)

        let c = Box(center: CGPoint(x: 0, y: 0), size: CGSize(width: 20, height: 20))
        let d = Box(center: CGPoint(x: 60, y: 0), size: CGSize(width: 20, height: 20))
        let other = DynamicAnimator()
        other.addBehavior(AttachmentBehavior.fixedAttachment(with: c, attachedTo: d, attachmentAnchor: CGPoint(x: 30, y: 0)))
        other.addBehavior(AttachmentBehavior(item: c, attachedToAnchor: CGPoint(x: -50, y: 0)))
        other.addBehavior(GravityBehavior(items: [c, d]))
        run(other, seconds: 2)
        #expect(abs(hypot(d.center.x - c.center.x, d.center.y - c.center.y) - 60) < 1)
        let angleC = atan2(c.transform.b, c.transform.a), angleD = atan2(d.transform.b, d.transform.a)
        #expect(abs(angleC - angleD) < 0.01)
    }

    @Test("a pin attachment to an anchored item: the other item turns about the anchor at a constant distance")
    func pin() {
        let a = Box(center: CGPoint(x: -50, y: 0), size: CGSize(width: 20, height: 20))
        let b = Box(center: CGPoint(x: 50, y: 0), size: CGSize(width: 20, height: 20))
        let animator = DynamicAnimator()
        let anchored = DynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: .zero))
        animator.addBehavior(GravityBehavior(items: [a, b]))
        var maxError: CGFloat = 0
        for _ in 0..<120 {
            animator.step(by: 1.0 / 60)
            maxError = max(maxError, abs(hypot(b.center.x, b.center.y) - 50))
        }
        #expect(maxError < 1)
        #expect(b.center.y > 20)
        #expect(a.center == CGPoint(x: -50, y: 0))
        // The pin turns b with it: its angle follows the arm's.
        let arm = atan2(b.center.y, b.center.x)
        #expect(abs(atan2(b.transform.b, b.transform.a) - arm) < 0.02)
    }
}

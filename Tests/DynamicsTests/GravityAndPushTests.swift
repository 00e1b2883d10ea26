import Dynamics
import Foundation
import Testing

@Suite("Gravity and push: UIKit's units")
struct GravityAndPushTests {
    /// An animator with one item under `behaviors`, with resistance 0 so that motion is undamped.
    func undamped(_ item: Box, _ behaviors: [DynamicBehavior]) -> DynamicAnimator {
        let animator = DynamicAnimator()
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        settings.angularResistance = 0
        animator.addBehavior(settings)
        for b in behaviors { animator.addBehavior(b) }
        return animator
    }

    @Test("gravity defaults: direction (0, 1), angle π/2, magnitude 1; magnitude 0 gives (0, 0) and angle 0")
    func gravityDefaults() {
        let gravity = GravityBehavior(items: [])
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(gravity.angle == .pi / 2)
        #expect(gravity.magnitude == 1)
        gravity.gravityDirection = CGVector(dx: 3, dy: 4)
        #expect(gravity.magnitude == 5)
        gravity.setAngle(atan2(4, 3), magnitude: 2)
        #expect(abs(gravity.gravityDirection.dx - 1.2) < 1e-6 && abs(gravity.gravityDirection.dy - 1.6) < 1e-6)
        gravity.magnitude = 0
        #expect(gravity.gravityDirection == .zero)
        #expect(gravity.angle == 0)
    }

    @Test("free fall under magnitude 1 follows ½·1000·t² within the sub-step discretisation, for any mass")
    func freeFall() {
        for density in [1.0, 7.0] {
            let item = Box(center: .zero)
            let animator = undamped(item, [GravityBehavior(items: [item])])
            let settings = DynamicItemBehavior(items: [item])
            settings.density = density
            animator.addBehavior(settings)
            run(animator, seconds: 1)
            // 60 frames of 1/60 s run 119 sub-steps of 1/120 s (the first frame runs one, as in UIKit).
            let t = 119 * DynamicAnimator.subStep
            let expected = 0.5 * 1000 * t * t
            let v = settings.linearVelocity(for: item)
            #expect(abs(item.center.y - expected) <= 1000 * (t / 240) / 2 + 0.01, "density \(density): y \(item.center.y) vs \(expected)")
            #expect(abs(v.y - 1000 * t) < 0.5)
            #expect(item.center.x == 0)
        }
    }

    @Test("push defaults: magnitude 0, angle 0, direction (0, 0); (3, 4) is angle 0.9273 magnitude 5; magnitude 0 keeps the angle")
    func pushDefaults() {
        let push = PushBehavior(items: [], mode: .continuous)
        #expect(push.magnitude == 0 && push.angle == 0 && push.pushDirection == .zero && push.active)
        push.pushDirection = CGVector(dx: 3, dy: 4)
        #expect(abs(push.angle - 0.927295218) < 1e-6 && push.magnitude == 5)
        push.magnitude = 0
        #expect(push.pushDirection == .zero && abs(push.angle - 0.927295218) < 1e-6)
        #expect(push.targetOffsetFromCenter(for: Box(center: .zero)) == .zero)
    }

    @Test("a continuous push of 1 UIKit newton accelerates 100×100 at density 1 by 100 pt/s², 100×200 by 50")
    func continuousPush() {
        for (height, acceleration) in [(100.0, 100.0), (200.0, 50.0)] {
            let item = Box(center: .zero, size: CGSize(width: 100, height: height))
            let push = PushBehavior(items: [item], mode: .continuous)
            push.pushDirection = CGVector(dx: 1, dy: 0)
            let animator = undamped(item, [push])
            run(animator, seconds: 1)
            let t = 119 * DynamicAnimator.subStep
            let v = DynamicItemBehavior(items: [item])
            animator.addBehavior(v)
            #expect(abs(v.linearVelocity(for: item).x - acceleration * t) < 0.01 * acceleration)
            #expect(abs(item.center.y) < 1e-3)
        }
    }

    @Test("pushes held by a composite behavior act as those added directly, and stop when it is removed")
    func pushesInComposite() {
        // 100×100 at density 1: 1 kg. A continuous 1 N along x and an instantaneous 1 N·s along y.
        let item = Box(center: .zero, size: CGSize(width: 100, height: 100))
        let steady = PushBehavior(items: [item], mode: .continuous)
        steady.pushDirection = CGVector(dx: 1, dy: 0)
        let kick = PushBehavior(items: [item], mode: .instantaneous)
        kick.pushDirection = CGVector(dx: 0, dy: 1)
        let inner = DynamicBehavior(), outer = DynamicBehavior()
        inner.addChildBehavior(steady)
        inner.addChildBehavior(kick)
        outer.addChildBehavior(inner)
        let animator = undamped(item, [outer])
        let probe = DynamicItemBehavior(items: [item])
        animator.addBehavior(probe)
        run(animator, seconds: 1)
        let t = 120 * DynamicAnimator.subStep
        #expect(abs(probe.linearVelocity(for: item).x - 100 * t) < 1, "\(probe.linearVelocity(for: item))")
        #expect(abs(probe.linearVelocity(for: item).y - 100) < 1e-3 && !kick.active)
        animator.removeBehavior(outer)
        let before = probe.linearVelocity(for: item)
        run(animator, seconds: 0.5)
        #expect(abs(probe.linearVelocity(for: item).x - before.x) < 1e-3)
    }

    @Test("an instantaneous push of 1 N·s gives a 1 kg item 100 pt/s once, then turns inactive")
    func instantaneousPush() {
        let item = Box(center: .zero)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 1
        let animator = undamped(item, [push])
        let probe = DynamicItemBehavior(items: [item])
        animator.addBehavior(probe)
        animator.step(by: 1.0 / 60)
        #expect(!push.active)
        #expect(abs(probe.linearVelocity(for: item).x - 100) < 1e-3)
        run(animator, seconds: 0.5)
        #expect(abs(probe.linearVelocity(for: item).x - 100) < 1e-3)
        push.active = true
        animator.step(by: 1.0 / 60)
        #expect(abs(probe.linearVelocity(for: item).x - 200) < 1e-3)
    }

    @Test("a push at an offset (in the animator's axes) also spins the item: Δω = 3 rad/s for (0, 1) at (50, 0)")
    func offsetPush() {
        let item = Box(center: .zero)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        push.setTargetOffsetFromCenter(Offset(horizontal: 50, vertical: 0), for: item)
        let animator = undamped(item, [push])
        let probe = DynamicItemBehavior(items: [item])
        animator.addBehavior(probe)
        animator.step(by: 1.0 / 60)
        // I = m (w² + h²) / 12 = 1/6 kg·m²; the impulse's arm is 0.5 m: Δω = 0.5 / (1/6) = 3 rad/s.
        #expect(abs(probe.angularVelocity(for: item) - 3) < 1e-3)
    }
}

import Dispatch
import Foundation
import Testing
import UIKitCompatibility

/// iOS-style code, as it would be written against UIKit, compiled against the UI-prefixed aliases.
final class FallingCardController: UICollisionBehaviorDelegate {
    let referenceView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let card = UIView(frame: CGRect(x: 110, y: 40, width: 100, height: 60))
    var animator: UIDynamicAnimator!
    var landed = false

    func start() {
        referenceView.addSubview(card)
        animator = UIDynamicAnimator(referenceView: referenceView)
        let gravity = UIGravityBehavior(items: [card])
        gravity.magnitude = 1.0
        let collision = UICollisionBehavior(items: [card])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = self
        let itemBehavior = UIDynamicItemBehavior(items: [card])
        itemBehavior.elasticity = 0.3
        let push = UIPushBehavior(items: [card], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0.2, dy: 0)
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(itemBehavior)
        animator.addBehavior(push)
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) {
        landed = true
    }
}

@Suite("UIKit names and the real-time driver")
struct CompatibilityTests {
    @Test("code written with UIKit's names runs unchanged: the card lands on the reference bounds")
    func uikitNames() {
        let controller = FallingCardController()
        controller.start()
        run(controller.animator, seconds: 3)
        #expect(controller.landed)
        #expect(abs(controller.card.center.y - (481 - 30)) < 2)
    }

    @Test("a real-time driver steps the animator while it runs and stops when it pauses")
    func realTimeDriver() async throws {
        let queue = DispatchQueue(label: "animator")
        final class Holder: @unchecked Sendable {
            var animator: DynamicAnimator?
            var item: Box?
        }
        let holder = Holder()
        queue.sync {
            let animator = DynamicAnimator()
            let item = Box(center: .zero)
            animator.realTimeDriver = RealTimeDriver(framesPerSecond: 120, queue: queue)
            animator.addBehavior(DynamicItemBehavior(items: [item]))
            holder.animator = animator
            holder.item = item
        }
        #expect(queue.sync { holder.animator!.realTimeDriver!.isActive })
        // An item at rest with no forces: the animator pauses after about half a second of frames.
        try await Task.sleep(for: .milliseconds(1500))
        queue.sync {
            #expect(holder.animator!.elapsedTime > 0.4)
            #expect(!holder.animator!.isRunning)
            #expect(!holder.animator!.realTimeDriver!.isActive)
        }
    }

    @Test("a group inside a group stops with a message naming the argument")
    func groupInGroup() async {
        await #expect(processExitsWith: .failure) {
            let inner = DynamicItemGroup(items: [Box(center: .zero)])
            _ = DynamicItemGroup(items: [Box(center: .zero), inner])
        }
    }
}

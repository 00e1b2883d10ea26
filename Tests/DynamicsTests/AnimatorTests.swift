import Dynamics
import Foundation
import Testing

/// Counts pause and resume calls.
final class PauseLog: DynamicAnimatorDelegate {
    var events: [String] = []
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { events.append("pause") }
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { events.append("resume") }
}

@Suite("The animator: time, pausing, the hierarchy")
struct AnimatorTests {
    @Test("elapsedTime sums the frames given; a frame over 0.5 s counts as 1/60 s")
    func elapsedTime() {
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [Box(center: .zero)]))
        for _ in 0..<4 { animator.step(by: 1.0 / 60) }
        #expect(abs(animator.elapsedTime - 4.0 / 60) < 1e-12)
        animator.step(by: 2)
        #expect(abs(animator.elapsedTime - 5.0 / 60) < 1e-12)
    }

    @Test("an item resting on a boundary lets the animator pause; a change resumes it; the delegate hears both")
    func pauseAndResume() {
        let item = Box(center: CGPoint(x: 0, y: 0))
        let animator = DynamicAnimator()
        let log = PauseLog()
        animator.delegate = log
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -500, y: 50), to: CGPoint(x: 500, y: 50))
        let gravity = GravityBehavior(items: [item])
        animator.addBehavior(collision)
        animator.addBehavior(gravity)
        #expect(animator.isRunning)
        #expect(log.events == ["resume"])
        var frames = 0
        while animator.isRunning && frames < 600 { animator.step(by: 1.0 / 60); frames += 1 }
        #expect(!animator.isRunning)
        #expect(frames > 30 && frames < 120)
        #expect(log.events == ["resume", "pause"])
        let y = item.center.y
        animator.step(by: 1.0 / 60)
        #expect(item.center.y == y)
        gravity.angle = .pi / 2 + 0.3
        #expect(animator.isRunning)
        #expect(log.events == ["resume", "pause", "resume"])
    }

    @Test("an item only in an item behavior comes to rest and the animator pauses after about half a second")
    func restWithoutForces() {
        let item = Box(center: .zero)
        let animator = DynamicAnimator()
        animator.addBehavior(DynamicItemBehavior(items: [item]))
        var frames = 0
        while animator.isRunning && frames < 600 { animator.step(by: 1.0 / 60); frames += 1 }
        #expect(frames >= 30 && frames <= 32)
    }

    @Test("a behavior appears once: added again at the top it is ignored, elsewhere it is refused and nothing is lost")
    func hierarchyRules() {
        let animator = DynamicAnimator()
        let parent = DynamicBehavior()
        let child = GravityBehavior(items: [Box(center: .zero)])
        parent.addChildBehavior(child)
        animator.addBehavior(parent)
        animator.addBehavior(parent)
        #expect(animator.behaviors.count == 1)
        animator.addBehavior(child)
        #expect(animator.behaviors.count == 1)
        #expect(animator.lastUsageError?.argument == "behavior")
        #expect(child.dynamicAnimator === animator)
        // A concrete behavior cannot have children.
        child.addChildBehavior(DynamicBehavior())
        #expect(child.childBehaviors.isEmpty)
        // Another animator cannot take it either.
        let other = DynamicAnimator()
        other.addBehavior(parent)
        #expect(other.behaviors.isEmpty && other.lastUsageError != nil)
        animator.removeBehavior(parent)
        #expect(child.dynamicAnimator == nil && parent.dynamicAnimator == nil)
        other.addBehavior(parent)
        #expect(other.behaviors.count == 1)
    }

    @Test("willMove(to:) sees the animator already set; composites run their children and actions")
    func composites() {
        final class Probe: DynamicBehavior {
            var seen: [Bool] = []
            override func willMove(to dynamicAnimator: DynamicAnimator?) {
                seen.append(dynamicAnimator != nil && self.dynamicAnimator === dynamicAnimator)
            }
        }
        let item = Box(center: .zero)
        let probe = Probe()
        probe.addChildBehavior(GravityBehavior(items: [item]))
        var actions = 0
        probe.action = { actions += 1 }
        let animator = DynamicAnimator()
        animator.addBehavior(probe)
        run(animator, seconds: 0.5)
        #expect(probe.seen == [true])
        #expect(actions == 30)
        #expect(item.center.y > 100)
        animator.removeAllBehaviors()
        #expect(probe.seen == [true, false])
        #expect(animator.behaviors.isEmpty)
    }

    @Test("updateItem(usingCurrentState:) teleports the body and keeps its velocity")
    func updateItem() {
        let item = Box(center: .zero)
        let animator = DynamicAnimator()
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        settings.addLinearVelocity(CGPoint(x: 120, y: 0), for: item)
        animator.addBehavior(settings)
        run(animator, seconds: 0.5)
        item.center = CGPoint(x: 1000, y: 1000)
        animator.updateItem(usingCurrentState: item)
        animator.step(by: 1.0 / 60)
        #expect(item.center.x > 1000 && item.center.x < 1003 && item.center.y == 1000)
        #expect(abs(settings.linearVelocity(for: item).x - 120) < 1e-3)
    }

    @Test("an item's setter that removes every behavior mid write-back: the frame ends, the change waits for the next sync")
    func behaviorsRemovedDuringWriteBack() {
        let items = [WatchedBox(center: CGPoint(x: 0, y: 0)), WatchedBox(center: CGPoint(x: 500, y: 0))]
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: items))
        let everywhere = CGRect(x: -1000, y: -1000, width: 3000, height: 3000)
        var heldDuringWriteBack: [Int] = []
        for item in items {
            item.onMove = {
                // Only the first written item: the behaviors go, and a query that syncs is asked.
                guard heldDuringWriteBack.isEmpty else { return }
                animator.removeAllBehaviors()
                heldDuringWriteBack.append(animator.items(in: everywhere).count)
            }
        }
        animator.step(by: 1.0 / 60)
        #expect(heldDuringWriteBack == [2], "the bodies stay until the write-back is over")
        #expect(items.allSatisfy { $0.center.y > 0 }, "both items were written back")
        #expect(!animator.isRunning, "no behaviors left: the animator paused")
        let centers = items.map(\.center)
        #expect(animator.items(in: everywhere).isEmpty)
        animator.step(by: 1.0 / 60)
        #expect(items.map(\.center) == centers)
    }
}

/// A plain item that calls `onMove` whenever its center is set.
final class WatchedBox: DynamicItem {
    var center: CGPoint { didSet { onMove?() } }
    let bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    var transform: CGAffineTransform = .identity
    var onMove: (() -> Void)?

    init(center: CGPoint) { self.center = center }
}

import Foundation
import Testing
@testable import Dynamics
import DynamicsCore

/// An item setter that steps its animator again while the animator writes poses back: the
/// nested frames may put bodies to sleep, so fewer are awake when the outer write-back goes on.
@Suite("A setter that steps its animator again")
struct ReentrantWriteBackTests {
    /// 40 views resting on the floor of a 400 × 300 pt reference view and, first of the items, a
    /// view falling onto them whose `center` setter, at its third write, steps the animator 600
    /// frames (it pauses once everything sleeps, after about a second); on two threads, with
    /// poses prepared from `preparedMinimum` awake bodies, for ten frames.
    func run(preparedMinimum: Int) -> (views: [View], animator: DynamicAnimator, root: View) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let stepper = SteppingView(frame: CGRect(x: 196, y: 150, width: 10, height: 10))
        stepper.stepAtFrame = 3
        stepper.nestedFrames = 600
        var views: [View] = [stepper]
        for i in 0..<40 { views.append(View(frame: CGRect(x: 4 + CGFloat(i) * 9.8, y: 292, width: 8, height: 8))) }
        for view in views { root.addSubview(view) }
        let animator = DynamicAnimator(referenceView: root, workerCount: 2)
        animator.preparedPoseMinimum = preparedMinimum
        stepper.animator = animator
        let collision = CollisionBehavior(items: views)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: views))
        for _ in 0..<10 { animator.step(by: 1.0 / 60) }
        return (views, animator, root)
    }

    @Test("until every body sleeps: the outer write-back stops, and every view shows its body's final pose",
          arguments: [16, Int.max])
    func untilAsleep(preparedMinimum: Int) {
        let (views, animator, root) = run(preparedMinimum: preparedMinimum)
        defer { withExtendedLifetime(root) {} }
        #expect(animator.elapsedTime > 0.5, "the setter never stepped the animator")
        #expect(animator.world.awakeBodyCount == 0 && !animator.isRunning, "the pile never fell asleep")
        #expect(views[0].center.y > 250, "the falling view never landed: \(views[0].center.y)")
        for view in views {
            guard let record = animator.itemBodies[ObjectIdentifier(view)] else {
                Issue.record("a view lost its body")
                continue
            }
            let position = animator.world.position(of: record.body)
            let angle = DynamicAnimator.roundedAngle(CGFloat(animator.world.angle(of: record.body)))
            #expect(view.center == CGPoint(x: DynamicAnimator.pixelRounded(CGFloat(position.x), scale: animator.displayScale),
                                           y: DynamicAnimator.pixelRounded(CGFloat(position.y), scale: animator.displayScale)))
            #expect(view.transform == CGAffineTransform(rotationAngle: angle))
        }
    }

    @Test("the views end the same with poses prepared on the world's threads as one by one")
    func preparedAsOneByOne() {
        let prepared = run(preparedMinimum: 16), oneByOne = run(preparedMinimum: .max)
        defer { withExtendedLifetime((prepared.root, oneByOne.root)) {} }
        for (a, b) in zip(prepared.views, oneByOne.views) {
            #expect(a.center == b.center && a.transform == b.transform)
        }
    }
}

/// Bodies falling asleep are written back in a list of their own, which a nested step replaces.
@Suite("A setter that steps its animator again while sleeping bodies are written back")
struct ReentrantSleepWriteBackTests {
    @Test("the bodies after it in the list are written from their poses after the nested frames")
    func restOfTheList() {
        let animator = DynamicAnimator(workerCount: 2)
        let stepper = SleepSteppingBox(center: CGPoint(x: 20, y: 289))
        var boxes: [any DynamicItem] = [stepper]
        for i in 1..<10 { boxes.append(Box(center: CGPoint(x: 20 + CGFloat(i) * 30, y: 289), size: CGSize(width: 20, height: 20))) }
        let pushed = boxes[9]
        stepper.animator = animator
        stepper.pushed = pushed
        let collision = CollisionBehavior(items: boxes)
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -100, y: 300), to: CGPoint(x: 500, y: 300))
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: boxes))
        let restingCenter = pushed.center
        for _ in 0..<300 where !stepper.fired { animator.step(by: 1.0 / 60) }
        #expect(stepper.fired, "the boxes never fell asleep")
        #expect(pushed.center != restingCenter, "the pushed box never moved")
        for box in boxes {
            guard let record = animator.itemBodies[ObjectIdentifier(box)] else {
                Issue.record("a box lost its body")
                continue
            }
            let position = animator.world.position(of: record.body), rotation = animator.world.rotation(of: record.body)
            #expect(box.center == CGPoint(x: CGFloat(position.x), y: CGFloat(position.y)))
            #expect(box.transform.a == CGFloat(rotation.cosine) && box.transform.b == CGFloat(rotation.sine))
        }
    }
}

/// A plain 20 × 20 pt item whose `center` setter, the first time it is written while its body
/// sleeps (by the write-back of the bodies that fell asleep), pushes `pushed` up and steps the
/// animator five frames.
final class SleepSteppingBox: DynamicItem {
    var center: CGPoint {
        didSet {
            guard !fired, let animator, let record = animator.itemBodies[ObjectIdentifier(self)],
                  !animator.world.isAwake(record.body) else { return }
            fired = true
            if let pushed, let other = animator.itemBodies[ObjectIdentifier(pushed)] {
                try? animator.world.applyLinearImpulse(Vec2(0, -0.05), at: animator.world.position(of: other.body), to: other.body)
            }
            for _ in 0..<5 { animator.step(by: 1.0 / 60) }
        }
    }
    var bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    var transform: CGAffineTransform = .identity
    weak var animator: DynamicAnimator?
    var pushed: (any DynamicItem)?
    private(set) var fired = false

    init(center: CGPoint) { self.center = center }
}

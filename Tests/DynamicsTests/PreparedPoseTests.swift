import Foundation
import Testing
@testable import Dynamics

/// The write-back's poses prepared on the world's threads (`DynamicAnimator.prepareViewPoses`)
/// set every item exactly as the poses worked out one by one do.
@Suite("Write-back poses prepared on the world's threads")
struct PreparedPoseTests {
    /// A pile falling in a 600 × 900 pt reference view on two threads: `count` views, every third
    /// of them in a container that is turned and moved, so written back in its coordinates (with
    /// `views` false, plain items in an animator without a reference view, in the same places).
    /// The animator prepares poses from `preparedMinimum` awake bodies. The reference view comes
    /// back too: the animator holds it weakly.
    func pile(count: Int, preparedMinimum: Int, views: Bool = true)
        -> (animator: DynamicAnimator, items: [any DynamicItem], root: View) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 600, height: 900))
        let container = View(frame: CGRect(x: 40, y: 60, width: 500, height: 700))
        container.transform = CGAffineTransform(rotationAngle: 0.3)
        root.addSubview(container)
        var items: [any DynamicItem] = []
        for i in 0..<count {
            let size = CGFloat(14 + (i * 7) % 19)
            let frame = CGRect(x: CGFloat(20 + (i * 37) % 540), y: CGFloat(20 + (i * 53) % 500), width: size, height: size * 0.75)
            if views {
                let view = View(frame: frame)
                if i % 3 == 0 { container.addSubview(view) } else { root.addSubview(view) }
                items.append(view)
            } else {
                items.append(Box(center: CGPoint(x: frame.midX, y: frame.midY), size: frame.size))
            }
        }
        let animator = views ? DynamicAnimator(referenceView: root, workerCount: 2) : DynamicAnimator(workerCount: 2)
        animator.preparedPoseMinimum = preparedMinimum
        animator.displayScale = 3
        let collision = CollisionBehavior(items: items)
        if views {
            collision.translatesReferenceBoundsIntoBoundary = true
        } else {
            collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -100, y: 900), to: CGPoint(x: 700, y: 900))
        }
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        return (animator, items, root)
    }

    @Test("views in the reference view and in a turned container end with the same bits either way")
    func sameAsOneByOne() {
        let prepared = pile(count: 240, preparedMinimum: 16)
        let oneByOne = pile(count: 240, preparedMinimum: .max)
        defer { withExtendedLifetime((prepared.root, oneByOne.root)) {} }
        var preparedFrames = 0
        for _ in 0..<90 {
            prepared.animator.step(by: 1.0 / 60)
            oneByOne.animator.step(by: 1.0 / 60)
            if prepared.animator.world.awakeBodyCount >= 16 { preparedFrames += 1 }
        }
        #expect(prepared.animator.lastUsageError == nil && oneByOne.animator.lastUsageError == nil)
        #expect(preparedFrames >= 60, "the pile fell asleep early: \(preparedFrames) frames prepared")
        var turned = 0, moved = 0
        for (a, b) in zip(prepared.items, oneByOne.items) {
            #expect(a.center == b.center && a.transform == b.transform,
                    "prepared \(a.center) \(a.transform) against one by one \(b.center) \(b.transform)")
            if a.transform != .identity { turned += 1 }
            if a.center.y > 600 { moved += 1 }
        }
        // The comparison means something: the items fell onto the floor and turned as they landed.
        #expect(moved > 100, "only \(moved) items fell to the bottom third")
        #expect(turned > 20, "only \(turned) items were turned")
    }

    @Test("below the count, on one thread, or for plain items, the poses are worked out one by one")
    func preparedOnlyWhereItPays() {
        let small = pile(count: 40, preparedMinimum: 64)
        defer { withExtendedLifetime(small.root) {} }
        small.animator.step(by: 1.0 / 60)
        #expect(!small.animator.prepareViewPoses())
        small.animator.preparedPoseMinimum = 16
        #expect(small.animator.prepareViewPoses())
        let oneThread = DynamicAnimator(referenceView: small.root, workerCount: 1)
        oneThread.preparedPoseMinimum = 0
        #expect(!oneThread.prepareViewPoses())
        let plain = pile(count: 40, preparedMinimum: 16, views: false)
        plain.animator.step(by: 1.0 / 60)
        #expect(plain.animator.world.awakeBodyCount >= 16 && !plain.animator.prepareViewPoses())
    }

    @Test("a view whose setter steps the animator again mid write-back: the rest of the loop gets the new poses, as one by one")
    func setterStepsAgain() {
        let prepared = pile(count: 120, preparedMinimum: 16)
        let oneByOne = pile(count: 120, preparedMinimum: .max)
        defer { withExtendedLifetime((prepared.root, oneByOne.root)) {} }
        for run in [prepared, oneByOne] {
            let stepper = SteppingView(frame: CGRect(x: 300, y: 40, width: 20, height: 20))
            run.root.addSubview(stepper)
            stepper.animator = run.animator
            stepper.stepAtFrame = 30
            run.animator.behaviors.compactMap { $0 as? CollisionBehavior }.first?.addItem(stepper)
            run.animator.behaviors.compactMap { $0 as? GravityBehavior }.first?.addItem(stepper)
        }
        for _ in 0..<45 {
            prepared.animator.step(by: 1.0 / 60)
            oneByOne.animator.step(by: 1.0 / 60)
        }
        #expect(prepared.animator.elapsedTime == oneByOne.animator.elapsedTime)
        #expect(prepared.animator.elapsedTime > 45.5 / 60, "the setter never stepped the animator")
        for (a, b) in zip(prepared.items, oneByOne.items) {
            #expect(a.center == b.center && a.transform == b.transform)
        }
    }
}

/// A view whose `center` setter steps its animator `nestedFrames` more frames of 1/60 s, at the
/// `stepAtFrame`-th write.
final class SteppingView: View {
    weak var animator: DynamicAnimator?
    var stepAtFrame = 0
    var nestedFrames = 1
    private var writes = 0

    override var center: CGPoint {
        didSet {
            writes += 1
            if writes == stepAtFrame { for _ in 0..<nestedFrames { animator?.step(by: 1.0 / 60) } }
        }
    }
}

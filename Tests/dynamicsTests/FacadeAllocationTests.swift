import Dynamics
import Foundation
import Testing
@testable import dynamics

@Suite("The facade allocates nothing per frame in the steady state")
struct FacadeAllocationTests {
    // Release builds only (`swift test -c release`): a debug build boxes closures and generics
    // on the heap, so it allocates where the optimised code does not.
    #if os(Linux) && !DEBUG
    @Test("views in a tilting box with collisions and a delegate-free collision behavior: 0 allocations per frame",
          .enabled(if: AllocationCount.isAvailable))
    func viewsInABox() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        var views: [View] = []
        for i in 0..<300 {
            let view = View(frame: CGRect(x: Double(i % 20) * 19 + 10, y: Double(i / 20) * 19 + 10, width: 12, height: 10))
            root.addSubview(view)
            views.append(view)
        }
        let animator = DynamicAnimator(referenceView: root)
        let collision = CollisionBehavior(items: views)
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior(items: views)
        animator.addBehavior(collision)
        animator.addBehavior(gravity)
        var time = 0.0
        func frame() {
            time += 1.0 / 60
            gravity.angle = .pi / 2 + 0.6 * sin(0.5 * time)
            animator.step(by: 1.0 / 60)
        }
        for _ in 0..<240 { frame() }
        let before = AllocationCount.thread
        for _ in 0..<60 { frame() }
        let allocations = AllocationCount.thread - before
        #expect(animator.isRunning)
        #expect(allocations == 0, "\(allocations) allocations in 60 frames")
    }
    #endif
}

import Dynamics
import Foundation
import Testing

@Suite("The springy list (Messages-style layout attributes on springs)")
struct SpringyListTests {
    @Test("rows hung on length-0 springs follow a scroll, settle back on their anchors and let the animator pause")
    func settlesAndPauses() {
        let layout = CollectionViewLayout()
        layout.collectionViewContentSize = CGSize(width: 320, height: 50 * 44)
        let animator = DynamicAnimator(collectionViewLayout: layout)
        let log = PauseLog()
        animator.delegate = log
        var rows: [(CollectionViewLayoutAttributes, AttachmentBehavior)] = []
        for i in 0..<50 {
            let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
            attributes.frame = CGRect(x: 0, y: Double(i) * 44, width: 320, height: 40)
            let spring = AttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
            spring.length = 0
            spring.damping = 0.8
            spring.frequency = 1
            animator.addBehavior(spring)
            rows.append((attributes, spring))
        }
        let settings = DynamicItemBehavior(items: rows.map(\.0))
        settings.allowsRotation = false
        animator.addBehavior(settings)
        // A scroll of 40 pt: every anchor moves; the rows must follow.
        for (_, spring) in rows { spring.anchorPoint.y += 40 }
        run(animator, seconds: 0.5)
        #expect(rows.allSatisfy { $0.0.center.y > $0.1.anchorPoint.y - 40 + 10 })
        var frames = 0
        while animator.isRunning && frames < 60 * 20 { animator.step(by: 1.0 / 60); frames += 1 }
        #expect(!animator.isRunning, "still running after 20 s")
        #expect(log.events.last == "pause")
        for (attributes, spring) in rows {
            #expect(abs(attributes.center.y - spring.anchorPoint.y) <= 1)
            #expect(attributes.center.x == 160)
        }
    }
}

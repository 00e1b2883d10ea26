import Dynamics
import Foundation
import Testing

@Suite("Field behaviors: UIKit's accelerations (spec §12.2), regions, decisions")
struct FieldTests {
    /// The acceleration (pt/s²) a field gives a 100 × 100 item at (300, 400) (field at the origin)
    /// over one 1/120 s sub-step, with the item's density, charge and initial velocity.
    func acceleration(_ field: FieldBehavior, density: CGFloat = 1, charge: CGFloat = 0,
                      velocity: CGPoint = .zero, at center: CGPoint = CGPoint(x: 300, y: 400)) -> CGPoint {
        let item = Box(center: center)
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        settings.density = density
        settings.charge = charge
        settings.addLinearVelocity(velocity, for: item)
        field.addItem(item)
        let animator = DynamicAnimator()
        animator.addBehavior(settings)
        animator.addBehavior(field)
        animator.step(by: DynamicAnimator.subStep)
        let v = settings.linearVelocity(for: item)
        return CGPoint(x: (v.x - velocity.x) / DynamicAnimator.subStep, y: (v.y - velocity.y) / DynamicAnimator.subStep)
    }

    func expectClose(_ a: CGPoint, _ b: CGPoint, _ label: String, tolerance: CGFloat = 0.005) {
        let scale = max(1, hypot(b.x, b.y))
        #expect(hypot(a.x - b.x, a.y - b.y) <= tolerance * scale, "\(label): \(a) vs \(b)")
    }

    @Test("defaults: strength 1, region infinite, falloff per kind (radial 2, spring −1, electric and magnetic 1, others 0)")
    func defaults() {
        #expect(FieldBehavior.vortexField().strength == 1)
        #expect(FieldBehavior.vortexField().region.contains(CGPoint(x: 1e9, y: -1e9)))
        #expect(FieldBehavior.radialGravityField(position: .zero).falloff == 2)
        #expect(FieldBehavior.springField().falloff == -1)
        #expect(FieldBehavior.electricField().falloff == 1 && FieldBehavior.magneticField().falloff == 1)
        #expect(FieldBehavior.dragField().falloff == 0 && FieldBehavior.vortexField().falloff == 0)
        #expect(FieldBehavior.dragField().minimumRadius > 0 && FieldBehavior.dragField().minimumRadius < 0.01)
        let noise = FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 2)
        #expect(noise.smoothness == 0.3 && noise.animationSpeed == 2)
        let drag = FieldBehavior.dragField()
        drag.smoothness = 0.5
        #expect(drag.smoothness == 0)
    }

    @Test("linear gravity (3, 4): (300, 400) for every mass; strength 2 with falloff 1: (120, 160)")
    func linearGravity() {
        for m in [1.0, 2.0, 3.0] {
            expectClose(acceleration(.linearGravityField(direction: CGVector(dx: 3, dy: 4)), density: m), CGPoint(x: 300, y: 400), "m \(m)")
        }
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 3, dy: 4))
        field.strength = 2
        field.falloff = 1
        expectClose(acceleration(field), CGPoint(x: 120, y: 160), "S 2 k 1")
    }

    @Test("radial gravity: −(2.4, 3.2) for any mass; strength 2, falloff 1, minimum radius 1000 pt: −(12, 16)")
    func radialGravity() {
        expectClose(acceleration(.radialGravityField(position: .zero)), CGPoint(x: -2.4, y: -3.2), "m 1")
        expectClose(acceleration(.radialGravityField(position: .zero), density: 3), CGPoint(x: -2.4, y: -3.2), "m 3")
        let field = FieldBehavior.radialGravityField(position: .zero)
        field.strength = 2
        field.falloff = 1
        field.minimumRadius = 1000
        expectClose(acceleration(field), CGPoint(x: -12, y: -16), "S 2 k 1 rmin 10 m")
    }

    @Test("electric: q 2 gives (24, 32), m 3 divides by 3, no charge no force")
    func electric() {
        expectClose(acceleration(.electricField(), charge: 2), CGPoint(x: 24, y: 32), "q 2")
        expectClose(acceleration(.electricField(), density: 3, charge: 2), CGPoint(x: 8, y: 10.6667), "m 3")
        expectClose(acceleration(.electricField(), charge: 0), .zero, "q 0")
    }

    @Test("magnetic at v = (100, 0) pt/s: (0, −20) for q 1; proportional to charge as documented (D4): (0, −40) for q 2")
    func magnetic() {
        let v = CGPoint(x: 100, y: 0)
        expectClose(acceleration(.magneticField(), charge: 1, velocity: v), CGPoint(x: 0, y: -20), "q 1")
        expectClose(acceleration(.magneticField(), charge: 2, velocity: v), CGPoint(x: 0, y: -40), "q 2")
        expectClose(acceleration(.magneticField(), charge: -1, velocity: v), CGPoint(x: 0, y: 20), "q −1")
        expectClose(acceleration(.magneticField(), density: 3, charge: 1, velocity: v), CGPoint(x: 0, y: -6.6667), "m 3")
    }

    @Test("spring: −(300, 400), a third of it for m 3 (period ∝ √m)")
    func spring() {
        expectClose(acceleration(.springField()), CGPoint(x: -300, y: -400), "m 1")
        expectClose(acceleration(.springField(), density: 3), CGPoint(x: -100, y: -133.333), "m 3")
    }

    @Test("vortex: (−80, 60), the same for every mass as documented (D5); strength 2, falloff 1, minimum radius 10 m: (−16, 12)")
    func vortex() {
        expectClose(acceleration(.vortexField()), CGPoint(x: -80, y: 60), "m 1")
        expectClose(acceleration(.vortexField(), density: 3), CGPoint(x: -80, y: 60), "m 3")
        let field = FieldBehavior.vortexField()
        field.strength = 2
        field.falloff = 1
        field.minimumRadius = 1000
        expectClose(acceleration(field), CGPoint(x: -16, y: 12), "S 2 k 1")
    }

    @Test("drag, quadratic in speed: v (100, 0) gives (−100, 0); m 3 at 200 pt/s gives (−133.3, 0); moving with the medium, none")
    func drag() {
        expectClose(acceleration(.dragField(), velocity: CGPoint(x: 100, y: 0)), CGPoint(x: -100, y: 0), "1 m/s", tolerance: 0.02)
        expectClose(acceleration(.dragField(), density: 3, velocity: CGPoint(x: 200, y: 0)), CGPoint(x: -133.333, y: 0), "m 3", tolerance: 0.02)
        let withMedium = FieldBehavior.dragField()
        withMedium.direction = CGVector(dx: 1, dy: 0)
        expectClose(acceleration(withMedium, velocity: CGPoint(x: 100, y: 0)), .zero, "medium")
    }

    @Test("a custom block returning (1, 0) N: (100, 0) for 1 kg, (33.3, 0) for 3 kg whatever the strength; it sees animator coordinates")
    func custom() {
        var seen: [CGPoint] = []
        let field = FieldBehavior.field { _, position, _, _, _, _ in
            seen.append(position)
            return CGVector(dx: 1, dy: 0)
        }
        expectClose(acceleration(field), CGPoint(x: 100, y: 0), "m 1")
        #expect(abs(seen[0].x - 300) < 0.01 && abs(seen[0].y - 400) < 0.01)
        let stronger = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 1, dy: 0) }
        stronger.strength = 2
        expectClose(acceleration(stronger, density: 3), CGPoint(x: 33.333, y: 0), "S 2 m 3")
    }

    @Test("a velocity field sets the velocity (30, 40) m/s = (3000, 4000) pt/s, overriding gravity")
    func velocityField() {
        let item = Box(center: .zero)
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        let field = FieldBehavior.velocityField(direction: CGVector(dx: 30, dy: 40))
        field.addItem(item)
        let animator = DynamicAnimator()
        animator.addBehavior(settings)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(field)
        animator.step(by: DynamicAnimator.subStep)
        let v = settings.linearVelocity(for: item)
        #expect(abs(v.x - 3000) < 1e-2 && abs(v.y - 4000) < 1e-2)
    }

    @Test("noise: animated, the same acceleration for every mass (D14), none at strength 0")
    func noise() {
        let a1 = acceleration(.noiseField(smoothness: 0.5, animationSpeed: 1), at: CGPoint(x: 37, y: 91))
        let a3 = acceleration(.noiseField(smoothness: 0.5, animationSpeed: 1), density: 3, at: CGPoint(x: 37, y: 91))
        #expect(hypot(a1.x, a1.y) > 1)
        expectClose(a1, a3, "mass")
        let silent = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        silent.strength = 0
        expectClose(acceleration(silent, at: CGPoint(x: 37, y: 91)), .zero, "S 0")
        // The field changes over time: an item held still sees different forces a second apart.
        let item = Box(center: CGPoint(x: 37, y: 91))
        let field = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        field.addItem(item)
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        let animator = DynamicAnimator()
        animator.addBehavior(settings)
        animator.addBehavior(field)
        var samples: [CGPoint] = []
        for _ in 0..<3 {
            let before = settings.linearVelocity(for: item)
            animator.step(by: DynamicAnimator.subStep)
            let after = settings.linearVelocity(for: item)
            samples.append(CGPoint(x: after.x - before.x, y: after.y - before.y))
            item.center = CGPoint(x: 37, y: 91)
            animator.updateItem(usingCurrentState: item)
            run(animator, seconds: 1)
        }
        #expect(hypot(samples[0].x - samples[1].x, samples[0].y - samples[1].y) > 1e-3)
    }

    @Test("regions: an item outside is untouched; removing the field mid-run stops its force")
    func regionAndRemoval() {
        let inside = Box(center: CGPoint(x: 50, y: 0)), outside = Box(center: CGPoint(x: 500, y: 0))
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 10))
        field.region = Region(radius: 200)
        field.addItem(inside)
        field.addItem(outside)
        let settings = DynamicItemBehavior(items: [inside, outside])
        settings.resistance = 0
        let animator = DynamicAnimator()
        animator.addBehavior(settings)
        animator.addBehavior(field)
        run(animator, seconds: 0.1)
        #expect(inside.center.y > 1)
        #expect(outside.center == CGPoint(x: 500, y: 0))
        animator.removeBehavior(field)
        let v = settings.linearVelocity(for: inside)
        run(animator, seconds: 0.1)
        let after = settings.linearVelocity(for: inside)
        #expect(abs(after.y - v.y) < 1e-3)
    }

    @Test("fields sum; anchored items stay; more than UIKit's 32 fields work")
    func sumsAnchorsAndCount() {
        let item = Box(center: CGPoint(x: 300, y: 400))
        let anchored = Box(center: CGPoint(x: -300, y: 400))
        let settings = DynamicItemBehavior(items: [item])
        settings.resistance = 0
        let pin = DynamicItemBehavior(items: [anchored])
        pin.isAnchored = true
        let animator = DynamicAnimator()
        animator.addBehavior(settings)
        animator.addBehavior(pin)
        for _ in 0..<40 {
            let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0.1, dy: 0))
            field.addItem(item)
            field.addItem(anchored)
            animator.addBehavior(field)
        }
        animator.step(by: DynamicAnimator.subStep)
        let v = settings.linearVelocity(for: item)
        #expect(abs(v.x / DynamicAnimator.subStep - 400) < 2)
        #expect(anchored.center == CGPoint(x: -300, y: 400))
        #expect(animator.lastUsageError == nil)
    }

    @Test("an orbit in radial gravity plus a vortex spirals to a bounded circle and keeps going for 60 s")
    func orbit() {
        let item = Box(center: CGPoint(x: 300, y: 0), size: CGSize(width: 10, height: 10))
        let gravity = FieldBehavior.radialGravityField(position: .zero)
        gravity.strength = 5
        gravity.falloff = 1
        let vortex = FieldBehavior.vortexField()
        vortex.strength = 0.2
        vortex.falloff = 1
        for f in [gravity, vortex] { f.addItem(item) }
        let animator = DynamicAnimator()
        animator.addBehavior(gravity)
        animator.addBehavior(vortex)
        var radii: [CGFloat] = []
        var angles: [CGFloat] = []
        for frame in 0..<3600 {
            animator.step(by: 1.0 / 60)
            if frame >= 3000 {
                radii.append(hypot(item.center.x, item.center.y))
                angles.append(atan2(item.center.y, item.center.x))
            }
        }
        // Damping 0.1/s against the vortex: circular where v = 0.2/(0.1 r) and v²/r = 5/r, r ≈ 89 pt.
        #expect(radii.allSatisfy { $0 > 60 && $0 < 130 }, "radius \(radii.min()!)…\(radii.max()!)")
        #expect(Set(angles.map { Int(($0 + .pi) * 2) }).count >= 10, "it keeps circling")
    }
}

/// The first time t in [0, 1] at which a point moving from `start` by `motion` comes within
/// `radius` of `center`, or nil. A point that starts within `radius + skin` reports nil: it is
/// touching already, a contact and not a sweep.
@inline(__always)
func sweepPointAgainstCircle(start: Vec2, motion: Vec2, center: Vec2, radius: Float, skin: Float) -> Float? {
    let m = start - center
    guard m.lengthSquared > (radius + skin) * (radius + skin) else { return nil }
    let c = m.lengthSquared - radius * radius
    let a = motion.lengthSquared
    guard a > 0 else { return nil }
    let b = m.dot(motion)
    guard b < 0 else { return nil }
    let discriminant = b * b - a * c
    guard discriminant >= 0 else { return nil }
    let t = (-b - discriminant.squareRoot()) / a
    return t <= 1 ? max(t, 0) : nil
}

/// The first time a moving point comes within `radius` of the segment a–b (a capsule test), or
/// nil. As for a circle, a point that starts within `radius + skin` of the segment reports nil.
@inline(__always)
func sweepPointAgainstSegment(start: Vec2, motion: Vec2, a: Vec2, b: Vec2, radius: Float, skin: Float) -> Float? {
    let edge = b - a
    let length = edge.length
    guard length > 0 else { return sweepPointAgainstCircle(start: start, motion: motion, center: a, radius: radius, skin: skin) }
    let tangent = edge / length
    var normal = tangent.rightPerpendicular
    var distance = normal.dot(start - a)
    if distance < 0 { normal = -normal; distance = -distance }
    var best: Float? = nil
    if distance > radius + skin {
        let approach = -normal.dot(motion)
        if approach > 0 {
            let t = (distance - radius) / approach
            if t <= 1 {
                let along = tangent.dot(start + t * motion - a)
                if along >= 0 && along <= length { best = t }
            }
        }
    } else {
        // Already within the slab: only the rounded ends can be hit first.
        let along = tangent.dot(start - a)
        if along >= 0 && along <= length { return nil }
    }
    if let t = sweepPointAgainstCircle(start: start, motion: motion, center: a, radius: radius, skin: skin), t < (best ?? 2) { best = t }
    if let t = sweepPointAgainstCircle(start: start, motion: motion, center: b, radius: radius, skin: skin), t < (best ?? 2) { best = t }
    return best
}

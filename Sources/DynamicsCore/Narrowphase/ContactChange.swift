/// What the narrowphase's update of one contact leaves for the serial pass after it, one byte per
/// contact (`World.contactChanged`): the serial pass reads these bytes, and a contact's record
/// only when it has an event to report or a sleeper to wake. Reading each changed contact's flags
/// from its record was a cache miss each (the record was last written by another thread), and
/// about half of that pass in a tumbling pile.
struct ContactChange: OptionSet, BitwiseCopyable {
    let rawValue: UInt8
    /// The shapes' enlarged boxes no longer overlap: the contact is destroyed.
    static let disjoint = ContactChange(rawValue: 1 << 0)
    /// The contact started touching in this step.
    static let startedTouching = ContactChange(rawValue: 1 << 1)
    /// The contact stopped touching in this step.
    static let stoppedTouching = ContactChange(rawValue: 1 << 2)
    /// The contact reports begin and end events (`ContactFlags.enableEvents`).
    static let reportsEvents = ContactChange(rawValue: 1 << 3)
    /// One of the contact's bodies is asleep (and can move): it wakes when the contact starts touching.
    static let touchesSleeper = ContactChange(rawValue: 1 << 4)
}

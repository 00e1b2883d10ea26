import CKernelSupport

/// An open-addressing hash set of pair keys (two 32-bit ids, smaller first), or a map from them to
/// a count: the world's contact pairs, each held once (`insert`), and its jointed body pairs, each
/// with the number of joints that keep the two bodies from colliding (`counts`). Linear probing
/// with backward-shift deletion; it grows between steps only.
///
/// A set keeps no counts at all: with them beside the keys, every insert and removal of a contact
/// pair missed the cache twice, and so did every lookup in the pair search that found its pair.
///
/// The contacts' table holds no index: a contact's place in the store changes whenever another is
/// destroyed (the last one moves into the hole) or the locality pass sorts them, and nothing looks
/// a contact up by its pair, so keeping an index up to date was a random write per move.
struct PairTable: ~Copyable {
    private var keys: Column<UInt64>
    /// The counts, slot by slot; one unused element in a set.
    private var values: Column<Int32>
    /// Whether this table maps its keys to counts (`set`, `find`) rather than holding a set.
    let counts: Bool
    private var mask: Int
    /// 64 minus log2 of the size: the home slot is the top bits of the hashed key.
    private var shift: UInt64
    private(set) var count = 0

    init(capacity: Int = 1024, counts: Bool = false) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        self.counts = counts
        keys = Column(capacity: size)
        keys.resize(to: size, filling: 0)
        values = Column(capacity: counts ? size : 1)
        values.resize(to: counts ? size : 1, filling: -1)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    @inline(__always)
    static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = min(a, b), hi = max(a, b)
        return UInt64(UInt32(bitPattern: lo)) << 32 | UInt64(UInt32(bitPattern: hi))
    }

    /// Fibonacci hashing, top bits: they depend on both ids. (Bits from the middle of the product
    /// depended on the larger id alone, so a shape's pairs shared one home slot and lookups in
    /// a tumbling pile probed three slots on average.)
    @inline(__always)
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `key`, or nil.
    @inline(__always)
    private func slot(of key: UInt64) -> Int? {
        var i = home(key)
        while true {
            let k = keys.base[i]
            if k == key { return i }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// The count of `key`, or nil if the table does not hold it (a table with `counts`).
    func find(_ key: UInt64) -> Int32? {
        precondition(counts, "PairTable.find needs a table with counts")
        return slot(of: key).map { values.base[$0] }
    }

    func contains(_ key: UInt64) -> Bool { slot(of: key) != nil }

    /// Starts loading the slot where a lookup of `key` begins, so that several lookups' cache
    /// misses overlap instead of following one another.
    @inline(__always)
    func prefetch(_ key: UInt64) { dynamics_prefetch(keys.base + home(key)) }

    /// `prefetch` for a `set` or `remove` of `key`: the slot is loaded to be written, and so is
    /// its count, if the table keeps counts (the lookups of the pair search only read them).
    @inline(__always)
    func prefetchForWrite(_ key: UInt64) {
        let slot = home(key)
        dynamics_prefetch_for_write(keys.base + slot)
        if counts { dynamics_prefetch_for_write(values.base + slot) }
    }

    /// Makes room for `total` pairs, so that setting up to that many grows the table no more.
    mutating func reserve(_ total: Int) {
        while total * 2 > mask + 1 { grow() }
    }

    /// Empties the table, keeping its size.
    mutating func removeAll() {
        keys.fill(0)
        if counts { values.fill(-1) }
        count = 0
    }

    /// Holds `key` once (a contact's pair); in a table with counts, `set(key, 1)`.
    @inline(__always)
    mutating func insert(_ key: UInt64) { put(key, 1) }

    /// Inserts or overwrites the count of `key` (a table with `counts`).
    mutating func set(_ key: UInt64, _ value: Int32) {
        precondition(counts, "PairTable.set needs a table with counts")
        put(key, value)
    }

    @inline(__always)
    private mutating func put(_ key: UInt64, _ value: Int32) {
        if (count + 1) * 2 > mask + 1 { grow() }
        var i = home(key)
        while true {
            let k = keys.base[i]
            if k == key {
                if counts { values.base[i] = value }
                return
            }
            if k == 0 {
                keys.base[i] = key
                if counts { values.base[i] = value }
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    mutating func remove(_ key: UInt64) {
        var i = home(key)
        while true {
            let k = keys.base[i]
            if k == 0 { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        // Backward-shift the rest of the cluster into the hole.
        var hole = i
        var j = (i + 1) & mask
        while keys.base[j] != 0 {
            let h = home(keys.base[j])
            let distanceToHole = (j - h) & mask
            let distanceHoleToJ = (j - hole) & mask
            if distanceToHole >= distanceHoleToJ {
                keys.base[hole] = keys.base[j]
                if counts { values.base[hole] = values.base[j] }
                hole = j
            }
            j = (j + 1) & mask
        }
        keys.base[hole] = 0
        if counts { values.base[hole] = -1 }
        count -= 1
    }

    private mutating func grow() {
        let oldSize = mask + 1
        var oldKeys = Column<UInt64>(capacity: oldSize * 2)
        oldKeys.resize(to: oldSize * 2, filling: 0)
        var oldValues = Column<Int32>(capacity: counts ? oldSize * 2 : 1)
        oldValues.resize(to: counts ? oldSize * 2 : 1, filling: -1)
        swap(&oldKeys, &keys)
        swap(&oldValues, &values)
        mask = oldSize * 2 - 1
        shift -= 1
        count = 0
        for i in 0..<oldSize where oldKeys.base[i] != 0 {
            put(oldKeys.base[i], counts ? oldValues.base[i] : 1)
        }
    }
}

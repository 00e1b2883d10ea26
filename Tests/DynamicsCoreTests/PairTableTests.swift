import Testing
@testable import DynamicsCore

@Suite("Pair table")
struct PairTableTests {
    /// Random pair keys among few ids (so that clusters form and removals shift them back).
    static func randomKeys(count: Int, seed: UInt64) -> [UInt64] {
        var state = seed
        func next() -> Int32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32(truncatingIfNeeded: (state >> 33) % 400)
        }
        return (0..<count).compactMap { _ in
            let a = next(), b = next()
            return a == b ? nil : PairTable.key(a, b)
        }
    }

    @Test("a set holds what the standard library's set holds through inserts, removals and growth")
    func setMatchesModel() {
        var table = PairTable(capacity: 4)
        var model = Set<UInt64>()
        let keys = Self.randomKeys(count: 20_000, seed: 5)
        for (n, key) in keys.enumerated() {
            if n % 3 == 2 {
                table.remove(key)
                model.remove(key)
            } else {
                table.insert(key)
                model.insert(key)
            }
        }
        #expect(table.count == model.count)
        let wrong = Self.randomKeys(count: 5_000, seed: 6).first { table.contains($0) != model.contains($0) }
        #expect(wrong == nil)
    }

    @Test("a table with counts keeps each key's count through removals and growth")
    func countsMatchModel() {
        var table = PairTable(capacity: 4, counts: true)
        var model: [UInt64: Int32] = [:]
        for (n, key) in Self.randomKeys(count: 20_000, seed: 7).enumerated() {
            if n % 4 == 3 {
                table.remove(key)
                model[key] = nil
            } else {
                let value = (table.find(key) ?? 0) + 1
                table.set(key, value)
                model[key] = value
            }
        }
        #expect(table.count == model.count)
        let wrong = model.first { table.find($0.key) != $0.value }
        #expect(wrong == nil)
        let absent = Self.randomKeys(count: 5_000, seed: 8).first { model[$0] == nil && table.find($0) != nil }
        #expect(absent == nil)
    }
}

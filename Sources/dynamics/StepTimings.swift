/// Wall-clock durations of individual steps, and their order statistics.
struct StepTimings {
    private(set) var milliseconds: [Double] = []

    init(capacity: Int) { milliseconds.reserveCapacity(capacity) }

    mutating func record(_ duration: Duration) {
        let c = duration.components
        milliseconds.append(Double(c.seconds) * 1000 + Double(c.attoseconds) * 1e-15)
    }

    /// The value below which `fraction` of the samples lie (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        guard !milliseconds.isEmpty else { return 0 }
        let sorted = milliseconds.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { percentile(0.5) }
    var p90: Double { percentile(0.9) }
    /// The slowest step: where a pass that runs every few steps (the locality pass, every 32)
    /// shows, which the median and p90 leave out.
    var maximum: Double { milliseconds.max() ?? 0 }
}

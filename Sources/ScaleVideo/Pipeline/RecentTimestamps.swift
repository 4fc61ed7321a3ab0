/// The last few packet timestamps of a stream, to find one later than a
/// given frame's: in decoding order the frames a picture refers to come
/// first, so its successor on screen is usually among them.
struct RecentTimestamps {
    private var values = [Int64](repeating: .min, count: 32)
    private var next = 0

    mutating func insert(_ timestamp: Int64) {
        values[next] = timestamp
        next = (next + 1) % values.count
    }

    /// The smallest remembered timestamp above `timestamp`.
    func firstAfter(_ timestamp: Int64) -> Int64? {
        var best: Int64?
        for value in values where value > timestamp && value < (best ?? .max) { best = value }
        return best
    }
}

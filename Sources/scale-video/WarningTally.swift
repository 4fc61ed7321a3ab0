import ScaleVideo

/// The warnings of one conversion, each told once with how often it came.
final class WarningTally: @unchecked Sendable {
    private let lock = Lock()
    private var order: [String] = []
    private var counts: [String: Int] = [:]

    func add(_ warning: String) {
        lock.withLock {
            if counts[warning] == nil { order.append(warning) }
            counts[warning, default: 0] += 1
        }
    }

    /// Each warning once, `(×n)` when it came n > 1 times.
    var lines: [String] {
        lock.withLock {
            order.map { counts[$0]! > 1 ? "\($0) (×\(counts[$0]!))" : $0 }
        }
    }
}

import ScaleVideo

/// The warnings of one conversion, each told once with how often it came.
final class WarningTally: Sendable {
    private struct State {
        var order: [String] = []
        var counts: [String: Int] = [:]
    }

    private let state = Guarded(State())

    func add(_ warning: String) {
        state.withLock { state in
            if state.counts[warning] == nil { state.order.append(warning) }
            state.counts[warning, default: 0] += 1
        }
    }

    /// Each warning once, `(×n)` when it came n > 1 times.
    var lines: [String] {
        state.withLock { state in
            state.order.map { state.counts[$0]! > 1 ? "\($0) (×\(state.counts[$0]!))" : $0 }
        }
    }
}

/// Keeps any lane from running more than `lead` seconds of output time
/// ahead of the slowest lane still running, so the muxer's interleaving
/// queue stays small whatever the file's length and however many tracks it
/// has; and carries cancellation to every lane.
final class LaneGate: Sendable {
    private struct State {
        /// Seconds of output each lane has written; empty until the lanes open.
        var written: [Double] = []
        var finished: [Bool] = []
        var lead = 0.0
        var cancelled = false
        /// Told when the job is cancelled.
        var onCancel: [@Sendable () -> Void] = []
    }

    private let state = Guarded(State())

    /// `count` lanes, numbered from 0, are about to run, none more than `lead` seconds ahead.
    func open(lanes count: Int, lead: Double) {
        state.withLock {
            $0.written = Array(repeating: 0, count: count)
            $0.finished = Array(repeating: false, count: count)
            $0.lead = lead
        }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// `lane` has written output up to `seconds`.
    func wrote(_ lane: Int, upTo seconds: Double) {
        state.withLock { $0.written[lane] = max($0.written[lane], seconds) }
        state.broadcast()
    }

    /// `lane` will write nothing more; the others never wait for it again.
    func finish(_ lane: Int) {
        state.withLock { $0.finished[lane] = true }
        state.broadcast()
    }

    func cancel() {
        let actions = state.withLock { state in
            state.cancelled = true
            defer { state.onCancel = [] }
            return state.onCancel
        }
        state.broadcast()
        for action in actions { action() }
    }

    /// Runs `action` once the job is cancelled (at once if it is): what
    /// waits elsewhere than at the gate is woken so.
    func whenCancelled(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            if !state.cancelled { state.onCancel.append(action) }
            return state.cancelled
        }
        if now { action() }
    }

    /// Whether `lane` may go on now: it is at most `lead` seconds ahead of
    /// every other lane still running.
    func mayPass(_ lane: Int) -> Bool {
        state.withLock { Self.mayPass(lane, $0) }
    }

    private static func mayPass(_ lane: Int, _ state: State) -> Bool {
        state.written.indices.allSatisfy { other in
            other == lane || state.finished[other] || state.written[lane] <= state.written[other] + state.lead
        }
    }

    /// Returns when `lane` may go on; throws once the job is cancelled.
    func pass(_ lane: Int) throws {
        try state.withLock(when: { $0.cancelled || Self.mayPass(lane, $0) }) { state in
            if state.cancelled { throw ScaleError.cancelled }
        }
    }
}

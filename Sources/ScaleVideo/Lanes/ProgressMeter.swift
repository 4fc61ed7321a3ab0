
/// How far a job is.
public struct JobProgress: Sendable {
    /// 0 to 1, half video and half audio; 1 once the output is in place.
    public let fraction: Double
    /// D, the output's duration in seconds, for speed and ETA.
    public let outputDuration: Double
}

/// Combines the lanes' progress into one value from 0 to 1, each lane an
/// equal share (half video and half audio for a movie with one audio
/// track). Monotonic; it reaches 1 only when the job says the file is
/// complete. The handler is called under the lock, so reports arrive in order.
final class ProgressMeter: Sendable {
    private struct State {
        var fractions: [Double]
        var reported = 0.0
    }

    private let state: Guarded<State>
    private let outputDuration: Double
    private let handler: @Sendable (JobProgress) -> Void

    init(lanes: Int, outputDuration: Double, handler: @escaping @Sendable (JobProgress) -> Void) {
        self.outputDuration = outputDuration
        state = Guarded(State(fractions: Array(repeating: 0, count: lanes)))
        self.handler = handler
    }

    /// `lane` has done `fraction` of its own work.
    func update(_ lane: Int, _ fraction: Double) {
        state.withLock { state in
            state.fractions[lane] = min(max(fraction, 0), 1)
            let combined = min(state.fractions.reduce(0, +) / Double(state.fractions.count), 0.9999)
            guard combined > state.reported else { return }
            state.reported = combined
            handler(JobProgress(fraction: combined, outputDuration: outputDuration))
        }
    }

    /// The output file is complete.
    func complete() {
        state.withLock { state in
            state.reported = 1
            handler(JobProgress(fraction: 1, outputDuration: outputDuration))
        }
    }
}

import FoundationEssentials
import Glibc

/// How far a job is.
public struct JobProgress: Sendable {
    /// 0 to 1, half video and half audio; 1 once the output is in place.
    public let fraction: Double
    /// D, the output's duration in seconds, for speed and ETA.
    public let outputDuration: Double
}

/// Combines the lanes' progress into one value from 0 to 1: half video and
/// half audio (all video when there is no audio). Monotonic; it reaches 1
/// only when the job says the file is complete.
/// Sendable because its state is read and written under `lock` alone.
final class ProgressMeter: @unchecked Sendable {
    private let lock = Lock()
    private var fractions = [0.0, 0.0]
    private let weights: [Double]
    private var reported = 0.0
    private let outputDuration: Double
    private let handler: @Sendable (JobProgress) -> Void

    init(lanes: [Lane], outputDuration: Double, handler: @escaping @Sendable (JobProgress) -> Void) {
        self.outputDuration = outputDuration
        let share = 1.0 / Double(lanes.count)
        weights = Lane.allCases.map { lanes.contains($0) ? share : 0 }
        self.handler = handler
    }

    /// `lane` has done `fraction` of its own work.
    func update(_ lane: Lane, _ fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        fractions[lane.rawValue] = min(max(fraction, 0), 1)
        let combined = min(zip(weights, fractions).map { $0 * $1 }.reduce(0, +), 0.9999)
        guard combined > reported else { return }
        reported = combined
        handler(JobProgress(fraction: combined, outputDuration: outputDuration))
    }

    /// The output file is complete.
    func complete() {
        lock.lock()
        defer { lock.unlock() }
        reported = 1
        handler(JobProgress(fraction: 1, outputDuration: outputDuration))
    }
}

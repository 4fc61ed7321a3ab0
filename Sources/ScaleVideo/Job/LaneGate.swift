import FoundationEssentials
import Glibc

/// The two lanes of a job.
enum Lane: Int, CaseIterable {
    case video = 0
    case audio = 1

    var other: Lane { self == .video ? .audio : .video }
}

/// Keeps the lane that is ahead in output time from running more than
/// `lead` seconds before the other, so the muxer's interleaving queue stays
/// small whatever the file's length; and carries cancellation to both lanes.
/// Sendable because its state is read and written under `condition` alone.
final class LaneGate: @unchecked Sendable {
    private let condition = Lock()
    private var written = [0.0, 0.0]
    private var finished = [true, true]
    private var cancelled = false
    let lead: Double

    init(lanes: [Lane], lead: Double = 1.0) {
        self.lead = lead
        open(lanes)
    }

    /// `lanes` are about to run.
    func open(_ lanes: [Lane]) {
        condition.lock()
        for lane in lanes { finished[lane.rawValue] = false }
        condition.unlock()
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// `lane` has written output up to `seconds`.
    func wrote(_ lane: Lane, upTo seconds: Double) {
        condition.lock()
        written[lane.rawValue] = max(written[lane.rawValue], seconds)
        condition.broadcast()
        condition.unlock()
    }

    /// `lane` will write nothing more; the other never waits for it again.
    func finish(_ lane: Lane) {
        condition.lock()
        finished[lane.rawValue] = true
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Returns when `lane` may go on; throws once the job is cancelled.
    func pass(_ lane: Lane) throws {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && !finished[lane.other.rawValue]
            && written[lane.rawValue] > written[lane.other.rawValue] + lead
        {
            condition.wait()
        }
        if cancelled { throw ScaleError.cancelled }
    }
}

import Dispatch
import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// Lanes are N: the gate holds back any lane more than its lead ahead of
/// the slowest lane still running, the meter gives each lane an equal
/// share, and the scheduler runs three lanes to their ends.
@Suite(.tags(.unit))
struct LaneSchedulerTests {
    @Test func aLaneAheadOfAnyRunningLaneWaits() {
        let gate = LaneGate()
        gate.open(lanes: 3, lead: 1)
        gate.wrote(0, upTo: 5)
        #expect(!gate.mayPass(0) && gate.mayPass(1) && gate.mayPass(2))
        gate.wrote(1, upTo: 4.5)
        #expect(!gate.mayPass(0), "lane 2 is still 5 s behind")
        gate.wrote(2, upTo: 3.9)
        #expect(!gate.mayPass(0), "lane 2 is 1.1 s behind")
        gate.wrote(2, upTo: 4)
        #expect(gate.mayPass(0))
        gate.wrote(1, upTo: 9)
        #expect(!gate.mayPass(1) && gate.mayPass(0) && gate.mayPass(2))
        gate.finish(0)
        gate.finish(2)
        #expect(gate.mayPass(1), "no lane still running is behind it")
    }

    /// A lane waiting at the gate goes on once the others catch up, and
    /// stops when the job is cancelled.
    @Test func aWaitingLaneGoesOnOnceTheOthersCatchUpOrStopsOnCancel() throws {
        let gate = LaneGate()
        gate.open(lanes: 3, lead: 1)
        gate.wrote(0, upTo: 3)
        let passed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? gate.pass(0)
            passed.signal()
        }
        gate.wrote(1, upTo: 2.5)
        gate.wrote(2, upTo: 2.5)
        #expect(passed.wait(timeout: .now() + 30) == .success)
        gate.wrote(0, upTo: 10)
        let stopped = DispatchSemaphore(value: 0)
        let outcome = Guarded<(any Error)?>(nil)
        DispatchQueue.global().async {
            do { try gate.pass(0) } catch { outcome.withLock { $0 = error } }
            stopped.signal()
        }
        gate.cancel()
        #expect(stopped.wait(timeout: .now() + 30) == .success)
        #expect(outcome.withLock { $0.map { "\($0)" } } == "cancelled")
    }

    /// Three lanes writing a second of output a step, at different paces:
    /// none gets more than the lead (and one step) ahead of another still
    /// running, every lane ends, and the meter's value rises to each lane's
    /// share.
    @Test func threeLanesRunThroughTheGateToTheirEnds() throws {
        let gate = LaneGate()
        let board = Board(lanes: 3)
        let lanes = [(steps: 40, spin: 200), (steps: 20, spin: 5_000), (steps: 30, spin: 1_000)].enumerated().map {
            CountingLane(index: $0.offset, steps: $0.element.steps, spin: $0.element.spin, board: board)
        }
        let reported = Guarded<[Double]>([])
        let meter = ProgressMeter(lanes: 3, outputDuration: 40) { progress in reported.withLock { $0.append(progress.fraction) } }
        try LaneScheduler.run(lanes, gate: gate, lead: 1, meter: meter)
        #expect(lanes.map { $0.stepsTaken } == [40, 20, 30])
        let leads = lanes.map { $0.worstLead }
        #expect(leads.max() ?? .infinity <= 2, "\(leads)")
        let fractions = reported.withLock { $0 }
        #expect(fractions == fractions.sorted() && (fractions.last ?? 0) > 0.99)
    }
}

/// Seconds of output each lane has written, +infinity once it has ended.
private final class Board: Sendable {
    let written: Guarded<[Double]>

    init(lanes: Int) { written = Guarded(Array(repeating: 0, count: lanes)) }
}

/// A lane that writes one second of output a step, after some busy work,
/// and records how far ahead of the slowest other running lane it ever was.
private final class CountingLane: Lane {
    let index: Int
    let steps: Int
    let spin: Int
    let board: Board
    private(set) var stepsTaken = 0
    private(set) var worstLead = 0.0
    private var sink = 0

    init(index: Int, steps: Int, spin: Int, board: Board) {
        (self.index, self.steps, self.spin, self.board) = (index, steps, spin, board)
    }

    func step(report: (LaneProgress) throws -> Void) throws -> Bool {
        for value in 0..<spin { sink &+= value }
        stepsTaken += 1
        let now = Double(stepsTaken)
        let lead = board.written.withLock { all in
            all[index] = now
            let running = all.indices.filter { $0 != index && all[$0].isFinite }.map { all[$0] }
            return running.min().map { now - $0 } ?? 0
        }
        worstLead = max(worstLead, lead)
        try report(LaneProgress(writtenUpTo: now, done: now / Double(steps)))
        guard stepsTaken < steps else {
            board.written.withLock { $0[index] = .infinity }
            return false
        }
        return true
    }
}

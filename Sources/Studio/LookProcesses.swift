import Foundation
import Synchronization

/// The engine's runs for plans, stills, previews and copies under way, each stopped (sent
/// Ctrl-C, once) when it takes too long, when its request is cancelled or
/// when the server ends.
final class LookProcesses: Sendable {
    private struct Run {
        let process: Int32
        var stopped = false
        var overTime = false
    }
    private let runs = Mutex<[Int: Run]>([:])
    private let next = Atomic<Int>(0)

    /// Registers a started run; its number.
    func add(_ process: Process) -> Int {
        let number = next.add(1, ordering: .relaxed).newValue
        runs.withLock { $0[number] = Run(process: process.processIdentifier) }
        return number
    }

    /// Forgets a run that has ended (before its process id can be another's).
    func remove(_ number: Int) { _ = runs.withLock { $0.removeValue(forKey: number) } }

    /// Sends run `number` Ctrl-C, unless it was sent already or has ended.
    func stop(_ number: Int, overTime: Bool) {
        runs.withLock { runs in
            guard var run = runs[number], !run.stopped else { return }
            (run.stopped, run.overTime) = (true, overTime)
            runs[number] = run
            kill(run.process, SIGINT)
        }
    }

    /// Whether run `number` was stopped for taking too long.
    func wasOverTime(_ number: Int) -> Bool { runs.withLock { $0[number]?.overTime ?? false } }

    /// Stops every run: the server ends.
    func stopAll() {
        for number in runs.withLock({ Array($0.keys) }) { stop(number, overTime: false) }
    }
}

import Dispatch

/// Runs a job's lanes side by side, each on a thread of its own, until
/// every one is done: before each step a lane passes the gate (which holds
/// back one that is too far ahead of the others, and stops all on
/// cancellation), and after each piece of output it tells the gate how far
/// it has written and the meter how far it has come. A sparse lane (a
/// subtitle track) is never waited for and tells neither. The first real
/// failure cancels the others and is thrown.
enum LaneScheduler {
    /// - Parameters:
    ///   - lead: seconds of output a lane may run ahead of another.
    ///   - meter: counts the lanes that are not sparse, which come first.
    static func run(_ lanes: [any Lane], gate: LaneGate, lead: Double, meter: ProgressMeter) throws {
        gate.open(lanes: lanes.count, lead: lead)
        let failures = FirstFailure()
        let group = DispatchGroup()
        for (index, lane) in lanes.enumerated() {
            // The lane was built on this thread and is used by its queue
            // alone from here on; group.wait() below hands it back.
            let handOff = HandOff(lane)
            let sparse = lane is any SparseLane
            // The others never wait for a sparse lane.
            if sparse { gate.finish(index) }
            DispatchQueue(label: "scale-video.lane\(index)").async(group: group) {
                defer { gate.finish(index) }
                // Told after every frame or block written, it also stops a
                // step that writes a great many (a frame repeated for hours
                // of output, a sound slowed down as much) once cancelled.
                let report = { (progress: LaneProgress) throws in
                    if gate.isCancelled { throw ScaleError.cancelled }
                    guard !sparse else { return }
                    gate.wrote(index, upTo: progress.writtenUpTo)
                    meter.update(index, progress.done)
                }
                do {
                    repeat { try gate.pass(index) } while try handOff.value.step(report: report)
                } catch {
                    failures.record(error)
                    gate.cancel()
                }
            }
        }
        group.wait()
        if let failure = failures.first { throw failure }
    }
}

/// The first error of the lanes; a real failure wins over the cancellation
/// it caused in the others.
private final class FirstFailure: Sendable {
    private let error = Guarded<(any Error)?>(nil)

    func record(_ new: any Error) {
        error.withLock { error in
            if error == nil || (error as? ScaleError).map({ if case .cancelled = $0 { true } else { false } }) == true {
                error = new
            }
        }
    }

    var first: (any Error)? { error.withLock { $0 } }
}

import ArgumentParser
import ScaleVideo

extension Batch {
    /// Runs `item` alone, Ctrl-C cancelling it (`scale-video join` and
    /// `scale-video request`); throws the exit status of a run that did not
    /// succeed, as the command line's: 130 cancelled, 1 failed.
    static func runAlone(_ item: Item, template: ScaleRequest, mode: Mode, reporter: Reporter, skipExisting: Bool = false) throws {
        let batch = Batch(items: [item], jobs: 1, reporter: reporter, template: template, mode: mode, skipExisting: skipExisting)
        SignalTrap.shared.onCancel = { batch.cancel() }
        let outcome = batch.run()[0]
        if outcome.status == "cancelled" { throw ExitCode(130) }
        if !outcome.succeeded { throw ExitCode.failure }
    }
}

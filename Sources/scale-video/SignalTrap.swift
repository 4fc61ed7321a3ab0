import Dispatch
import Foundation

/// Catches SIGINT and SIGTERM from start-up on. The first asks the running
/// job to cancel; a second exits at once with status 130.
final class SignalTrap: @unchecked Sendable {
    private let lock = NSLock()
    private var cancel: (() -> Void)?
    private var received = false
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [unowned self] in self.fire() }
            source.resume()
            sources.append(source)
        }
    }

    /// What the first signal does; set per job.
    var onCancel: (() -> Void)? {
        get { lock.withLock { cancel } }
        set {
            lock.withLock {
                cancel = newValue
                if received { newValue?() }
            }
        }
    }

    private func fire() {
        let action: (() -> Void)? = lock.withLock {
            if received { exit(130) }
            received = true
            return cancel
        }
        action?()
    }
}

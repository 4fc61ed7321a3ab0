import Dispatch
import Foundation
import ScaleVideo

/// Catches SIGINT and SIGTERM from start-up on. The first asks the running
/// conversions to cancel; a second removes their temporary files and exits
/// at once with status 130.
final class SignalTrap: @unchecked Sendable {
    private let lock = NSLock()
    private var cancel: (() -> Void)?
    private var received = false
    private let sources: [DispatchSourceSignal]

    init() {
        let numbers = [SIGINT, SIGTERM]
        for number in numbers { signal(number, SIG_IGN) }
        sources = numbers.map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
        for source in sources {
            source.setEventHandler { [unowned self, source] in self.fire(times: source.data) }
            source.resume()
        }
    }

    /// What the first signal does.
    var onCancel: (() -> Void)? {
        get { lock.withLock { cancel } }
        set {
            lock.withLock {
                cancel = newValue
                if received { newValue?() }
            }
        }
    }

    /// `times` signals came since the last call (the source merges them).
    private func fire(times: UInt) {
        let action: (() -> Void)? = lock.withLock {
            if received || times > 1 {
                Diagnostics.line("scale-video: stopped at once")
                PartialFiles.removeAll()
                exit(130)
            }
            received = true
            return cancel
        }
        action?()
    }
}

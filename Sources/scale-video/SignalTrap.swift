import Dispatch
import FoundationEssentials
import Glibc
import Dispatch
import ScaleVideo

/// Catches SIGINT and SIGTERM from start-up to exit. The first asks the
/// running conversions to cancel; a second removes their temporary files
/// and exits at once with status 130.
///
/// There is one trap, made on first use and never released: a signal may
/// arrive at any moment, while the command is ending too, and its handler
/// must still find the trap there.
final class SignalTrap: @unchecked Sendable {
    static let shared = SignalTrap()

    private let lock = Lock()
    private var cancel: (() -> Void)?
    private var received = false
    private let sources: [DispatchSourceSignal]

    private init() {
        let numbers = [SIGINT, SIGTERM]
        for number in numbers { signal(number, SIG_IGN) }
        sources = numbers.map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
        for source in sources {
            source.setEventHandler { [self, source] in fire(times: source.data) }
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
                // The main thread may be exiting too: leave without running
                // exit handlers a second time, once the results are out.
                fflush(nil)
                _exit(130)
            }
            received = true
            return cancel
        }
        action?()
    }
}

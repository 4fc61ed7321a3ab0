import FoundationEssentials
import Glibc
import ScaleVideo

/// Catches SIGINT and SIGTERM from start-up to exit. The first asks the
/// running conversions to cancel; a second removes their temporary files
/// and exits at once with status 130.
///
/// There is one trap, made on first use and never released: a signal may
/// arrive at any moment, while the command is ending too, and its handler
/// must still find the trap there. It is made first thing (SignalPipe), so
/// a signal that comes once the program has loaded is never lost.
final class SignalTrap: Sendable {
    static let shared = SignalTrap()

    private struct State {
        var cancel: (@Sendable () -> Void)?
        var received = false
    }

    private let state = Guarded(State())

    private init() {
        _ = SignalPipe([SIGINT, SIGTERM]) { [self] _ in fire() }
    }

    /// What the first signal does.
    var onCancel: (@Sendable () -> Void)? {
        get { state.withLock { $0.cancel } }
        set {
            state.withLock { state in
                state.cancel = newValue
                if state.received { newValue?() }
            }
        }
    }

    /// A signal came.
    private func fire() {
        let action = state.withLock { state in
            if state.received {
                Diagnostics.line("scale-video: stopped at once")
                PartialFiles.removeAll()
                // The main thread may be exiting too: leave without running
                // exit handlers a second time, once the results are out.
                fflush(nil)
                _exit(130)
            }
            state.received = true
            return state.cancel
        }
        action?()
    }
}

import Glibc

/// The write end of the pipe signals are told through, for the handler:
/// set once, before any handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Catches signals from the moment it is made and tells each one, in
/// order, to `handle` on a thread of its own. The handler, installed with
/// sigaction, only writes the signal's number into a pipe, which is safe in
/// a signal handler; a caught signal (unlike an ignored one) is back to its
/// default in a program this one starts. They are unblocked in its own
/// thread and blocked in the thread that makes it, and so in the threads
/// that one starts from then on: a signal sent to the process comes to the
/// thread that reads the pipe. (ThreadSanitizer runs a handler only once
/// the thread the signal came to calls into the C library; when any thread
/// could take them, a Ctrl-C under it was handled only when the work was
/// done.) Made once a process, first thing.
package final class SignalPipe: Sendable {
    package init(_ numbers: [Int32], handle: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("cannot make the signal pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A handler never waits: a signal that finds the pipe full is one of many.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        signalPipe = ends[1]
        let reading = ends[0]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipe, &byte, 1)
            errno = saved
        }
        action.sa_flags = SA_RESTART
        for number in numbers { sigaction(number, &action, nil) }
        // A program may be started with them blocked (a parent's threads
        // often block every signal, and a child keeps the mask): the thread
        // that reads the pipe, started from here, takes them.
        var caught = sigset_t()
        sigemptyset(&caught)
        for number in numbers { sigaddset(&caught, number) }
        pthread_sigmask(SIG_UNBLOCK, &caught, nil)
        defer { pthread_sigmask(SIG_BLOCK, &caught, nil) }
        startThread {
            var byte: UInt8 = 0
            while true {
                let count = read(reading, &byte, 1)
                if count == 1 { handle(Int32(byte)) } else if count < 0 && errno != EINTR { return }
            }
        }
    }
}

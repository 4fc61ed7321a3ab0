import FoundationEssentials
import Glibc

/// Everything but results goes to standard error.
enum Diagnostics {
    static func line(_ text: String) {
        write(text + "\n")
    }

    static func write(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text` to the file descriptor at once, unbuffered.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Whether standard error is a terminal that can redraw a bar.
    static var isInteractive: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}

import Foundation

/// Everything but results goes to standard error.
enum Diagnostics {
    static func line(_ text: String) {
        write(text + "\n")
    }

    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether standard error is a terminal that can redraw a bar.
    static var isInteractive: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}

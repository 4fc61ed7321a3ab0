import Foundation
import ScaleVideo

/// Shows a job's progress on standard error: a live bar with percent, speed
/// and ETA on a terminal, otherwise a plain line at most once a second.
final class ProgressDisplay: @unchecked Sendable {
    private let name: String
    private let enabled: Bool
    private let interactive = Diagnostics.isInteractive
    private let started = Date()
    private let lock = NSLock()
    private var lastShown: Date?
    private var drewBar = false

    init(name: String, quiet: Bool) {
        self.name = name
        self.enabled = !quiet
    }

    func show(_ progress: JobProgress) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        let interval = interactive ? 0.1 : 1.0
        if let lastShown, now.timeIntervalSince(lastShown) < interval, progress.fraction < 1 { return }
        lastShown = now
        let text = Self.describe(progress, elapsed: now.timeIntervalSince(started))
        if interactive {
            Diagnostics.write("\r\u{1B}[2K" + Self.bar(progress.fraction) + " " + text)
            drewBar = true
        } else {
            Diagnostics.line("scale-video: \(name): \(text)")
        }
    }

    /// Ends the bar's line, if one was drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drewBar { Diagnostics.write("\n") }
        drewBar = false
    }

    static func describe(_ progress: JobProgress, elapsed: Double) -> String {
        let percent = String(format: "%3.0f%%", progress.fraction * 100)
        guard elapsed > 0.2, progress.fraction > 0 else { return percent }
        let speed = progress.fraction * progress.outputDuration / elapsed
        let remaining = elapsed * (1 - progress.fraction) / progress.fraction
        return percent + String(format: "  %.1f× realtime  ETA %@", speed, clock(remaining))
    }

    static func bar(_ fraction: Double, width: Int = 30) -> String {
        let filled = Int((fraction * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}

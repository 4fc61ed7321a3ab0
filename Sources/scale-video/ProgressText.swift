import FoundationEssentials
import Glibc
import ScaleVideo

/// How progress reads: percent, speed against realtime, time left, a bar.
enum ProgressText {
    /// `made` output seconds are written after `elapsed` wall-clock seconds.
    static func describe(fraction: Double, made: Double, elapsed: Double) -> String {
        let percent = String(printf: "%3.0f%%", fraction * 100)
        guard let speed = speed(made: made, elapsed: elapsed), let left = remaining(fraction: fraction, elapsed: elapsed)
        else { return percent }
        return percent + String(printf: "  %.1f× realtime  ETA ", speed) + clock(left)
    }

    /// Output seconds made per wall-clock second, once there is enough to tell.
    static func speed(made: Double, elapsed: Double) -> Double? {
        guard elapsed > 0.2, made > 0 else { return nil }
        return made / elapsed
    }

    /// Seconds left at the pace so far.
    static func remaining(fraction: Double, elapsed: Double) -> Double? {
        guard elapsed > 0.2, fraction > 0 else { return nil }
        return elapsed * (1 - fraction) / fraction
    }

    static func bar(_ fraction: Double, width: Int = 30) -> String {
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return String(printf: "%d:%02d", total / 60, total % 60)
    }

    static func seconds(_ value: Double) -> String { String(printf: "%.3f", value) }
}

import FoundationEssentials
import Glibc

/// The ticks of a time axis in seconds: every `step` from 0 up to the
/// duration, where the step is 1, 2 or 5 times a power of ten.
struct TimeAxis: Sendable {
    let duration: Double
    /// `step` is `mantissa × 10^exponent` seconds.
    let mantissa: Int
    let exponent: Int

    /// The axis with the smallest step that leaves at most `maxIntervals`
    /// steps over `duration`; nil unless the duration is positive and finite.
    /// With 9 intervals at most this gives 4 to 10 ticks.
    init?(duration: Double, maxIntervals: Int) {
        guard duration.isFinite, duration > 0 else { return nil }
        let intervals = Double(max(1, maxIntervals))
        self.duration = duration
        var exponent = Int((log10(duration / intervals)).rounded(.down)) - 1
        var mantissa = 1
        while duration / (Double(mantissa) * pow(10, Double(exponent))) > intervals {
            switch mantissa {
            case 1: mantissa = 2
            case 2: mantissa = 5
            default: (mantissa, exponent) = (1, exponent + 1)
            }
        }
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// Seconds between ticks.
    var step: Double { Double(mantissa) * pow(10, Double(exponent)) }

    /// The tick times, from 0 to the last one not past the duration.
    var ticks: [Double] {
        let count = Int((duration / step * (1 + 1e-9)).rounded(.down)) + 1
        return (0..<count).map { Double($0) * step }
    }

    /// Tick `index`'s time as short text: `0`, `2.5`, `10`.
    func label(_ index: Int) -> String {
        let units = index * mantissa
        guard exponent < 0 else { return String(units * Int(pow(10, Double(exponent)))) }
        let digits = String(units).leftPadded(to: 1 - exponent)
        var text = digits.dropLast(-exponent) + "." + digits.suffix(-exponent)
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return String(text)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

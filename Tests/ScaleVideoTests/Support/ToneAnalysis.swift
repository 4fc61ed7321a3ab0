import TestSupport
import Foundation

/// A test signal for pitch-keeping stretches and the measures that judge
/// one: a steady tone with short clicks (bursts of noise) at known times,
/// its frequency from zero crossings, and where a click is heard from the
/// energy of the signal's changes.
enum ToneAnalysis {
    /// Frames in a click: 2 ms at 48 kHz.
    static let clickFrames = 96

    /// `seconds` of a `frequency` Hz sine at 0.3 of full scale, with a click
    /// (noise at 0.8 of full scale, `clickFrames` long, 2 ms by default)
    /// starting at each of `clicks` (seconds).
    static func toneWithClicks(
        frequency: Double, rate: Int, seconds: Double, clicks: [Double], seed: UInt64, clickFrames: Int = clickFrames
    ) -> [Double] {
        let count = Int(seconds * Double(rate))
        var signal = (0..<count).map { 0.3 * sin(2 * Double.pi * frequency * Double($0) / Double(rate)) }
        var random = SeededRandom(seed: seed)
        for click in clicks {
            let start = Int((click * Double(rate)).rounded())
            for frame in start..<(start + clickFrames) { signal[frame] += 0.8 * Double.random(in: -1...1, using: &random) }
        }
        return signal
    }

    /// Frequency in Hz from the upward zero crossings of `signal[range]`,
    /// each placed between its two samples by linear interpolation.
    static func frequency(of signal: [Double], in range: Range<Int>, rate: Int) -> Double {
        var crossings: [Double] = []
        for index in (range.lowerBound + 1)..<range.upperBound where signal[index - 1] < 0 && signal[index] >= 0 {
            let a = signal[index - 1]
            let b = signal[index]
            crossings.append(Double(index - 1) + a / (a - b))
        }
        guard crossings.count > 2 else { return 0 }
        return Double(crossings.count - 1) / ((crossings[crossings.count - 1] - crossings[0]) / Double(rate))
    }

    /// Where a click is first heard (SPEC §10): the first frame, within
    /// `radius` of `expected`, at which the envelope of the signal's
    /// sample-to-sample changes (their magnitude averaged over 0.5 ms) rises
    /// above half its peak there. An early copy of the click counts, as an
    /// energy centroid would not let it.
    static func onset(in signal: [Double], near expected: Int, radius: Int, rate: Int) -> Int {
        let low = max(expected - radius, 1)
        let high = min(expected + radius, signal.count)
        let width = max(rate / 2000, 1)
        var envelope = [Double](repeating: 0, count: high - low)
        var sum = 0.0
        for index in low..<high {
            sum += abs(signal[index] - signal[index - 1])
            if index - width >= low { sum -= abs(signal[index - width] - signal[index - width - 1]) }
            envelope[index - low] = sum / Double(width)
        }
        let peak = envelope.max() ?? 0
        return low + (envelope.firstIndex { $0 >= peak / 2 } ?? 0)
    }

    /// The frame, within `radius` of `expected`, at the centre of the
    /// `clickFrames` window holding the most energy of the signal's
    /// sample-to-sample changes: where a click is heard.
    static func clickCentre(in signal: [Double], near expected: Int, radius: Int) -> Int {
        let half = clickFrames / 2
        let low = max(expected - radius, half + 1)
        let high = min(expected + radius, signal.count - half)
        var best = low
        var bestEnergy = -1.0
        for centre in low..<high {
            var energy = 0.0
            for index in (centre - half)..<(centre + half) {
                let change = signal[index] - signal[index - 1]
                energy += change * change
            }
            if energy > bestEnergy {
                bestEnergy = energy
                best = centre
            }
        }
        return best
    }
}

import Foundation

/// The whole-array computation of SPEC §5, written out directly from the
/// specification: the oracle the progressive stretch and the files it writes
/// are judged against.
enum ReferenceStretch {
    static func control(_ n: Int, count: Int, length: Int) -> Double {
        if length > 1 && n == length - 1 { return Double(count - 1) }
        if length == 1 || count == 1 { return 0 }
        if length > count {
            let x = Double(n) / (Double(length - 1) / Double(count - 1))
            let fraction = x - floor(x)
            return floor(x) + fraction * fraction * (3 - 2 * fraction)
        }
        return Double(count - 1) * Double(n) / Double(length - 1)
    }

    /// Scales one channel to `length` samples.
    static func scale(_ samples: [Int16], length: Int) -> [Int16] {
        scale(values: samples.map(Double.init), length: length) { max(-32768, min(32767, $0.rounded(.toNearestOrEven))) }
            .map { Int16($0) }
    }

    /// Scales one channel of any sample type, `finish` bringing each
    /// interpolated value back to that type.
    static func scale(values: [Double], length: Int, finish: (Double) -> Double) -> [Double] {
        let count = values.count
        func at(_ i: Int) -> Double { i < count ? values[i] : 0 }
        return (0..<length).map { n in
            let c = control(n, count: count, length: length)
            let b = Int(c.rounded(.towardZero))
            let a = c - Double(b)
            return finish(at(b) + a * (at(b + 1) - at(b)))
        }
    }

    /// Scales interleaved audio channel by channel.
    static func scaleInterleaved(_ samples: [Int16], channels: Int, length: Int) -> [Int16] {
        interleave(deinterleave(samples, channels: channels).map { scale($0, length: length) })
    }

    /// Scales interleaved values of any sample type by `factor` (length
    /// `Int(Double(count) · factor)`), `finish` as in `scale(values:)`.
    static func scaleInterleaved(
        values: [Double], channels: Int, factor: Double, finish: (Double) -> Double
    ) -> [Double] {
        let length = Int(Double(values.count / channels) * factor)
        return interleave(deinterleave(values, channels: channels).map { scale(values: $0, length: length, finish: finish) })
    }

    static func deinterleave<T>(_ samples: [T], channels: Int) -> [[T]] {
        (0..<channels).map { c in stride(from: c, to: samples.count, by: channels).map { samples[$0] } }
    }

    static func interleave<T>(_ channels: [[T]]) -> [T] {
        guard let length = channels.first?.count else { return [] }
        var out = [T]()
        out.reserveCapacity(length * channels.count)
        for n in 0..<length {
            for channel in channels { out.append(channel[n]) }
        }
        return out
    }
}

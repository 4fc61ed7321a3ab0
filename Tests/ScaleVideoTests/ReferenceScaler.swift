import Foundation

/// The whole-array computation of SPEC §5, written out directly from the
/// specification: the oracle the progressive scaler and the files it writes
/// are judged against.
enum ReferenceScaler {
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
        let count = samples.count
        func at(_ i: Int) -> Double { i < count ? Double(samples[i]) : 0 }
        return (0..<length).map { n in
            let c = control(n, count: count, length: length)
            let b = Int(c.rounded(.towardZero))
            let a = c - Double(b)
            let value = (at(b) + a * (at(b + 1) - at(b))).rounded(.toNearestOrEven)
            return Int16(max(-32768, min(32767, value)))
        }
    }

    /// Scales interleaved audio channel by channel.
    static func scaleInterleaved(_ samples: [Int16], channels: Int, length: Int) -> [Int16] {
        let perChannel = (0..<channels).map { c in
            scale(stride(from: c, to: samples.count, by: channels).map { samples[$0] }, length: length)
        }
        var out = [Int16]()
        out.reserveCapacity(length * channels)
        for n in 0..<length {
            for c in 0..<channels { out.append(perChannel[c][n]) }
        }
        return out
    }
}

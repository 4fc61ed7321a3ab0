import Foundation

/// SPEC §13's smooth curve written out from its text for judging written
/// files: SciPy's `pchip` slopes (weighted harmonic mean inside, zero where
/// the neighbouring slopes differ in sign or one is zero; the one-sided
/// three-point estimate at the ends, kept to the segment's sign and to
/// three times its slope where the next one turns) and the cubic Hermite
/// form between knots. Knots as MapReference holds them, in milliseconds.
struct PchipReference {
    let x: [Double]
    let y: [Double]
    let m: [Double]

    init(_ map: MapReference) {
        let x = map.knots.map { Double($0.d) / 1000 }
        let y = map.knots.map { Double($0.s) / 1000 }
        self.x = x
        self.y = y
        let n = x.count
        let h = (0..<(n - 1)).map { x[$0 + 1] - x[$0] }
        let slope = (0..<(n - 1)).map { (y[$0 + 1] - y[$0]) / h[$0] }
        if n == 2 {
            m = [slope[0], slope[0]]
            return
        }
        func sign(_ v: Double) -> Double { v > 0 ? 1 : v < 0 ? -1 : 0 }
        func end(_ h0: Double, _ h1: Double, _ m0: Double, _ m1: Double) -> Double {
            let d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
            if sign(d) != sign(m0) { return 0 }
            if sign(m0) != sign(m1) && abs(d) > 3 * abs(m0) { return 3 * m0 }
            return d
        }
        var m = [Double](repeating: 0, count: n)
        for k in 1..<(n - 1) {
            if sign(slope[k]) != sign(slope[k - 1]) || slope[k] == 0 || slope[k - 1] == 0 { continue }
            let w1 = 2 * h[k] + h[k - 1]
            let w2 = h[k] + 2 * h[k - 1]
            m[k] = (w1 + w2) / (w1 / slope[k - 1] + w2 / slope[k])
        }
        m[0] = end(h[0], h[1], slope[0], slope[1])
        m[n - 1] = end(h[n - 2], h[n - 3], slope[n - 2], slope[n - 3])
        self.m = m
    }

    /// The segment of output time `τ` (the last knot at or before it).
    func segment(_ τ: Double) -> Int { min(x.lastIndex { $0 <= τ } ?? 0, x.count - 2) }

    /// σ(τ): the cubic between knots, the last `s` from the last `d` on.
    func σ(_ τ: Double) -> Double {
        if τ >= x[x.count - 1] { return y[y.count - 1] }
        let k = segment(τ)
        let h = x[k + 1] - x[k]
        let t = (τ - x[k]) / h
        return (2 * t * t * t - 3 * t * t + 1) * y[k] + (t * t * t - 2 * t * t + t) * h * m[k]
            + (-2 * t * t * t + 3 * t * t) * y[k + 1] + (t * t * t - t * t) * h * m[k + 1]
    }

    /// Whether the segment of `τ` (a freeze as the last one before it that moves) falls.
    func falls(_ τ: Double) -> Bool {
        var k = segment(τ)
        while k > 0 && y[k + 1] == y[k] { k -= 1 }
        return y[k + 1] < y[k]
    }

    /// For each output frame at `fps`, the frame on screen at σ(k / fps), within 1 µs.
    func frames(times: [Double], fps: Double, count: Int) -> [Int] {
        (0..<count).map { k in
            let τ = Double(k) / fps
            let at = σ(τ)
            if falls(τ) { return times.lastIndex { $0 < at - 1e-6 } ?? 0 }
            return times.lastIndex { $0 <= at + 1e-6 } ?? 0
        }
    }

    /// Tape-style audio (16-bit, interleaved): sample n reads the source at
    /// σ(n / rate) · rate between its two neighbours (0 past the end),
    /// rounded to nearest, ties to even; silent within a freeze's output
    /// samples `silent`; `count` samples per channel.
    func audio(_ samples: [Int16], channels: Int, rate: Int, count: Int, silent: [Range<Int>]) -> [Int16] {
        let frames = samples.count / channels
        var out: [Int16] = []
        for n in 0..<count {
            if silent.contains(where: { $0.contains(n) }) {
                out += [Int16](repeating: 0, count: channels)
                continue
            }
            let position = σ(Double(n) / Double(rate)) * Double(rate)
            let b = Int(position.rounded(.down))
            let a = position - Double(b)
            for c in 0..<channels {
                let left = b < frames ? Double(samples[b * channels + c]) : 0
                let right = b + 1 < frames ? Double(samples[(b + 1) * channels + c]) : 0
                out.append(Int16(max(-32768, min(32767, (left + a * (right - left)).rounded(.toNearestOrEven)))))
            }
        }
        return out
    }
}

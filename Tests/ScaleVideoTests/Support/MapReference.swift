import Foundation

/// SPEC §8 written out from its text for judging written files: where each
/// source frame and each source sample goes along a time map. Knots are
/// given as the command line takes them (`s=d,…`, decimal seconds) and
/// held here in exact milliseconds.
struct MapReference {
    /// (s, d) in milliseconds.
    let knots: [(s: Int, d: Int)]

    init(_ text: String) {
        knots = text.split(separator: ",").map { pair in
            let sides = pair.split(separator: "=").map { Int((Double($0)! * 1000).rounded()) }
            return (sides[0], sides[1])
        }
    }

    init(knots: [(s: Int, d: Int)]) { self.knots = knots }

    /// The knots from `--speed FROM:SPEED,…` in a source lasting `sourceMs`:
    /// `s_0 = 0, d_0 = 0`, `d_j+1 = d_j + (s_j+1 − s_j) / v_j`.
    static func speeds(_ text: String, sourceMs: Int) -> MapReference {
        let changes = text.split(separator: ",").map { pair in
            let sides = pair.split(separator: ":").map { Double($0)! }
            return (from: Int((sides[0] * 1000).rounded()), speed: sides[1])
        }
        var knots = [(s: 0, d: 0)]
        for (j, change) in changes.enumerated() {
            let until = j + 1 < changes.count ? changes[j + 1].from : sourceMs
            knots.append((until, knots[j].d + Int((Double(until - change.from) / change.speed).rounded())))
        }
        return MapReference(knots: knots)
    }

    /// The knots as `--json` shows them: `[s, d]` in seconds.
    var seconds: [[Double]] { knots.map { [Double($0.s) / 1000, Double($0.d) / 1000] } }

    private static let epsilon = 1e-7

    /// g(t) in seconds: linear between knots; at a freeze, a time equal to
    /// its `s` gives its first `d`, later times run from its last; nil
    /// outside the first and last knots' `s`.
    func outputTime(_ t: Double) -> Double? {
        let s = knots.map { Double($0.s) / 1000 }
        let d = knots.map { Double($0.d) / 1000 }
        guard t >= s[0] - Self.epsilon, t <= s[s.count - 1] + Self.epsilon else { return nil }
        if let j = s.firstIndex(where: { abs($0 - t) < Self.epsilon }) { return d[j] }
        let j = s.lastIndex { $0 < t }!
        return d[j] + (t - s[j]) * (d[j + 1] - d[j]) / (s[j + 1] - s[j])
    }

    /// For each output frame k, the source frame it shows: the last i with
    /// g(t_i) ≤ k / fps, the frame on screen at the first knot's `s` (the
    /// last with t_i ≤ it) arriving at 0; N = ceil(D · fps).
    func frames(times: [Double], fps: Double) -> [Int] {
        let start = Double(knots[0].s) / 1000
        let onScreen = times.lastIndex { $0 <= start + Self.epsilon }!
        let arrivals: [Double?] = times.enumerated().map { i, t in
            if i == onScreen { return 0 }
            return t < start ? nil : outputTime(t)
        }
        let count = Int((Double(knots[knots.count - 1].d) / 1000 * fps - 1e-9).rounded(.up))
        return (0..<count).map { k in
            arrivals.lastIndex { $0.map { $0 <= Double(k) / fps + Self.epsilon } ?? false }!
        }
    }

    /// σ(τ) in seconds (SPEC §13): the map read from output time to source
    /// time, linear between knots, the last `s` from the last `d` on.
    func sourceTime(_ τ: Double) -> Double {
        let s = knots.map { Double($0.s) / 1000 }
        let d = knots.map { Double($0.d) / 1000 }
        guard let j = d.lastIndex(where: { $0 <= τ + Self.epsilon }), j + 1 < d.count else { return s[s.count - 1] }
        return s[j] + (τ - d[j]) * (s[j + 1] - s[j]) / (d[j + 1] - d[j])
    }

    /// For each output frame k, the source frame SPEC §13 says it shows: at
    /// σ = σ(k / fps), the last i with t_i ≤ σ where the map rises or holds,
    /// the last with t_i < σ (frame 0 if none) where it falls; a freeze
    /// after a falling segment counts as falling.
    func framesPlayingBackwards(times: [Double], fps: Double) -> [Int] {
        let count = Int((Double(knots[knots.count - 1].d) / 1000 * fps - 1e-9).rounded(.up))
        return (0..<count).map { k in
            let τ = Double(k) / fps
            let σ = sourceTime(τ)
            var j = knots.lastIndex { Double($0.d) / 1000 <= τ + Self.epsilon }!
            j = min(j, knots.count - 2)
            while j > 0 && knots[j + 1].s == knots[j].s { j -= 1 }
            let falling = knots[j + 1].s < knots[j].s
            if falling { return times.lastIndex { $0 < σ - Self.epsilon } ?? 0 }
            return times.lastIndex { $0 <= σ + Self.epsilon } ?? 0
        }
    }

    /// `ms` milliseconds at `rate`, rounded to the nearest sample, ties away from zero.
    private static func samples(_ ms: Int, rate: Int) -> Int { (2 * ms * rate + 1000) / 2000 }

    /// The knots' source samples c_j (clamped to `count`, `count` for a knot
    /// at S) and output boundaries L_j: 0, round(d_j · rate) between, and the
    /// last `Int(Double(c_last − c_0) · F)`, F = d_last / (s_last − s_0).
    func bounds(rate: Int, count: Int, sourceMs: Int) -> (c: [Int], l: [Int]) {
        let c = knots.map { $0.s == sourceMs ? count : min(Self.samples($0.s, rate: rate), count) }
        var l = [0] + knots.dropFirst().dropLast().map { Self.samples($0.d, rate: rate) }
        let first = knots[0]
        let last = knots[knots.count - 1]
        if last.s == first.s {
            l.append(Self.samples(last.d, rate: rate))
        } else {
            l.append(Int(Double(c[c.count - 1] - c[0]) * (Double(last.d) / Double(last.s - first.s))))
        }
        return (c, l)
    }

    /// The scaled audio: segment j takes source samples `c_j ..< c_j+1` (or,
    /// where `s` falls, `c_j+1 ..< c_j` last first, SPEC §13) to
    /// `L_j+1 − L_j` samples by SPEC §5 as if it were the whole signal, a
    /// freeze gives zeros, one segment after another.
    func audio(_ samples: [Int16], channels: Int, rate: Int, sourceMs: Int) -> [Int16] {
        let (c, l) = bounds(rate: rate, count: samples.count / channels, sourceMs: sourceMs)
        let perChannel = ReferenceStretch.deinterleave(samples, channels: channels)
        let scaled = perChannel.map { channel -> [Int16] in
            var out: [Int16] = []
            for j in 0..<(c.count - 1) {
                let length = l[j + 1] - l[j]
                if c[j + 1] == c[j] {
                    out += [Int16](repeating: 0, count: length)
                } else if c[j + 1] < c[j] {
                    out += ReferenceStretch.scale(Array(channel[c[j + 1]..<c[j]].reversed()), length: length)
                } else {
                    out += ReferenceStretch.scale(Array(channel[c[j]..<c[j + 1]]), length: length)
                }
            }
            return out
        }
        return ReferenceStretch.interleave(scaled)
    }
}

/// Where two arrays first differ (a count when one is a prefix of the
/// other), nil when equal: cheap to report, unlike a diff of long arrays.
func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int? {
    if let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return index }
    return a.count == b.count ? nil : min(a.count, b.count)
}

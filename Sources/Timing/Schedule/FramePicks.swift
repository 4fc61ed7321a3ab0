/// Which source frame each output frame shows along a time map that may
/// play backwards or run as a smooth curve (SPEC §13), worked out from the
/// output's side: output frame k shows, at σ(k / fps), the last frame i
/// with `t_i <= σ` where the map rises or holds, and the last with
/// `t_i < σ` (frame 0 when there is none) where it falls. Along straight
/// lines times are compared exactly, in the stream's time base; along the
/// smooth curve within 1 µs.
package struct FramePicks: Sendable, Equatable {
    /// One source frame, and the consecutive output frames that show it.
    package struct Run: Sendable, Equatable {
        /// The frame's place among the source's frames in presentation order.
        package let frame: Int
        package let outputs: Range<Int>
    }

    /// The runs in output order, covering output frames 0 ..< N once each.
    package let runs: [Run]

    /// - Parameters:
    ///   - map: the map, times in seconds after the first frame.
    ///   - fps: the output frame rate.
    ///   - frameCount: N.
    ///   - times: every source frame's presentation time after the first
    ///     frame's, in `timeBase` units, ascending (the first is 0).
    /// nil when a time does not fit in 64-bit terms.
    package init?(map: TimeMap, fps: Rational, frameCount: Int, times: [Int64], timeBase: Rational) {
        guard !times.isEmpty, let frame = fps.reciprocal else { return nil }
        if let smooth = map.smoothCurve {
            let seconds = times.map { Double($0) * timeBase.doubleValue }
            self.init(frameCount: frameCount) { k in
                let τ = Double(k) / fps.doubleValue
                return Self.lastFrame(in: seconds, around: smooth.sourceTime(atOutput: τ), orAt: !smooth.playsBackwards(atOutput: τ))
            }
            return
        }
        guard let picks = Self(frameCount: frameCount, pick: { k in
            guard let τ = frame.multiplied(by: Rational(Int64(k), 1)!), let σ = map.sourceTime(atOutput: τ),
                let units = σ.divided(by: timeBase)
            else { return nil }
            return Self.lastFrame(in: times, before: units, orAt: !map.playsBackwards(atOutput: τ))
        }) else { return nil }
        self = picks
    }

    /// The runs of the frames `pick` names for output frames 0 ..< `frameCount`; nil where it names none.
    private init?(frameCount: Int, pick: (Int) -> Int?) {
        var runs: [Run] = []
        for k in 0..<frameCount {
            guard let shown = pick(k) else { return nil }
            if let last = runs.last, last.frame == shown {
                runs[runs.count - 1] = Run(frame: shown, outputs: last.outputs.lowerBound..<(k + 1))
            } else {
                runs.append(Run(frame: shown, outputs: k..<(k + 1)))
            }
        }
        self.runs = runs
    }

    /// Along the smooth curve (compared within 1 µs, SPEC §13): the last
    /// index i with `seconds[i] < σ` (or `<=` when `orAt`); 0 when there is none.
    private static func lastFrame(in seconds: [Double], around σ: Double, orAt: Bool) -> Int {
        let bound = orAt ? σ + 1e-6 : σ - 1e-6
        var low = 0
        var high = seconds.count
        while low < high {
            let middle = (low + high) / 2
            if orAt ? seconds[middle] <= bound : seconds[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The last index i with `times[i] < units` (or `<=` when `orAt`); 0 when there is none.
    private static func lastFrame(in times: [Int64], before units: Rational, orAt: Bool) -> Int {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            let product = Int128(times[middle]) * Int128(units.denominator)
            let number = Int128(units.numerator)
            if product < number || (orAt && product == number) { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }
}

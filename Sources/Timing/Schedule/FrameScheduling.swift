/// How a lane's FrameSchedule is built from the retiming (a factor is the
/// map `start = 0, start + S = D`), the output rate, the source's time base
/// and the window of output frames made.
extension FrameSchedule {
    /// Along `retiming`, the frames arriving in presentation order: held
    /// (nearest) or `moving` (blend, flow); output frames up to the
    /// window's end decided, those before its start not made. nil where
    /// the times do not fit in 64-bit terms.
    package convenience init?(retiming: Retiming, fps: Rational, timeBase: Rational, window: Range<Int>, moving: Bool) {
        guard let landing = Landing(retiming: retiming, fps: fps, timeBase: timeBase),
            var clock = FrameClock(landing: landing, frameCount: window.upperBound)
        else { return nil }
        clock.firstWanted = window.lowerBound
        guard moving else {
            self.init(holding: clock)
            return
        }
        self.init(moving: MotionPlan(landing: landing, frameCount: window.upperBound), skipping: window.lowerBound > 0 ? clock : nil)
    }

    /// Nearest along `map`, which falls or runs as the smooth curve: the
    /// frames (their presentation `times` after the first, in `timeBase`
    /// units, ascending) picked from the output's side (FramePicks), those
    /// that fill an output frame of `window` read in the output's order.
    /// nil where a time does not fit in 64-bit terms.
    package convenience init?(picking map: TimeMap, fps: Rational, frameCount: Int, times: [Int64], timeBase: Rational, window: Range<Int>) {
        guard let picks = FramePicks(map: map, fps: fps, frameCount: frameCount, times: times, timeBase: timeBase) else { return nil }
        self.init(picking: picks.runs.filter { $0.outputs.overlaps(window) })
    }
}

extension Landing {
    /// Along `retiming` (a factor is the map `start = 0, start + S = D`).
    package init?(retiming: Retiming, fps: Rational, timeBase: Rational) {
        guard let map = retiming.map else { return nil }
        self.init(knots: map.knots, fps: fps, timeBase: timeBase)
    }
}

extension Retiming {
    /// Whether some of the source plays backwards, or the map runs as the
    /// smooth curve (SPEC §13): which frame each output frame shows is then
    /// worked out from the output's side, and the frames are read a
    /// key-frame interval at a time, where they lie.
    package var picksFrames: Bool {
        if case .map(let map) = self { return !map.isForwardAndStraight }
        return false
    }

    /// Where the part of the source shown ends, in seconds after its first frame.
    package var sourceEnd: Rational? {
        switch self {
        case .factor(let scale, let start): start.adding(scale.sourceDuration)
        case .map(let map): map.highestSource
        }
    }
}

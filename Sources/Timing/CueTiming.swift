/// Where a subtitle cue shown from `a` to `b` on the source's time line
/// shows on the output's (SPEC §11): from g(a) to g(b). A cue wholly
/// outside the part of the source kept is left out, one crossing a cut is
/// clipped to it, and one on screen when a freeze starts stays on screen
/// through the freeze (g(s) at a freeze is its first `d`, and a time after
/// it lands after the freeze). A cue of no length (a picture subtitle's
/// packet, which shows or clears a picture) is a point: one before the part
/// kept lands at its start, as the frame on screen there does, and one
/// after it is left out.
public enum CueTiming {
    /// The cue from `start` to `end`, in seconds on the source's time line,
    /// along `map` (SPEC §8). A cue still on screen past the map's last `s`
    /// lasts to D, through a freeze there.
    public static func retimed(start: Rational, end: Rational, along map: TimeMap) -> (start: Rational, end: Rational)? {
        if start == end {
            guard let at = map.outputTime(at: max(start, map.sourceStart)) else { return nil }
            return (at, at)
        }
        guard end > map.sourceStart, start < map.sourceEnd || (start == map.sourceEnd && end > start && map.endsInFreeze)
        else { return nil }
        let first = max(start, map.sourceStart)
        guard let retimedStart = map.outputTime(at: first),
            let retimedEnd = end > map.sourceEnd ? map.duration : map.outputTime(at: end),
            retimedStart < retimedEnd
        else { return nil }
        return (retimedStart, retimedEnd)
    }
}

extension TimeMap {
    /// Its last segment is a freeze: the picture at its last `s` is held to D.
    package var endsInFreeze: Bool {
        knots.count >= 2 && knots[knots.count - 1].source == knots[knots.count - 2].source
    }
}

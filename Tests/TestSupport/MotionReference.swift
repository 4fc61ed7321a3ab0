import Timing

/// Each output frame as weights of source frames (by index), summing to 1.
public typealias Recipe = [Int: Rational]

/// SPEC §9's blend in its own words, from all the timestamps at once:
/// frames land at p_i = g(t_i) (the one on screen at the first knot at 0,
/// frames before it and past the last knot left out); output frame k at
/// τ = k / fps is the mean of the frames with p in [τ, τ + 1/fps) when there
/// are two or more, else the crossfade of the frame on screen at τ into the
/// next by w = (τ − q) / (p_next − q), q the later of p_i and the end of a
/// freeze between them, w = 0 before q; the last frame held after it.
public func expectedRecipes(timestamps: [Int64], timeBase: Rational, knots: [TimeMap.Knot], fps: Rational, frameCount: Int)
    -> [Recipe]
{
    let times = timestamps.map { timeBase.multiplied(by: Rational($0 - timestamps[0], 1)!)! }
    let start = times.lastIndex(where: { $0 <= knots.first!.source })!
    let landing: [Rational?] = times.enumerated().map { i, t in
        if i == start { return .zero }
        if t < knots.first!.source { return nil }
        return referenceOutputTime(knots, at: t)
    }
    let shown = landing.indices.filter { landing[$0] != nil }
    let frame = fps.reciprocal!
    let freezes = zip(knots, knots.dropFirst()).filter { $0.source == $1.source }
    return (0..<frameCount).map { k in
        let tau = Rational(Int64(k), 1)!.divided(by: fps)!
        let inWindow = shown.filter { landing[$0]! >= tau && landing[$0]! < tau.adding(frame)! }
        if inWindow.count >= 2 {
            let share = Rational(1, Int64(inWindow.count))!
            return Dictionary(uniqueKeysWithValues: inWindow.map { ($0, share) })
        }
        let on = shown.last(where: { landing[$0]! <= tau })!
        guard let next = shown.first(where: { $0 > on }) else { return [on: r("1")] }
        let ends = freezes.filter { $0.0.source >= times[on] && $0.0.source < times[next] }.map { $0.1.output }
        let q = max(landing[on]!, ends.max() ?? landing[on]!)
        guard tau > q else { return [on: r("1")] }
        let w = tau.subtracting(q)!.divided(by: landing[next]!.subtracting(q)!)!
        return [on: r("1").subtracting(w)!, next: w]
    }
}
import Timing

/// g(t) from SPEC §8's words: linear between the knots around t; at a knot's
/// `s`, the first knot with that `s` (a freeze's first `d`).
public func referenceOutputTime(_ knots: [TimeMap.Knot], at t: Rational) -> Rational? {
    guard t >= knots.first!.source, t <= knots.last!.source else { return nil }
    if t == knots.first!.source { return knots.first!.output }
    let j = knots.lastIndex(where: { $0.source < t })!
    let a = knots[j]
    let b = knots[j + 1]
    if b.source == t { return b.output }
    let fraction = t.subtracting(a.source)!.divided(by: b.source.subtracting(a.source)!)!
    return a.output.adding(fraction.multiplied(by: b.output.subtracting(a.output)!)!)!
}
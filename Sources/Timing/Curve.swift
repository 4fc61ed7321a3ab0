/// How a time map runs between its knots (SPEC §13).
public enum Curve: String, Sendable, CaseIterable {
    /// Straight lines: each segment at one speed, the speed jumping at a knot.
    case linear
    /// The monotone cubic through the knots (SmoothCurve): the speed changes without jumps.
    case smooth
}

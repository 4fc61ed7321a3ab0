import CStretchKernel

/// The control points of SPEC §5: for each of `length` output samples, a
/// fractional index into the `count` source samples. The integer part picks
/// a sample, the fraction weighs it against the next.
///
/// A virtual array: each point is computed on demand with the exact
/// expressions of the specification, so any block of points equals the same
/// block of the whole array, bit for bit.
public struct ControlPoints: Sendable {
    /// Source samples per channel.
    public let count: Int
    /// Output samples per channel: how many points there are.
    public let length: Int
    private let rule: Rule

    private enum Rule: Sendable {
        case zero
        /// Slowing down: `floor(x) + smoothstep(fract(x))`, x = n / denominator.
        case smooth(denominator: Double)
        /// `(count − 1) · n / (length − 1)`.
        case linear(span: Double, divisor: Double)
    }

    /// The points taking `count` source samples to `length` output samples; both positive.
    public init(count: Int, length: Int) {
        precondition(count > 0 && length > 0, "control points need samples")
        self.count = count
        self.length = length
        if length == 1 || count == 1 {
            rule = .zero
        } else if length > count {
            rule = .smooth(denominator: Double(length - 1) / Double(count - 1))
        } else {
            rule = .linear(span: Double(count - 1), divisor: Double(length - 1))
        }
    }

    /// The rule as the C kernel takes it, for every point but the last;
    /// nil where every point is 0.
    var kernelRule: sv_control_rule? {
        switch rule {
        case .zero: nil
        case .smooth(let denominator): sv_control_rule(kind: SV_RULE_SMOOTH, a: denominator, b: 0)
        case .linear(let span, let divisor): sv_control_rule(kind: SV_RULE_LINEAR, a: span, b: divisor)
        }
    }

    /// Control point n, 0 ≤ n < length.
    @inline(__always)
    public subscript(n: Int) -> Double {
        if n == length - 1, length > 1 { return Double(count - 1) }
        switch rule {
        case .zero:
            return 0
        case .smooth(let denominator):
            let x = Double(n) / denominator
            // floor(x): x is never negative, and far below 2⁶³.
            let whole = Double(Int64(x))
            let t = x - whole
            return whole + t * t * (3 - 2 * t)
        case .linear(let span, let divisor):
            return span * Double(n) / divisor
        }
    }
}

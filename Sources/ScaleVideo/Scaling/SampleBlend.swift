/// Crossfades a row of picture samples into another by an exact weight w:
/// `(1 − w) · a + w · b` rounded to the nearest integer, ties up (SPEC §9).
///
/// That is `a + round(w · (b − a))`, and `round(w · δ)` is looked up in a
/// table made once per weight for every difference δ a sample can have, so
/// the rounding is exact for any weight and the loop does no arithmetic
/// beyond an add.
public struct Crossfade: Sendable {
    /// `round(w · δ)` at `δ + largest`.
    private let offsets: [Int32]
    /// The largest sample value, e.g. 255 or 1023; larger ones are read as it.
    private let largest: Int

    /// nil when the weight is not in [0, 1].
    public init?(weight: Rational, largest: Int) {
        let n = Int128(weight.numerator)
        let d = Int128(weight.denominator)
        guard n >= 0, n <= d, largest > 0 else { return nil }
        self.largest = largest
        offsets = (-largest...largest).map { delta in
            // floor((2·δ·n + d) / 2d), the floor of a negative quotient rounded down.
            let top = 2 * Int128(delta) * n + d
            let bottom = 2 * d
            let q = top / bottom
            return Int32(top % bottom < 0 ? q - 1 : q)
        }
    }

    /// Writes the crossfade of `a` into `b`, sample by sample, to `out` (all of one length).
    public func apply(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) {
        offsets.withUnsafeBufferPointer { table in
            let middle = table.baseAddress! + largest
            for i in 0..<out.count {
                let x = Int32(a[i])
                out[i] = UInt8(truncatingIfNeeded: x &+ middle[Int(Int32(b[i]) &- x)])
            }
        }
    }

    /// As for 8-bit samples, for samples up to `largest` held in 16 bits.
    public func apply(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>, into out: UnsafeMutableBufferPointer<UInt16>) {
        let top = UInt16(clamping: largest)
        offsets.withUnsafeBufferPointer { table in
            let middle = table.baseAddress! + largest
            for i in 0..<out.count {
                let x = Int32(min(a[i], top))
                out[i] = UInt16(truncatingIfNeeded: x &+ middle[Int(Int32(min(b[i], top)) &- x)])
            }
        }
    }
}

/// The mean of n rows of picture samples, rounded to the nearest integer,
/// ties up (SPEC §9): the rows are summed in 32 bits as they come, then each
/// sum s becomes `floor((2s + n) / 2n)`, the division done as an exact
/// multiply and shift chosen once for n.
public struct SampleMean: Sendable {
    public let count: Int
    private let multiplier: UInt64
    private let shift: UInt64

    /// nil when `count` rows of samples up to `largest` do not fit the sums
    /// or the exact division (for 16-bit samples, from some 33,000 rows).
    public init?(count: Int, largest: Int) {
        guard count > 0, largest > 0 else { return nil }
        let n = UInt128(count)
        let highest = 2 * UInt128(largest) * n + n
        guard UInt128(largest) * n <= UInt128(UInt32.max) else { return nil }
        let divisor = 2 * n
        // floor(x · m / 2^k) = floor(x / divisor) for every x ≤ highest when
        // m = ceil(2^k / divisor) and highest · (m · divisor − 2^k) < 2^k.
        for k in 32...63 {
            let power = UInt128(1) << k
            let m = (power + divisor - 1) / divisor
            guard highest * m < UInt128(1) << 64 else { break }
            if highest * (m * divisor - power) < power {
                self.count = count
                multiplier = UInt64(m)
                shift = UInt64(k)
                return
            }
        }
        return nil
    }

    /// `sum = a + b`, sample by sample.
    public static func start(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<sum.count { sum[i] = UInt32(a[i]) &+ UInt32(b[i]) }
    }

    public static func start(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<sum.count { sum[i] = UInt32(a[i]) &+ UInt32(b[i]) }
    }

    /// `sum += a`, sample by sample; the sum cannot overflow within the count it was made for.
    public static func add(_ a: UnsafeBufferPointer<UInt8>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<sum.count { sum[i] &+= UInt32(a[i]) }
    }

    public static func add(_ a: UnsafeBufferPointer<UInt16>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<sum.count { sum[i] &+= UInt32(a[i]) }
    }

    /// Writes the mean of the `count` rows summed in `sum` to `out`.
    public func apply(_ sum: UnsafeBufferPointer<UInt32>, into out: UnsafeMutableBufferPointer<UInt8>) {
        let n = UInt64(count)
        for i in 0..<out.count {
            out[i] = UInt8(truncatingIfNeeded: ((2 &* UInt64(sum[i]) &+ n) &* multiplier) &>> shift)
        }
    }

    public func apply(_ sum: UnsafeBufferPointer<UInt32>, into out: UnsafeMutableBufferPointer<UInt16>) {
        let n = UInt64(count)
        for i in 0..<out.count {
            out[i] = UInt16(truncatingIfNeeded: ((2 &* UInt64(sum[i]) &+ n) &* multiplier) &>> shift)
        }
    }
}

import CBlendKernel

/// Crossfades a row of picture samples into another by an exact weight
/// w = n/d: `(1 − w) · a + w · b` rounded to the nearest integer, ties up
/// (SPEC §9), that is `floor((2(d − n)·a + 2n·b + d) / 2d)`.
///
/// When d is small enough (up to 128 for 8-bit samples, 31 for 10-bit)
/// that x fits 16 bits and the division is an exact 16-bit multiply-high
/// and shift, the loop does just that, in vector registers (for 8-bit
/// samples in C, BlendKernel.c, with AVX2 where the processor has it).
/// Otherwise it adds `round(w · (b − a))`, looked up in a table made once
/// per weight for every difference a sample can have. Either way the
/// rounding is exact.
public struct Crossfade: Sendable {
    /// `2(d − n)`, `2n`, `d`, the multiplier and the shift of the small-d path.
    private let fast: (a: UInt16, b: UInt16, bias: UInt16, multiplier: UInt16, shift: UInt16)?
    /// `round(w · δ)` at `δ + largest`, when d is not small.
    private let offsets: [Int32]
    /// The largest sample value, e.g. 255 or 1023; larger ones are read as it.
    private let largest: Int

    /// nil when the weight is not in [0, 1].
    public init?(weight: Rational, largest: Int) {
        let n = Int128(weight.numerator)
        let d = Int128(weight.denominator)
        guard n >= 0, n <= d, largest > 0 else { return nil }
        self.largest = largest
        fast = Self.halfDivision(d: d, largest: Int128(largest)).map {
            (UInt16(2 * (d - n)), UInt16(2 * n), UInt16(d), $0.multiplier, $0.shift)
        }
        offsets = fast != nil ? [] : (-largest...largest).map { delta in
            // floor((2·δ·n + d) / 2d), the floor of a negative quotient rounded down.
            let top = 2 * Int128(delta) * n + d
            let bottom = 2 * d
            let q = top / bottom
            return Int32(top % bottom < 0 ? q - 1 : q)
        }
    }

    /// The 16-bit division of x ≤ 2d · largest + d by 2d (x < 2^16):
    /// floor(x · m / 2^(16 + s)) = floor(x / 2d) when m = ceil(2^(16 + s) / 2d)
    /// < 2^16 and xmax · (m · 2d − 2^(16 + s)) < 2^(16 + s); nil when there is none.
    static func halfDivision(d: Int128, largest: Int128) -> (multiplier: UInt16, shift: UInt16)? {
        let divisor = 2 * d
        let highest = divisor * largest + d
        guard highest <= Int128(UInt16.max) else { return nil }
        for s in 0..<16 {
            let power = Int128(1) << (16 + s)
            let m = (power + divisor - 1) / divisor
            guard m <= Int128(UInt16.max) else { return nil }
            if highest * (m * divisor - power) < power { return (UInt16(m), UInt16(s)) }
        }
        return nil
    }

    /// Writes the crossfade of `a` into `b`, sample by sample, to `out` (all of one length).
    public func apply(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) {
        if let (wa, wb, bias, m, s) = fast {
            sv_fade8(a.baseAddress, b.baseAddress, out.baseAddress, Int64(out.count), wa, wb, bias, m, s)
            return
        }
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
        if let (wa, wb, bias, m, s) = fast {
            for i in 0..<out.count {
                let x = min(a[i], top) &* wa &+ min(b[i], top) &* wb &+ bias
                out[i] = UInt16(truncatingIfNeeded: (UInt32(x) &* UInt32(m)) &>> 16) &>> s
            }
            return
        }
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
/// multiply and shift chosen once for n: in 16-bit lanes when 2s + n fits
/// them (8-bit samples, up to 128 rows), else in 64 bits. The sums and the
/// 16-bit division run in C (BlendKernel.c).
public struct SampleMean: Sendable {
    /// n, the rows averaged.
    public let count: Int
    private let multiplier: UInt64
    private let shift: UInt64
    private let narrow: (multiplier: UInt16, shift: UInt16)?

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
                narrow = Crossfade.halfDivision(d: Int128(count), largest: Int128(largest))
                return
            }
        }
        return nil
    }

    /// `sum = a + b`, sample by sample.
    public static func start(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        sv_sum8_start(a.baseAddress, b.baseAddress, sum.baseAddress, Int64(sum.count))
    }

    /// `sum = a + b`, sample by sample, for 16-bit samples.
    public static func start(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        sv_sum16_start(a.baseAddress, b.baseAddress, sum.baseAddress, Int64(sum.count))
    }

    /// `sum += a`, sample by sample; the sum cannot overflow within the count it was made for.
    public static func add(_ a: UnsafeBufferPointer<UInt8>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        sv_sum8_add(a.baseAddress, sum.baseAddress, Int64(sum.count))
    }

    /// `sum += a`, sample by sample, for 16-bit samples.
    public static func add(_ a: UnsafeBufferPointer<UInt16>, into sum: UnsafeMutableBufferPointer<UInt32>) {
        sv_sum16_add(a.baseAddress, sum.baseAddress, Int64(sum.count))
    }

    /// Writes the mean of the `count` rows summed in `sum` to `out`.
    public func apply(_ sum: UnsafeBufferPointer<UInt32>, into out: UnsafeMutableBufferPointer<UInt8>) {
        if let (m, s) = narrow {
            sv_mean8(sum.baseAddress, out.baseAddress, Int64(out.count), UInt16(count), m, s)
            return
        }
        let n = UInt64(count)
        for i in 0..<out.count {
            out[i] = UInt8(truncatingIfNeeded: ((2 &* UInt64(sum[i]) &+ n) &* multiplier) &>> shift)
        }
    }

    /// Writes the mean of the `count` rows summed in `sum` to `out`, for 16-bit samples.
    public func apply(_ sum: UnsafeBufferPointer<UInt32>, into out: UnsafeMutableBufferPointer<UInt16>) {
        let n = UInt64(count)
        for i in 0..<out.count {
            out[i] = UInt16(truncatingIfNeeded: ((2 &* UInt64(sum[i]) &+ n) &* multiplier) &>> shift)
        }
    }
}

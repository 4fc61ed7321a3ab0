/// A sample type the audio stretch can work in. Interpolation is done in
/// `Double`; `init(scaled:)` brings the result back to the type: integers
/// round to nearest (ties to even) at their precision and clamp to their
/// range, floats convert as they are.
public protocol PCMSample: Sendable {
    /// The sample of no sound: 0.
    static var silence: Self { get }
    /// The value of full scale: 0 dBFS.
    static var fullScale: Double { get }
    /// The sample as a `Double`, at the type's own scale (full scale is `fullScale`).
    var value: Double { get }
    /// The sample for `value` at the type's own scale: integers rounded and clamped, floats as they are.
    init(scaled value: Double)
}

extension Int16: PCMSample {
    /// No sound: 0.
    public static var silence: Int16 { 0 }
    /// 0 dBFS: 32767.
    public static var fullScale: Double { Double(Int16.max) }
    /// The sample, exactly.
    @inline(__always) public var value: Double { Double(self) }

    /// SPEC §5: rounded to nearest, ties to even, clamped to Int16 (which,
    /// the bounds being whole, is the same clamped first). Written out per
    /// type: a shared generic form measured three times slower.
    @inline(__always) public init(scaled value: Double) {
        self = Int16(truncatingIfNeeded: Swift.min(Swift.max(value, -32768), 32767).roundedBits)
    }
}

extension Int32: PCMSample {
    /// No sound: 0.
    public static var silence: Int32 { 0 }
    /// 0 dBFS: 2³¹ − 1.
    public static var fullScale: Double { Double(Int32.max) }
    /// The sample, exactly.
    @inline(__always) public var value: Double { Double(self) }

    /// Rounded to nearest, ties to even, clamped to Int32.
    @inline(__always) public init(scaled value: Double) {
        self = Int32(truncatingIfNeeded: Swift.min(Swift.max(value, -2_147_483_648), 2_147_483_647).roundedBits)
    }
}

/// A 24-bit sample stored as FFmpeg stores it: in the top 24 bits of a
/// 32-bit integer. Rounds at 24-bit precision, so no value falls between
/// two 24-bit steps.
public struct Sample24: PCMSample, Equatable {
    /// The sample in the top 24 bits; the low 8 bits are zero.
    public var raw: Int32

    /// The sample stored as `raw`, as FFmpeg gives it.
    public init(raw: Int32) { self.raw = raw }

    /// No sound: 0.
    public static var silence: Sample24 { Sample24(raw: 0) }
    /// 0 dBFS: 2³¹ − 1, at the scale of `raw`.
    public static var fullScale: Double { Double(Int32.max) }
    /// `raw`, exactly.
    @inline(__always) public var value: Double { Double(raw) }

    /// Rounded to the nearest 24-bit step (256 of `raw`), ties to even, clamped to 24 bits.
    @inline(__always) public init(scaled value: Double) {
        raw = Int32(truncatingIfNeeded: min(max(value / 256, -8_388_608), 8_388_607).roundedBits) &* 256
    }
}

extension Float: PCMSample {
    /// No sound: 0.
    public static var silence: Float { 0 }
    /// 0 dBFS: 1.
    public static var fullScale: Double { 1 }
    /// The sample, exactly.
    @inline(__always) public var value: Double { Double(self) }
    /// The nearest `Float`, unclamped.
    @inline(__always) public init(scaled value: Double) { self = Float(value) }
}

extension Double {
    /// The value rounded to nearest, ties to even, as an integer in the low
    /// bits of the result (two's complement), for a value within ±2³¹:
    /// adding 1.5 · 2⁵² leaves no room for a fraction, so the addition
    /// itself rounds, as the processor does (to nearest, ties to even), and
    /// the sum's low mantissa bits are the rounded value. The same as
    /// `Int64(rounded(.toNearestOrEven))` there, without the call to the C
    /// library's `rint` and the checks of a conversion.
    @inline(__always) var roundedBits: Int64 { Int64(bitPattern: (self + 0x1.8p52).bitPattern) }
}

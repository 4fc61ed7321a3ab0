/// A sample type the audio scaler can work in. Interpolation is done in
/// `Double`; `init(scaled:)` brings the result back to the type: integers
/// round to nearest (ties to even) at their precision and clamp to their
/// range, floats convert as they are.
public protocol PCMSample: Sendable {
    static var silence: Self { get }
    /// The value of full scale: 0 dBFS.
    static var fullScale: Double { get }
    var value: Double { get }
    init(scaled value: Double)
}

extension Int16: PCMSample {
    public static var silence: Int16 { 0 }
    public static var fullScale: Double { Double(Int16.max) }
    @inline(__always) public var value: Double { Double(self) }

    /// SPEC §5: rounded to nearest, ties to even, clamped to Int16 (which,
    /// the bounds being whole, is the same clamped first). Written out per
    /// type: a shared generic form measured three times slower.
    @inline(__always) public init(scaled value: Double) {
        self = Int16(truncatingIfNeeded: Swift.min(Swift.max(value, -32768), 32767).roundedBits)
    }
}

extension Int32: PCMSample {
    public static var silence: Int32 { 0 }
    public static var fullScale: Double { Double(Int32.max) }
    @inline(__always) public var value: Double { Double(self) }

    @inline(__always) public init(scaled value: Double) {
        self = Int32(truncatingIfNeeded: Swift.min(Swift.max(value, -2_147_483_648), 2_147_483_647).roundedBits)
    }
}

/// A 24-bit sample stored as FFmpeg stores it: in the top 24 bits of a
/// 32-bit integer. Rounds at 24-bit precision, so no value falls between
/// two 24-bit steps.
public struct Sample24: PCMSample, Equatable {
    public var raw: Int32

    public init(raw: Int32) { self.raw = raw }

    public static var silence: Sample24 { Sample24(raw: 0) }
    public static var fullScale: Double { Double(Int32.max) }
    @inline(__always) public var value: Double { Double(raw) }

    @inline(__always) public init(scaled value: Double) {
        raw = Int32(truncatingIfNeeded: min(max(value / 256, -8_388_608), 8_388_607).roundedBits) &* 256
    }
}

extension Float: PCMSample {
    public static var silence: Float { 0 }
    public static var fullScale: Double { 1 }
    @inline(__always) public var value: Double { Double(self) }
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

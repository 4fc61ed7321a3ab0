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

    /// SPEC §5: rounded to nearest, ties to even, clamped to Int16. Written
    /// out per type: a shared generic form measured three times slower.
    @inline(__always) public init(scaled value: Double) {
        self = Int16(Swift.min(Swift.max(value.rounded(.toNearestOrEven), -32768), 32767))
    }
}

extension Int32: PCMSample {
    public static var silence: Int32 { 0 }
    public static var fullScale: Double { Double(Int32.max) }
    @inline(__always) public var value: Double { Double(self) }

    @inline(__always) public init(scaled value: Double) {
        self = Int32(Swift.min(Swift.max(value.rounded(.toNearestOrEven), -2_147_483_648), 2_147_483_647))
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
        let steps = (value / 256).rounded(.toNearestOrEven)
        raw = Int32(min(max(steps, -8_388_608), 8_388_607)) &* 256
    }
}

extension Float: PCMSample {
    public static var silence: Float { 0 }
    public static var fullScale: Double { 1 }
    @inline(__always) public var value: Double { Double(self) }
    @inline(__always) public init(scaled value: Double) { self = Float(value) }
}

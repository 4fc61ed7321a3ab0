/// The families of sample formats: what the source's decoder gives, and
/// the type the stretch works in (FFmpeg's formats map onto them in
/// FFmpeg/Bridges).
enum SampleFamily: Sendable, Equatable {
    case int16, int24, int32, float

    var description: String {
        switch self {
        case .int16: "16-bit"
        case .int24: "24-bit"
        case .int32: "32-bit"
        case .float: "32-bit float"
        }
    }
}

import CFFmpeg

/// A failed libav* call: the C error code and what was being done. The
/// message is looked up only when shown.
public struct FFmpegError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let operation: String

    public init(_ code: Int32, _ operation: String) {
        self.code = code
        self.operation = operation
    }

    public var message: String {
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { "\(operation): \(message)" }

    public var isInvalidData: Bool { code == SV_AVERROR_INVALIDDATA }
}

/// Throws for a negative libav* result; returns the result otherwise.
@discardableResult
func check(_ result: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    if result < 0 { throw FFmpegError(result, operation()) }
    return result
}

/// What a receive call gave.
enum Received {
    case value
    case needsInput
    case end
}

/// Maps a receive call's result: EAGAIN and EOF mean "no more output now".
func received(_ result: Int32, _ operation: @autoclosure () -> String) throws -> Received {
    if result == SV_AVERROR_EAGAIN { return .needsInput }
    if result == SV_AVERROR_EOF { return .end }
    try check(result, operation())
    return .value
}

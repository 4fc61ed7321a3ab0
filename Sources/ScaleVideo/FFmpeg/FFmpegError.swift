import CFFmpeg

/// A failed libav* call: the C error code and what was being done. The
/// message is looked up only when shown.
public struct FFmpegError: Error, CustomStringConvertible, Sendable {
    /// The negative error code the call returned (an `AVERROR`).
    public let code: Int32
    /// What was being done, in words: "cannot open decoder", a C function's name.
    public let operation: String

    /// The failure `code` of a call made for `operation`.
    public init(_ code: Int32, _ operation: String) {
        self.code = code
        self.operation = operation
    }

    /// FFmpeg's words for `code` (`av_strerror`), or "error N" when it has none.
    public var message: String {
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// "operation: message".
    public var description: String { "\(operation): \(message)" }

    /// An input or output failure (`EIO`) while doing `operation`.
    static func inputOutput(_ operation: String) -> FFmpegError { FFmpegError(sv_averror(EIO), operation) }

    /// An argument that cannot be (`EINVAL`) for `operation`.
    static func invalid(_ operation: String) -> FFmpegError { FFmpegError(sv_averror(EINVAL), operation) }

    /// A count out of range (`ERANGE`) for `operation`.
    static func outOfRange(_ operation: String) -> FFmpegError { FFmpegError(sv_averror(ERANGE), operation) }

    /// Memory that could not be had (`ENOMEM`) for `operation`.
    static func outOfMemory(_ operation: String) -> FFmpegError { FFmpegError(sv_averror(ENOMEM), operation) }

    /// The data read was damaged (`AVERROR_INVALIDDATA`), as opposed to a failure of the machine.
    public var isInvalidData: Bool { code == SV_AVERROR_INVALIDDATA }

    /// Memory could not be had (`ENOMEM`); from a demuxer, a size in the file too large to be true.
    public var isOutOfMemory: Bool { code == SV_AVERROR_ENOMEM }
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

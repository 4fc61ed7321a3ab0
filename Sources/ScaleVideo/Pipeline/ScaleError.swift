import Foundation

/// Why a conversion could not be done, in words for the person who asked.
public enum ScaleError: Error, CustomStringConvertible, Sendable {
    case notFound
    case isDirectory
    case empty
    case notRegularFile
    case notMedia(String)
    case noVideo
    case noAudioTrack(Int, available: Int)
    case unknownDuration
    case noFrames
    case truncated(endsAt: Double, declared: Double)
    case impossibleTarget
    case outputExists(String)
    case outputIsInput
    case unsupportedContainer(String)
    case audioCodecNotInContainer(AudioCodec, String)
    case failed(String)
    case cancelled

    public var description: String {
        switch self {
        case .notFound: "no such file"
        case .isDirectory: "is a directory, not a movie"
        case .empty: "is empty"
        case .notRegularFile: "is not a regular file (a pipe or a device cannot be read more than once)"
        case .notMedia(let reason): "not a readable movie (\(reason))"
        case .noVideo: "has no video stream"
        case .noAudioTrack(let track, let available):
            "has no audio track \(track) (it has \(available == 0 ? "none" : String(available)))"
        case .unknownDuration: "its duration is unknown"
        case .noFrames: "no video frame could be decoded"
        case .truncated(let end, let declared):
            "truncated or damaged: its video stops at \(Self.seconds(end)) s of the \(Self.seconds(declared)) s it declares"
        case .impossibleTarget: "the target duration cannot be reached from this source"
        case .outputExists(let path): "\(path) already exists (use --overwrite to replace it)"
        case .outputIsInput: "the output would replace the input"
        case .unsupportedContainer(let path): "cannot choose a container for \(path) (use .mov, .mp4, .m4v or .mkv)"
        case .audioCodecNotInContainer(let codec, let path):
            "\(codec.rawValue) audio cannot be stored in \(path) (use --audio-codec aac or a .mov/.mkv output)"
        case .failed(let reason): reason
        case .cancelled: "cancelled"
        }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }
}

import FoundationEssentials
import Glibc

/// Why a conversion could not be done, in words for the person who asked.
public enum ScaleError: Error, CustomStringConvertible, Sendable {
    case notFound
    case isDirectory
    case empty
    case notRegularFile
    case notMedia(String)
    case noStreams
    case noAudioToWrite(String)
    case noAudioSamples
    case startPastEnd(start: Double, duration: Double)
    case noAudioTrack(Int, available: Int)
    case unknownDuration
    case noFrames
    case truncated(endsAt: Double, declared: Double)
    case audioStopsEarly(missing: Double)
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
        case .noStreams: "has no video or audio stream"
        case .noAudioToWrite(let path): "has no audio to write to \(path)"
        case .noAudioSamples: "its audio holds no samples to scale"
        case .startPastEnd(let start, let duration):
            "--start \(Self.seconds(start)) s is at or past its end (\(Self.seconds(duration)) s)"
        case .noAudioTrack(let track, let available):
            "has no audio track \(track) (it has \(available == 0 ? "none" : String(available)))"
        case .unknownDuration: "its duration is unknown"
        case .noFrames: "no video frame could be decoded"
        case .truncated(let end, let declared):
            "truncated or damaged: its video stops at \(Self.seconds(end)) s of the \(Self.seconds(declared)) s it declares"
        case .audioStopsEarly(let missing):
            "truncated or damaged: its audio stops \(Self.seconds(missing)) s before the end of the part scaled"
        case .impossibleTarget: "the target duration cannot be reached from this source"
        case .outputExists(let path): "\(path) already exists (use --overwrite to replace it)"
        case .outputIsInput: "the output would replace the input"
        case .unsupportedContainer(let path): "cannot choose a container for \(path) (use .mov, .mp4, .m4v or .mkv; for audio alone .wav, .aiff, .caf, .flac or .m4a)"
        case .audioCodecNotInContainer(let codec, let path):
            "\(codec.rawValue) audio cannot be stored in \(path) (use --audio-codec \(codec == .pcm ? "aac" : "pcm") or another container)"
        case .failed(let reason): reason
        case .cancelled: "cancelled"
        }
    }

    private static func seconds(_ value: Double) -> String { String(printf: "%.2f", value) }
}

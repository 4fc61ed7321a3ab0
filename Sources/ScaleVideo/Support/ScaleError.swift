import FoundationEssentials
import Glibc

/// Why a conversion could not be done, in words for the person who asked.
public enum ScaleError: Error, CustomStringConvertible, Sendable {
    /// The input does not exist.
    case notFound
    /// The input is a folder.
    case isDirectory
    /// The input holds no bytes.
    case empty
    /// The input is a pipe, a device or a socket, which cannot be read twice.
    case notRegularFile
    /// FFmpeg cannot read the input as a movie or a sound; the reason.
    case notMedia(String)
    /// The input has neither a video nor an audio stream.
    case noStreams
    /// The input has no audio for this path: an output that holds sound alone, or the waveform.
    case noAudioToWrite(String)
    /// The audio holds no samples in the part to scale.
    case noAudioSamples
    /// The trim's `start` is at or past the end of the source, which lasts `duration`; seconds.
    case startPastEnd(start: Double, duration: Double)
    /// The trim's `end` is past the end of the source, which lasts `duration`; seconds.
    case endPastEnd(end: Double, duration: Double)
    /// The audio track asked for (counted from 1) is not there; the input has `available`.
    case noAudioTrack(Int, available: Int)
    /// The source's duration cannot be found, or is zero.
    case unknownDuration
    /// No video frame could be decoded.
    case noFrames
    /// The video stops at `endsAt` seconds, short of the `declared` duration.
    case truncated(endsAt: Double, declared: Double)
    /// The audio stops `missing` seconds before the end of the part scaled.
    case audioStopsEarly(missing: Double)
    /// The target cannot be reached from this source: a duration or factor
    /// not above zero, or times that do not fit in 64-bit terms.
    case impossibleTarget
    /// A file is already at this path and the request does not overwrite.
    case outputExists(String)
    /// The output path names the input file.
    case outputIsInput
    /// This output path's extension names no container the tool writes.
    case unsupportedContainer(String)
    /// The output's container cannot hold a codec asked for; the reason,
    /// and where the codec goes.
    case codecNotInContainer(String)
    /// The request asks what cannot be done of any input
    /// (ScaleRequest.usageProblem); the reason, in the options' words.
    case usage(String)
    /// Any other failure; the reason.
    case failed(String)
    /// A stream that states `seconds` of `codec` yields nothing the FFmpeg `release` can read.
    case undecodable(String, release: String, seconds: Double)
    /// `ScaleJob.cancel()` stopped the job.
    case cancelled

    /// The reason, to be shown after the input's name.
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
        case .endPastEnd(let end, let duration):
            "--end \(Self.seconds(end)) s is past its end (\(Self.seconds(duration)) s)"
        case .noAudioTrack(let track, let available):
            "has no audio track \(track) (it has \(available == 0 ? "none" : String(available)))"
        case .unknownDuration: "its duration is unknown"
        case .undecodable(let codec, let release, let seconds):
            "its \(codec) cannot be read by this FFmpeg (\(release)): none of the \(Self.seconds(seconds)) s it states could be decoded"
        case .noFrames: "no video frame could be decoded"
        case .truncated(let end, let declared):
            "truncated or damaged: its video stops at \(Self.seconds(end)) s of the \(Self.seconds(declared)) s it declares"
        case .audioStopsEarly(let missing):
            "truncated or damaged: its audio stops \(Self.seconds(missing)) s before the end of the part scaled"
        case .impossibleTarget: "the target duration cannot be reached from this source"
        case .outputExists(let path): "\(path) already exists (use --overwrite to replace it)"
        case .outputIsInput: "the output would replace the input"
        case .unsupportedContainer(let path): "cannot choose a container for \(path) (use .mov, .mp4, .m4v, .mkv or .webm; for audio alone .wav, .aiff, .caf, .flac or .m4a)"
        case .codecNotInContainer(let reason): reason
        case .failed(let reason), .usage(let reason): reason
        case .cancelled: "cancelled"
        }
    }

    private static func seconds(_ value: Double) -> String { String(printf: "%.2f", value) }

    /// What sort of failure a job's is, for a program that acts on it
    /// without reading its words (`--json`'s `"kind"`).
    public enum Kind: String, Sendable {
        /// The output is already there, and the job does not replace it.
        case exists
        /// The input cannot be read, or holds nothing to scale.
        case input
        /// The job cannot be done as asked of this input: a target it
        /// cannot reach, a part past its end, an output it cannot write.
        case refused
        /// The request cannot be run of any input (bad usage).
        case usage
        /// Anything else went wrong while it ran.
        case failed
    }

    /// This failure's kind; a cancelled job's is `failed`.
    public var kind: Kind {
        switch self {
        case .outputExists: .exists
        case .notFound, .isDirectory, .empty, .notRegularFile, .notMedia, .noStreams, .noAudioToWrite, .noAudioSamples, .noAudioTrack,
            .unknownDuration, .undecodable, .noFrames, .truncated, .audioStopsEarly:
            .input
        case .startPastEnd, .endPastEnd, .impossibleTarget, .outputIsInput, .unsupportedContainer, .codecNotInContainer: .refused
        case .usage: .usage
        case .failed, .cancelled: .failed
        }
    }
}

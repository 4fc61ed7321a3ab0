import Foundation
import TestSupport
import Testing

/// SPEC §12: every container and audio codec the README lists (all of them) holds exactly
/// the samples SPEC §5 plans, at durations and factors that are not whole
/// milliseconds and at every common sample rate; where the codec cannot
/// keep the rate (Opus: 48 kHz alone) the track is resampled to the codec's
/// and holds `round(L · 48000 / rate)` samples, by a dry run's plan too.
/// One batch converts a source at each rate, so each run covers them all.
@Suite(.tags(.endToEnd))
struct ContainerMatrixTests {
    /// A container and the audio codec written into it.
    struct Combination: Sendable, CustomTestStringConvertible {
        let container: String
        let codec: String
        /// Made from a movie (video written too) or from sound alone.
        let movie: Bool
        var testDescription: String { "\(codec) in .\(container)" + (movie ? "" : " (sound alone)") }
        /// Declares the track's length in its header, the encoder's padding
        /// after it still decoded (AAC in the MP4 family).
        var declaresLength: Bool { codec == "aac" }
        /// The rate written for a source at `rate`: Opus holds 48 kHz alone.
        func writtenRate(for rate: Int) -> Int { codec == "opus" ? 48000 : rate }
    }

    static let combinations: [Combination] = [
        Combination(container: "mov", codec: "pcm", movie: true),
        Combination(container: "mov", codec: "aac", movie: true),
        Combination(container: "mp4", codec: "aac", movie: true),
        Combination(container: "m4v", codec: "aac", movie: true),
        Combination(container: "mkv", codec: "pcm", movie: true),
        Combination(container: "mkv", codec: "flac", movie: true),
        Combination(container: "mkv", codec: "opus", movie: true),
        Combination(container: "webm", codec: "opus", movie: true),
        Combination(container: "wav", codec: "pcm", movie: false),
        Combination(container: "aiff", codec: "pcm", movie: false),
        Combination(container: "caf", codec: "pcm", movie: false),
        Combination(container: "flac", codec: "flac", movie: false),
        Combination(container: "m4a", codec: "aac", movie: false),
        Combination(container: "webm", codec: "opus", movie: false),
    ]

    static let rates = [22050, 32000, 44100, 48000]

    /// The targets, with f = D / S for a source lasting S seconds.
    static let targets: [(arguments: [String], factor: @Sendable (Double) -> Double)] = [
        (["--duration", "7.1234"], { 7.1234 / $0 }),
        (["--factor", "1.37"], { _ in 1.37 }),
        (["--factor", "0.613"], { _ in 0.613 }),
    ]

    /// A one-second source at one sample rate, as ffprobe reads it.
    struct Source {
        let file: URL
        let rate: Int
        /// S: the video's duration, or without video the audio's.
        let seconds: Double
        /// Samples per channel.
        let count: Int
    }

    @Test(arguments: combinations)
    func everyTrackCountsToTheSample(_ combination: Combination) throws {
        let scratch = try Scratch()
        let sources = try Self.rates.map { try Self.source(at: $0, movie: combination.movie, in: scratch) }
        for (number, target) in Self.targets.enumerated() {
            let folder = scratch.file("out\(number)")
            let arguments =
                sources.map(\.file.path)
                + ["--output-dir", folder.path, "--container", combination.container, "--audio-codec", combination.codec,
                   "--fps", "30000/1001", "--json", "--quiet"] + target.arguments
            let planned = try JSONResults(try Tool.scale(arguments + ["--dry-run"]).stdout).objects
            let run = try Tool.scale(arguments)
            let results = try JSONResults(run.stdout).objects
            #expect(run.status == 0, "\(run.stderr)")
            for (source, (plan, result)) in zip(sources, zip(planned, results)) {
                let name = "\(target.arguments) at \(source.rate) Hz"
                let output = folder.appendingPathComponent("source-\(source.rate)-scaled.\(combination.container)")
                // SPEC §5: length = Int(Double(count) · f); §12: resampled, round(length · r_out / r_in).
                let factor = target.factor(source.seconds)
                let scaled = Int(Double(source.count) * factor)
                let rate = combination.writtenRate(for: source.rate)
                let length = Int((Double(scaled) * Double(rate) / Double(source.rate)).rounded())
                #expect(plan["audioSamples"] as? Int == length, "\(name)")
                #expect(result["audioSamples"] as? Int == length, "\(name)")
                let frames = combination.movie ? Int((source.seconds * factor * 30000 / 1001 - 1e-9).rounded(.up)) : nil
                try expect(output, holds: length, frames: frames, rate: rate, combination, name)
            }
        }
    }

    /// One second of a 16-bit tone at `rate`: a WAV, or beside indexed frames in a movie.
    private static func source(at rate: Int, movie: Bool, in scratch: Scratch) throws -> Source {
        let file: URL
        if movie {
            file = try Media.make(scratch.file("source-\(rate).mov"), seconds: 1, audio: ("pcm_s16le", rate))
        } else {
            file = scratch.file("source-\(rate).wav")
            try Fixtures.make(file, ffmpeg: ["-f", "lavfi", "-i", Media.tone(rate: rate, seconds: 1), "-c:a", "pcm_s16le"])
        }
        let streams = try Self.read(file).streams
        let audio = streams["audio"] ?? [:]
        let duration = movie ? streams["video"]?["duration"] : audio["duration"]
        #expect(audio["time_base"] == "1/\(rate)")
        return Source(
            file: file, rate: rate, seconds: try #require(duration.flatMap(Double.init)),
            count: try #require(audio["duration_ts"].flatMap(Int.init)))
    }

    /// The decoded track holds `length` samples at `rate`, and the video
    /// `frames` frames; a track that declares its length declares exactly
    /// that, and decodes no fewer.
    private func expect(
        _ output: URL, holds length: Int, frames: Int?, rate: Int, _ combination: Combination, _ name: String
    ) throws {
        let read = try Self.read(output)
        let audio = read.streams["audio"] ?? [:]
        #expect(audio["sample_rate"] == "\(rate)", "\(name)")
        if combination.declaresLength {
            #expect(audio["time_base"] == "1/\(rate)", "\(name)")
            #expect(audio["duration_ts"] == "\(length)", "\(name)")
            #expect((length..<length + 1024).contains(read.samples), "\(name): \(read.samples) decoded")
        } else {
            #expect(read.samples == length, "\(name)")
        }
        #expect(read.streams["video"]?["nb_read_frames"] == frames.map(String.init), "\(name)")
    }

    /// Each stream's fields as ffprobe reads them, by codec type, and the
    /// samples per channel its audio decodes to.
    private static func read(_ file: URL) throws -> (streams: [String: [String: String]], samples: Int) {
        let result = try Tool.run(
            "ffprobe",
            ["-v", "error", "-count_frames", "-show_entries",
             "stream=codec_type,sample_rate,time_base,duration,duration_ts,nb_read_frames:frame=media_type,nb_samples",
             "-of", "compact", file.path])
        guard result.status == 0 else { throw ToolError("ffprobe: \(result.stderr)") }
        var streams: [String: [String: String]] = [:]
        var samples = 0
        for line in result.text.split(separator: "\n") {
            let parts = line.split(separator: "|")
            let fields = Dictionary(
                parts.dropFirst().map { $0.split(separator: "=", maxSplits: 1).map(String.init) }.filter { $0.count == 2 }
                    .map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
            if parts.first == "stream", let type = fields["codec_type"] { streams[type] = fields }
            if parts.first == "frame", fields["media_type"] == "audio" { samples += Int(fields["nb_samples"] ?? "") ?? 0 }
        }
        return (streams, samples)
    }
}

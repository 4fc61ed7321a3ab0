import Foundation
import TestSupport
import Testing

/// Inputs and outputs of sound alone: scaled with the algorithm of SPEC §5,
/// written in the input's format family, judged against the reference
/// computation through ffmpeg's decoding of what was written.
@Suite(.serialized, .tags(.endToEnd))
struct AudioOnlyTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// Makes an audio file from an lavfi source with `codec` arguments.
    @discardableResult
    func sound(_ name: String, _ source: String, _ codec: [String]) throws -> URL {
        let file = scratch.file(name)
        try Fixtures.make(file, ffmpeg: ["-f", "lavfi", "-i", source] + codec)
        return file
    }

    /// Checks the written stream's codec, channel count and rate.
    func expectStream(_ file: URL, codec: String, channels: Int, rate: Int) throws {
        #expect(try Tool.probe(file, stream: "a:0", "codec_name") == codec)
        #expect(try Tool.probe(file, stream: "a:0", "channels") == String(channels))
        #expect(try Tool.probe(file, stream: "a:0", "sample_rate") == String(rate))
    }

    func scale(_ arguments: [String]) throws -> ProcessOutput {
        let result = try Tool.scale(arguments + ["--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test func aWavFileIsScaledExactlyIntoAWavFileBesideIt() throws {
        let input = try sound("tone.wav", Media.tone(rate: 44100, seconds: 1), ["-c:a", "pcm_s16le"])
        _ = try scale([input.path, "--factor", "1.5"])
        let output = scratch.file("tone-scaled.wav")
        try expectStream(output, codec: "pcm_s16le", channels: 2, rate: 44100)
        let original = try Media.samples(input)
        let expected = ReferenceStretch.scaleInterleaved(original, channels: 2, length: Int(Double(original.count / 2) * 1.5))
        #expect(try Media.samples(output) == expected)
    }

    @Test(arguments: [(0.625, [3, 2, 7, 56, 14, 65, 84, 16, 8, 15]), (0.5625, [3, 2, 5, 42, 40, 58, 22, 7, 15])])
    func theSixteenSampleTablesComeOutOfAWavFile(factor: Double, table: [Int16]) throws {
        let seed: [Int16] = [3, 5, 1, 8, 4, 56, 33, 4, 77, 42, 84, 25, 12, 6, 13, 15]
        let raw = scratch.file("seed.s16")
        try seed.withUnsafeBytes { try Data($0).write(to: raw) }
        let input = scratch.file("seed.wav")
        try Tool.ffmpeg(["-f", "s16le", "-ar", "8000", "-ac", "1", "-i", raw.path, "-c:a", "pcm_s16le", input.path])
        let output = scratch.file("seed-\(table.count).wav")
        _ = try scale([input.path, "-o", output.path, "--factor", String(factor)])
        #expect(try Media.samples(output) == table)
    }

    @Test func monoAveragesTheChannelsBeforeScaling() throws {
        let input = try sound("stereo.wav", Media.tone(rate: 48000, seconds: 0.5), ["-c:a", "pcm_s16le"])
        // FLAC marks the layout (FFmpeg's WAV writer marks none for 1 or 2 channels).
        let output = scratch.file("mono.flac")
        _ = try scale([input.path, "-o", output.path, "--factor", "2", "--mono"])
        #expect(try Tool.probe(output, stream: "a:0", "channels") == "1")
        #expect(try Tool.probe(output, stream: "a:0", "channel_layout") == "mono")
        let stereo = try Media.samples(input)
        let merged = stride(from: 0, to: stereo.count, by: 2).map {
            Int16(((Double(stereo[$0]) + Double(stereo[$0 + 1])) / 2).rounded(.toNearestOrEven))
        }
        #expect(try Media.samples(output) == ReferenceStretch.scale(merged, length: merged.count * 2))
    }

    @Test func aSevenPointOneLayoutIsKeptChannelByChannel() throws {
        let channels = (1...8).map { "0.1*\($0)*sin(2*PI*\(110 * $0)*t)" }.joined(separator: "|")
        let input = try sound("surround.flac", "aevalsrc='\(channels)':s=48000:d=0.4:c=7.1", ["-c:a", "flac", "-sample_fmt", "s16"])
        _ = try scale([input.path, "--factor", "0.75"])
        let output = scratch.file("surround-scaled.flac")
        try expectStream(output, codec: "flac", channels: 8, rate: 48000)
        #expect(try Tool.probe(output, stream: "a:0", "channel_layout") == "7.1")
        let original = try Media.samples(input)
        let expected = ReferenceStretch.scaleInterleaved(original, channels: 8, length: Int(Double(original.count / 8) * 0.75))
        #expect(try Media.samples(output) == expected)
    }

    @Test(arguments: [
        ("a.wav", ["-c:a", "pcm_s16le"], "a-scaled.wav", "pcm_s16le"),
        ("b.aiff", ["-c:a", "pcm_s16be"], "b-scaled.aiff", "pcm_s16be"),
        ("c.caf", ["-c:a", "pcm_s24le"], "c-scaled.caf", "pcm_s24le"),
        ("d.flac", ["-c:a", "flac"], "d-scaled.flac", "flac"),
        ("e.m4a", ["-c:a", "aac"], "e-scaled.m4a", "aac"),
        ("f.aac", ["-c:a", "aac"], "f-scaled.m4a", "aac"),
        ("g.mp3", ["-c:a", "libmp3lame"], "g-scaled.m4a", "aac"),
        ("h.mp4", ["-c:a", "aac"], "h-scaled.m4a", "aac"),
    ])
    func eachAudioFormatGetsAGeneratedNameThatKeepsItWherePossible(
        input: String, codec: [String], output: String, written: String
    ) throws {
        let file = try sound(input, Media.tone(rate: 44100, seconds: 1), codec)
        let result = try scale([file.path, "--factor", "2", "--json"])
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["output"] as? String == scratch.file(output).path)
        let produced = scratch.file(output)
        try expectStream(produced, codec: written, channels: 2, rate: 44100)
        #expect(object["frames"] as? Int == 0)
        // Twice the samples ffmpeg decodes from the input: exactly for PCM
        // and FLAC; within the codecs' priming and padding otherwise.
        let decoded = try Media.samples(file).count / 2
        let samples = try #require(object["audioSamples"] as? Int)
        let lossless = ["pcm_s16le", "pcm_s16be", "pcm_s24le", "flac"].contains(written)
        #expect(abs(samples - 2 * decoded) <= (lossless ? 0 : 4 * 1152), "\(samples) vs \(2 * decoded)")
        #expect(abs(try Media.samples(produced).count / 2 - samples) <= (lossless ? 0 : 2048))
    }

    @Test func twentyFourBitAndFloatSourcesStayTwentyFourBitAndFloat() throws {
        let deep = try sound("deep.flac", Media.tone(rate: 48000, seconds: 0.5), ["-c:a", "flac", "-sample_fmt", "s32"])
        let deepOut = scratch.file("deep-out.flac")
        _ = try scale([deep.path, "-o", deepOut.path, "--factor", "1.3"])
        #expect(try Tool.probe(deepOut, stream: "a:0", "bits_per_raw_sample") == "24")
        let source24: [Int32] = try Media.decoded(deep, as: "s32le")
        let expected24 = ReferenceStretch.scaleInterleaved(values: source24.map { Double($0 >> 8) }, channels: 2, factor: 1.3) {
            max(-8_388_608, min(8_388_607, $0.rounded(.toNearestOrEven)))
        }
        let written24: [Int32] = try Media.decoded(deepOut, as: "s32le")
        #expect(written24.map { Double($0 >> 8) } == expected24)

        let float = try sound("float.wav", Media.tone(rate: 48000, seconds: 0.5), ["-c:a", "pcm_f32le"])
        let floatOut = scratch.file("float-out.caf")
        _ = try scale([float.path, "-o", floatOut.path, "--factor", "0.7"])
        #expect(try Tool.probe(floatOut, stream: "a:0", "codec_name") == "pcm_f32le")
        let sourceFloat: [Float] = try Media.decoded(float, as: "f32le")
        let expectedFloat = ReferenceStretch.scaleInterleaved(values: sourceFloat.map(Double.init), channels: 2, factor: 0.7) {
            Double(Float($0))
        }
        let writtenFloat: [Float] = try Media.decoded(floatOut, as: "f32le")
        #expect(writtenFloat.map(Double.init) == expectedFloat)
    }

    @Test func aMoviesAudioExportsToPCMAndFactorOneIsAnExactDecode() throws {
        let movie = try Media.make(scratch.file("movie.mov"), seconds: 1, audio: ("pcm_s24le", 48000))
        let output = scratch.file("sound.wav")
        let result = try scale([movie.path, "-o", output.path, "--factor", "1", "--json"])
        #expect(try Tool.probe(output, stream: "a:0", "codec_name") == "pcm_s24le")
        #expect(try Tool.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream=index",
                                         "-of", "csv=p=0", output.path]).text.isEmpty)
        let source: [Int32] = try Media.decoded(movie, as: "s32le")
        let written: [Int32] = try Media.decoded(output, as: "s32le")
        #expect(written.count == source.count)
        #expect(written == source)
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect((object["dropped"] as? [String])?.contains { $0.hasPrefix("video") } == true)
    }

    @Test func aMovieWithoutAudioCannotBeExportedAsSound() throws {
        let movie = try Media.make(scratch.file("silent.mov"), seconds: 1, audio: nil)
        let output = scratch.file("silent.wav")
        let result = try Tool.scale([movie.path, "-o", output.path, "--factor", "2", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("has no audio to write to \(output.path)"))
        #expect(try Tool.files(in: scratch.url) == ["silent.mov"])
    }
}

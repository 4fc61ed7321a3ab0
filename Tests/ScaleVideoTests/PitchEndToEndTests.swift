import Foundation
import TestSupport
import Testing

/// `--keep-pitch` through the built command (SPEC §10): a movie or sound
/// file holding a tone with clicks at known times is stretched by a factor
/// or along a map into PCM and AAC, stereo and mono, 16-bit, 24-bit and
/// float; what ffmpeg decodes of the output must have §5's or §8's sample
/// count, the channels and rate of the source, each channel its own tone
/// within 0.5% and each click within 10 ms of g(t).
@Suite(.tags(.endToEnd)) struct PitchEndToEndTests {
    static let rate = PitchStretcherTests.rate

    /// Writes the tone (440 Hz, and 660 Hz in a second channel) with clicks
    /// as raw floats, and has ffmpeg make `name` of it with `arguments`
    /// (after the audio input, which is input 0).
    static func source(_ scratch: Scratch, _ name: String, channels: Int, arguments: [String]) throws -> URL {
        let tones = [440.0, 660.0].prefix(channels).enumerated().map { index, frequency in
            ToneAnalysis.toneWithClicks(
                frequency: frequency, rate: rate, seconds: PitchStretcherTests.seconds, clicks: PitchStretcherTests.clicks,
                seed: UInt64(index + 7))
        }
        var floats: [Float] = []
        for frame in 0..<tones[0].count { for tone in tones { floats.append(Float(tone[frame])) } }
        let raw = scratch.file("tone.f32")
        try floats.withUnsafeBytes { try Data($0).write(to: raw) }
        let file = scratch.file(name)
        try Tool.ffmpeg(["-f", "f32le", "-ar", "\(rate)", "-ac", "\(channels)", "-i", raw.path] + arguments + [file.path])
        return file
    }

    /// Runs the command, checks its JSON, and judges every channel of what
    /// it wrote. ffmpeg decodes an AAC track's end padding too: then the
    /// count is the one the command read back, and the padding is left out.
    static func check(
        _ input: URL, output: URL, options: [String], samples: Int, channels: Int, g: @escaping (Double) -> Double
    ) throws {
        let result = try Tool.scale([input.path, "-o", output.path, "--keep-pitch", "--json", "--quiet"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["pitch"] as? String == "kept")
        #expect(object["audioSamples"] as? Int == samples)
        #expect((object["measured"] as? [String: Any])?["audioSamples"] as? Int == samples)
        #expect(try Tool.probe(output, stream: "a:0", "channels") == "\(channels)")
        #expect(try Tool.probe(output, stream: "a:0", "sample_rate") == "\(rate)")
        var decoded: [Float] = try Media.decoded(output, as: "f32le")
        if try Tool.probe(output, stream: "a:0", "codec_name") == "aac" {
            #expect(decoded.count >= samples * channels && decoded.count < (samples + 2048) * channels)
            decoded = Array(decoded.prefix(samples * channels))
        } else {
            #expect(decoded.count == samples * channels)
        }
        for (channel, frequency) in [440.0, 660.0].prefix(channels).enumerated() {
            PitchStretcherTests.judge(PitchStretcherTests.channel(decoded, channel, of: channels), frequency: frequency, g: g)
        }
    }

    @Test func sixteenBitStereoMovieSlowedIntoPCM() throws {
        let scratch = try Scratch()
        let input = try Self.source(
            scratch, "in.mov", channels: 2,
            arguments: ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 4), "-map", "1:v", "-map", "0:a",
                        "-c:v", "libx264", "-preset", "veryfast", "-c:a", "pcm_s16le"])
        try Self.check(input, output: scratch.file("out.mov"), options: ["--factor", "2"], samples: 384000, channels: 2) { $0 * 2 }
    }

    @Test func floatStereoAlongARampIntoAAC() throws {
        let scratch = try Scratch()
        let knots = "0=0,1=1,2=2.5,3=4.5,4=5.5"
        let reference = MapReference(knots)
        let input = try Self.source(
            scratch, "in.mov", channels: 2,
            arguments: ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 4), "-map", "1:v", "-map", "0:a",
                        "-c:v", "libx264", "-preset", "veryfast", "-c:a", "pcm_f32le"])
        let samples = reference.bounds(rate: Self.rate, count: 192000, sourceMs: 4000).l.last!
        try Self.check(input, output: scratch.file("out.mp4"), options: ["--time-map", knots], samples: samples, channels: 2) {
            reference.outputTime($0)!
        }
    }

    @Test func twentyFourBitMonoSoundSpedUp() throws {
        let scratch = try Scratch()
        let input = try Self.source(scratch, "in.wav", channels: 1, arguments: ["-c:a", "pcm_s24le"])
        try Self.check(input, output: scratch.file("out.wav"), options: ["--factor", "0.6"], samples: 115200, channels: 1) {
            $0 * 0.6
        }
        #expect(try Tool.probe(scratch.file("out.wav"), stream: "a:0", "codec_name") == "pcm_s24le")
    }

    @Test func dryRunAndHelpNameTheMode() throws {
        let scratch = try Scratch()
        let input = try Self.source(scratch, "in.wav", channels: 1, arguments: ["-c:a", "pcm_s16le"])
        let plan = try Tool.scale([input.path, "--factor", "2", "--keep-pitch", "--dry-run"])
        #expect(plan.status == 0)
        #expect(plan.stderr.contains("192000 → 384000 audio samples at 48000 Hz, pitch kept (dry run, nothing written)"))
        let json = try Tool.scale([input.path, "--factor", "2", "--keep-pitch", "--dry-run", "--json"])
        #expect(try JSONResults(json.stdout).objects.first?["pitch"] as? String == "kept")
        let tape = try Tool.scale([input.path, "--factor", "2", "--dry-run", "--json"])
        #expect(try JSONResults(tape.stdout).objects.first?["pitch"] == nil)
        let help = try Tool.scale(["--help"])
        #expect(help.text.contains("--keep-pitch"))
        #expect(try Tool.files(in: scratch.url) == ["in.wav", "tone.f32"])
    }
}

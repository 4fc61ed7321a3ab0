import Foundation
import TestSupport
import Testing

/// SPEC §12: audio the output codec cannot hold at its rate is scaled at the
/// source's rate, then resampled to the nearest rate the codec holds:
/// exactly `round(L · r_out / r_in)` samples, every sound where the scaling
/// put it, and the change named in the report.
@Suite(.serialized, .tags(.endToEnd))
struct ResampleTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// Clicks four samples long every half second, at `rate`.
    static func clicks(rate: Int, seconds: Int) -> String {
        "aevalsrc='if(lt(mod(n\\,\(rate / 2))\\,4)\\,0.8\\,0)|if(lt(mod(n\\,\(rate / 2))\\,4)\\,0.8\\,0)':s=\(rate):d=\(seconds)"
    }

    /// Where each click is first heard in `samples` (mono, one channel of
    /// the decoded track): the first sample above half the peak after a
    /// quiet stretch.
    static func onsets(_ samples: [Float]) -> [Int] {
        let peak = samples.map(abs).max() ?? 0
        var found: [Int] = []
        for (index, sample) in samples.enumerated() where abs(sample) > peak / 2 {
            if found.last.map({ index - $0 > 1000 }) ?? true { found.append(index) }
        }
        return found
    }

    /// The first audio track of a result line.
    static func firstTrack(_ result: [String: Any]) -> [String: Any] {
        (result["audioTracks"] as? [[String: Any]])?.first ?? [:]
    }

    /// The first channel of `file`'s first audio track, decoded to floats.
    static func firstChannel(_ file: URL) throws -> [Float] {
        let data = try Tool.ffmpeg(["-i", file.path, "-map", "0:a:0", "-ac", "1", "-af", "pan=mono|c0=c0", "-f", "f32le", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// Scales a click track at `rate` by `factor` into `container`, and
    /// checks the count, the rate, every click and the report against
    /// `written`, the rate the codec holds.
    func expectResampled(rate: Int, to written: Int, container: String, movie: Bool, factor: Double, codec: String) throws {
        let input = scratch.file("clicks-\(rate).\(movie ? "mov" : "wav")")
        var arguments = ["-f", "lavfi", "-i", Self.clicks(rate: rate, seconds: 2)]
        if movie { arguments += ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-c:v", "libx264", "-preset", "ultrafast"] }
        try Tool.ffmpeg(arguments + ["-c:a", "pcm_s16le", input.path])
        let output = scratch.file("out-\(rate).\(container)")
        let options = ["-o", output.path, "--factor", "\(factor)", "--audio-codec", codec, "--overwrite"]
        let run = try Tool.scale([input.path, "--json", "--quiet"] + options)
        try #require(run.status == 0, "\(run.stderr)")
        let result = try #require(try JSONResults(run.stdout).objects.first)
        // SPEC §5: L = Int(Double(count) · f); §12: round(L · r_out / r_in) at r_out.
        let scaled = Int(Double(2 * rate) * factor)
        let length = Int((Double(scaled) * Double(written) / Double(rate)).rounded())
        #expect(result["audioSamples"] as? Int == length, "\(result)")
        #expect(Self.firstTrack(result)["sampleRate"] as? Int == written)
        let phrase = "audio resampled from \(rate) Hz to \(written) Hz (\(codec) holds"
        #expect((result["changed"] as? [String])?.contains { $0.hasPrefix(phrase) } == true, "\(result)")
        #expect(try Tool.probe(output, stream: "a:0", "sample_rate") == "\(written)")
        let samples = try Self.firstChannel(output)
        #expect((length..<length + (codec == "aac" ? 1024 : 1)).contains(samples.count), "decoded \(samples.count), planned \(length)")
        // A click at source sample c is heard at c · f · r_out / r_in, within a millisecond.
        let expected = (0..<4).map { Double($0 * rate / 2) * factor * Double(written) / Double(rate) }
        let heard = Self.onsets(samples)
        #expect(heard.count == expected.count, "clicks heard at \(heard)")
        for (at, wanted) in zip(heard, expected) {
            #expect(abs(Double(at) - wanted) <= Double(written) / 1000, "click at \(at), expected \(wanted)")
        }
        let plan = try Tool.scale([input.path, "--dry-run"] + options)
        #expect(plan.stderr.contains("resampled to \(length) at \(written) Hz"), "\(plan.stderr)")
    }

    /// A phone's 44.1 kHz sound into WebM: Opus holds 48 kHz alone.
    @Test func phoneSoundIntoWebM() throws {
        try expectResampled(rate: 44100, to: 48000, container: "webm", movie: true, factor: 1.5, codec: "opus")
    }

    /// 22.05 kHz into Matroska with Opus, faster.
    @Test func lowRateOpusInMatroska() throws {
        try expectResampled(rate: 22050, to: 48000, container: "mkv", movie: true, factor: 0.75, codec: "opus")
    }

    /// 80 kHz into AAC, which holds 88.2 kHz nearest.
    @Test func oddRateIntoAAC() throws {
        try expectResampled(rate: 80000, to: 88200, container: "m4a", movie: false, factor: 1.25, codec: "aac")
    }

    /// A rate the codec holds is never resampled.
    @Test func aHeldRateIsKept() throws {
        let input = scratch.file("tone.wav")
        try Fixtures.make(input, ffmpeg: ["-f", "lavfi", "-i", Media.tone(rate: 44100, seconds: 1)])
        let output = scratch.file("tone.m4a")
        let run = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet"])
        let result = try #require(try JSONResults(run.stdout).objects.first)
        #expect(Self.firstTrack(result)["sampleRate"] as? Int == 44100)
        #expect(result["audioSamples"] as? Int == 88200)
        #expect(!run.text.contains("resampled"), "\(run.text)")
    }
}

/// libopus takes Vorbis's channel layouts alone: 5.1(side), the layout
/// most 5.1 sources have, is written as 5.1, its side pair where 5.1's back
/// pair stands, as the ffmpeg command converts it; every channel keeps its sound.
@Suite(.tags(.endToEnd)) struct OpusLayoutTests {
    @Test func fivePointOneSideIsWrittenAsFivePointOne() throws {
        let scratch = try Scratch()
        let input = scratch.file("surround.mkv")
        // Each channel a tone of its own loudness: 0.1, 0.2, … 0.6.
        let channels = (1...6).map { "0.\($0)*sin(2*PI*\(200 * $0)*t)" }.joined(separator: "|")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 1), "-f", "lavfi",
            "-i", "aevalsrc='\(channels)':s=48000:d=1:c=5.1(side)", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "flac",
        ])
        #expect(try Tool.probe(input, stream: "a:0", "channel_layout") == "5.1(side)")
        let output = scratch.file("out.webm")
        let run = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        let result = try #require(try JSONResults(run.stdout).objects.first)
        #expect((result["changed"] as? [String] ?? []).contains("channel layout 5.1(side) written as 5.1 (opus holds no 5.1(side))"))
        #expect(try Tool.probe(output, stream: "a:0", "channel_layout") == "5.1")
        let data = try Tool.ffmpeg(["-i", output.path, "-map", "0:a", "-f", "f32le", "-"])
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let peaks = (0..<6).map { channel in stride(from: channel, to: samples.count, by: 6).map { abs(samples[$0]) }.max() ?? 0 }
        for (channel, peak) in peaks.enumerated() {
            #expect(abs(Double(peak) - 0.1 * Double(channel + 1)) < 0.03, "channel \(channel): peak \(peak)")
        }
    }
}

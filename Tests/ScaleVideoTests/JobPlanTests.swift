import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// A job's plan on generated media: its numbers are those SPEC §3–§5 give,
/// computed here from what ffprobe and ffmpeg read, and making it writes
/// nothing.
@Suite(.tags(.endToEnd))
struct JobPlanTests {
    /// S of SPEC §3: the video stream's duration, exactly, from its ticks.
    static func videoDuration(_ file: URL) throws -> Rational {
        let ticks = try #require(Int64(try Tool.probe(file, stream: "v:0", "duration_ts")))
        let timeBase = try #require(Rational(parsing: try Tool.probe(file, stream: "v:0", "time_base")))
        return try #require(timeBase.seconds(ofTicks: ticks))
    }

    /// SPEC §5's count for the first audio stream: the samples per channel
    /// ffmpeg decodes, up to the declared duration of an mp4/mov track.
    static func sourceSamples(_ file: URL) throws -> Int {
        let channels = try #require(Int(try Tool.probe(file, stream: "a:0", "channels")))
        let decoded = try Media.samples(file).count / channels
        guard ["mp4", "mov"].contains(file.pathExtension) else { return decoded }
        let rate = try Tool.probe(file, stream: "a:0", "sample_rate")
        try #require(try Tool.probe(file, stream: "a:0", "time_base") == "1/\(rate)")
        return min(decoded, try #require(Int(try Tool.probe(file, stream: "a:0", "duration_ts"))))
    }

    static func plan(_ request: ScaleRequest, folderToBeMade: Bool = false) throws -> JobPlan {
        try ScaleJob(request: request).plan(folderToBeMade: folderToBeMade)
    }

    @Test func aFactorPlansDurationsFramesAndSamplesAsTheSpecSays() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 3)
        let plan = try Self.plan(
            ScaleRequest(input: input.path, output: scratch.file("out.mov").path, target: .factor(Rational(2, 1)!), fps: .exactly(Rational(30, 1)!)))
        let s = try Self.videoDuration(input)
        #expect(plan.scale.sourceDuration == s && plan.sourceDuration == s)
        #expect(plan.scale.factor == Rational(2, 1)!)
        #expect(plan.targetDuration == 2 * s.doubleValue)
        #expect(plan.frames == Int((2 * s.doubleValue * 30 - 1e-9).rounded(.up)))
        let count = try Self.sourceSamples(input)
        let audio = try #require(plan.audio)
        #expect(audio.rate == 48000 && audio.sourceSamples == count)
        #expect(audio.samples == Int(Double(count) * 2))
        #expect(plan.container == .mov)
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }

    @Test func aDurationPlansItsFactorAndFramesAtAnyRate() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 2)
        let d = Rational(73, 10)!
        let plan = try Self.plan(
            ScaleRequest(input: input.path, output: scratch.file("out.mp4").path, target: .duration(d), fps: .exactly(Rational(60, 1)!)))
        let s = try Self.videoDuration(input)
        let f = try #require(d.divided(by: s))
        #expect(plan.scale.factor == f)
        // SPEC §4's example: 7.3 s at 60 fps is 438 frames, not 439.
        #expect(plan.frames == 438)
        let count = try Self.sourceSamples(input)
        #expect(plan.audio?.samples == Int(Double(count) * f.doubleValue))
        #expect(plan.container == .mp4 && plan.request.audioCodec == .aac)
    }

    @Test func aTrimmedSoundExportPlansThePartAndNoFrames() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 3)
        let plan = try Self.plan(
            ScaleRequest(
                input: input.path, output: scratch.file("part.wav").path, target: .factor(Rational(2, 1)!),
                fps: .exactly(Rational(30, 1)!), trim: Trim(start: Rational(1, 1)!, end: Rational(2, 1)!)))
        #expect(plan.scale.sourceDuration == Rational(1, 1)!)
        #expect(plan.frames == 0)
        #expect(plan.audio?.sourceSamples == 48000 && plan.audio?.samples == 96000)
        #expect(plan.carryover.dropped == ["video (wav holds sound alone)"])
        #expect(plan.carryover.changed == ["cut to 1.000 s – 2.000 s of the source"])
    }

    /// PCM in a WAV or AIFF file is counted from the file's size, not by
    /// decoding it: the count must still be what ffmpeg decodes, whether the
    /// data is followed by another chunk or cut short of what its header says.
    @Test(arguments: [
        ("s16.wav", "pcm_s16le", 0.0), ("s24.wav", "pcm_s24le", 0.0), ("u8.wav", "pcm_u8", 0.0),
        ("f32.wav", "pcm_f32le", 0.0), ("s16.aiff", "pcm_s16be", 0.0), ("cut.wav", "pcm_s16le", 0.63),
        ("cut.aiff", "pcm_s24be", 0.55), ("trailer.wav", "pcm_s24le", 0.0),
    ])
    func pcmFilesAreCountedAsTheyDecode(name: String, codec: String, cut: Double) throws {
        let scratch = try Scratch()
        let input = scratch.file(name)
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.tone(rate: 44100, seconds: 1.3), "-ac", "3", "-c:a", codec,
        ])
        var data = try Data(contentsOf: input)
        if cut > 0 { data = data.prefix(Int(Double(data.count) * cut) + 1) }
        if name.hasPrefix("trailer") { data += Data("JUNK".utf8) + Data([10, 0, 0, 0]) + Data(count: 10) }
        try data.write(to: input)
        let samples: [Float] = try Media.decoded(input, as: "f32le")
        let decoded = samples.count / 3
        let plan = try Self.plan(
            ScaleRequest(
                input: input.path, output: scratch.file("out.wav").path, target: .factor(Rational(2, 1)!),
                fps: .exactly(Rational(30, 1)!)))
        #expect(plan.audio?.sourceSamples == decoded, "\(name): ffmpeg decodes \(decoded)")
        if cut == 0 && !name.hasPrefix("trailer") { #expect(decoded == 57330) }
    }

    @Test func thePlanIsWhatTheConversionDoes() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1)
        let request = ScaleRequest(
            input: input.path, output: scratch.file("out.mkv").path, target: .factor(Rational(3, 2)!), fps: .exactly(Rational(25, 1)!))
        let plan = try Self.plan(request)
        let result = try ScaleJob(request: request).run()
        #expect(plan.frames == result.frames && plan.audio?.samples == result.audioSamples)
        #expect(plan.targetDuration == result.duration && plan.scale.sourceDuration.doubleValue == result.sourceDuration)
        #expect(plan.carryover == result.carryover)
    }

    @Test func problemsAreFoundWithoutWriting() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1, audio: nil)
        try Data("text".utf8).write(to: scratch.file("notes.mov"))
        let factor = Retime.Target.factor(Rational(2, 1)!)
        let fps = Rational(30, 1)!
        #expect(throws: ScaleError.self) {
            try Self.plan(ScaleRequest(input: scratch.file("notes.mov").path, output: scratch.file("o.mov").path, target: factor, fps: .exactly(fps)))
        }
        #expect(throws: ScaleError.self) {
            try Self.plan(ScaleRequest(input: input.path, output: scratch.file("o.wav").path, target: factor, fps: .exactly(fps)))
        }
        let elsewhere = scratch.file("later/o.mov").path
        #expect(throws: ScaleError.self) {
            try Self.plan(ScaleRequest(input: input.path, output: elsewhere, target: factor, fps: .exactly(fps)))
        }
        let plan = try Self.plan(ScaleRequest(input: input.path, output: elsewhere, target: factor, fps: .exactly(fps)), folderToBeMade: true)
        let s = try Self.videoDuration(input)
        #expect(plan.frames == Int((2 * s.doubleValue * 30 - 1e-9).rounded(.up)) && plan.audio == nil)
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "notes.mov"])
    }

    /// A request for standard output plans the container it names for it,
    /// and one that cannot be streamed is refused, saying why (SPEC §14).
    @Test func standardOutputTakesAStreamableContainer() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1, audio: nil)
        let request = { (container: OutputContainer) in
            ScaleRequest(
                input: input.path, output: ScaleRequest.standardOutput, target: .factor(Rational(2, 1)!), fps: .exactly(Rational(30, 1)!),
                streamContainer: container)
        }
        #expect(try Self.plan(request(.ts)).container == .ts)
        #expect(try Self.plan(request(.nut)).container == .nut)
        #expect {
            try Self.plan(request(.mp4))
        } throws: { error in
            (error as? ScaleError)?.description.hasPrefix(".mp4 cannot be written to standard output: ") == true
        }
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }
}

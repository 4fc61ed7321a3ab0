import Foundation
import TestSupport
import Testing

/// SPEC §11: every audio track is scaled, each exactly as if it were the
/// only one, in the input's order, with its language, title and flags;
/// `--audio-track` keeps only those named; an output that holds one track
/// takes the input's default.
@Suite(.tags(.endToEnd))
struct AudioTracksTests {
    let scratch: Scratch
    /// Two seconds of indexed frames, a stereo 48 kHz English track (the
    /// default) and a mono 44.1 kHz French commentary.
    let source: URL

    init() throws {
        scratch = try Scratch()
        source = scratch.file("film.mkv")
        try Fixtures.make(source, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
            "-f", "lavfi", "-i", "aevalsrc='0.4*sin(2*PI*330*t)':s=44100:d=2",
            "-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-preset", "veryfast", "-c:a", "pcm_s16le",
            "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra", "-metadata:s:a:1", "title=Commentary",
            "-disposition:a:0", "default", "-disposition:a:1", "0",
        ])
    }

    /// A track's decoded 16-bit samples (all channels interleaved).
    private func samples(_ file: URL, track: Int) throws -> [Int16] {
        let data = try Tool.ffmpeg(["-i", file.path, "-map", "0:a:\(track)", "-f", "s16le", "-acodec", "pcm_s16le", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Each audio stream's language, title and default flag, as ffprobe reads them.
    private func marks(_ file: URL) throws -> [String] {
        let result = try Tool.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "a", "-show_entries",
             "stream=sample_rate,channels:stream_tags=language,title,handler_name:stream_disposition=default",
             "-of", "compact=nk=1:p=0", file.path])
        return result.text.split(separator: "\n").map(String.init)
    }

    @Test(arguments: ["mkv", "mov"])
    func everyTrackIsScaledAsIfAlone(container: String) throws {
        let output = scratch.file("out.\(container)")
        let result = try Tool.scale([source.path, "-o", output.path, "--factor", "1.37", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        for (track, channels) in [(0, 2), (1, 1)] {
            let written = try samples(output, track: track)
            let original = try samples(source, track: track)
            let expected = ReferenceStretch.scaleInterleaved(
                original, channels: channels, length: Int(Double(original.count / channels) * 1.37))
            #expect(written.count == expected.count, "track \(track + 1)")
            #expect(firstDifference(written, expected) == nil, "track \(track + 1)")
        }
        // QuickTime names a track by its handler: the title is read back as the handler name.
        #expect(try marks(output) == ["48000|2|1|eng" + (container == "mov" ? "|SoundHandler" : ""), "44100|1|0|fra|Commentary"])
        let object = try #require(try JSONResults(result.stdout).objects.first)
        let tracks = try #require(object["audioTracks"] as? [[String: Any]])
        #expect(tracks.map { $0["track"] as? Int } == [1, 2])
        #expect(tracks.map { $0["samples"] as? Int } == [Int(96000 * 1.37), Int(88200 * 1.37)])
        #expect(tracks.map { $0["measuredSamples"] as? Int } == [Int(96000 * 1.37), Int(88200 * 1.37)])
        #expect((object["kept"] as? [String])?.contains("2 audio tracks") == true)
    }

    /// A map with a cut and a freeze: each track is §8's, by the track's own rate.
    @Test func eachTrackFollowsTheMapAtItsOwnRate() throws {
        let output = scratch.file("map.mkv")
        let knots = "0.5=0,1=1,1=1.5,2=2"
        let result = try Tool.scale([source.path, "-o", output.path, "--time-map", knots, "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        for (track, channels, rate) in [(0, 2, 48000), (1, 1, 44100)] {
            let expected = MapReference(knots).audio(try samples(source, track: track), channels: channels, rate: rate, sourceMs: 2000)
            let written = try samples(output, track: track)
            #expect(written.count == expected.count, "track \(track + 1)")
            #expect(firstDifference(written, expected) == nil, "track \(track + 1)")
        }
    }

    @Test func theTracksNamedAreKeptInTheInputsOrder() throws {
        let one = try Tool.scale([source.path, "-o", scratch.file("two.mkv").path, "--factor", "1", "--audio-track", "2", "--json", "--quiet"])
        try #require(one.status == 0, "\(one.stderr)")
        // The only track kept is the one to play, though the source did not say so of it.
        #expect(try marks(scratch.file("two.mkv")) == ["44100|1|1|fra|Commentary"])
        #expect(try JSONResults(one.stdout).objects.first?["kept"] as? [String] ?? [] == ["stream languages", "track titles", "yuv420p pictures", "audio track 2", "16-bit samples"])
        let both = try Tool.scale(
            [source.path, "-o", scratch.file("both.mkv").path, "--factor", "1", "--audio-track", "2", "--audio-track", "1", "--quiet"])
        try #require(both.status == 0, "\(both.stderr)")
        #expect(try marks(scratch.file("both.mkv")).map { $0.split(separator: "|").prefix(2).joined(separator: "|") } == ["48000|2", "44100|1"])
        let missing = try Tool.scale([source.path, "-o", scratch.file("none.mkv").path, "--factor", "1", "--audio-track", "3", "--quiet"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("has no audio track 3 (it has 2)"), "\(missing.stderr)")
    }

    /// A WAV holds one track: the input's default, and the other is named as dropped.
    @Test func anOutputThatHoldsOneTrackTakesTheDefault() throws {
        let output = scratch.file("sound.wav")
        let result = try Tool.scale([source.path, "-o", output.path, "--factor", "1", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try samples(output, track: 0) == samples(source, track: 0))
        let dropped = try JSONResults(result.stdout).objects.first?["dropped"] as? [String] ?? []
        #expect(dropped.contains("1 other audio track (.wav holds one)"), "\(dropped)")
    }
}

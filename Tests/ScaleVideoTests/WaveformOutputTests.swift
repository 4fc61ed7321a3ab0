import Foundation
import TestSupport
import Testing

/// `--waveform` as a user meets it: a PNG beside the scaled output, read
/// back with ffmpeg.
@Suite(.serialized, .tags(.endToEnd))
struct WaveformOutputTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// The picture's pixel at (x, y), decoded by ffmpeg.
    func pixel(_ rgb: Data, width: Int, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let at = rgb.startIndex + (y * width + x) * 3
        return (Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2]))
    }

    @Test func loudThenSilentAudioDrawsBarsOnlyWhereItIsLoud() throws {
        let input = scratch.file("half.wav")
        try Fixtures.make(input, ffmpeg: ["-f", "lavfi", "-i", "aevalsrc='if(lt(t,1),0.5*sin(2*PI*440*t),0)':s=48000:d=2", "-c:a", "pcm_s16le"])
        let picture = scratch.file("half.png")
        let result = try Tool.scale([input.path, "--factor", "2", "--waveform", picture.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["half-scaled.wav", "half.png", "half.wav"])
        #expect(try Tool.probe(picture, stream: "v:0", "codec_name") == "png")
        #expect(try Tool.probe(picture, stream: "v:0", "width") == "1200")
        #expect(try Tool.probe(picture, stream: "v:0", "height") == "480")
        let rgb = try Tool.ffmpeg(["-i", picture.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        #expect(rgb.count == 1200 * 480 * 3)
        // Each panel: plot from x 40 to 1160; rows 38…206 of its 240; the
        // bar colours are blue-ish (source) and orange-ish (scaled).
        for (top, isBar) in [(0, { (p: (Int, Int, Int)) in p.2 > 200 && p.0 < 120 }), (240, { p in p.0 > 200 && p.2 < 100 })] {
            let row = top + 38 + 84 - 30
            let loud = (300..<340).filter { isBar(pixel(rgb, width: 1200, $0, row)) }
            let silent = (860..<900).filter { isBar(pixel(rgb, width: 1200, $0, row)) }
            #expect(loud.count > 20, "panel at \(top): \(loud.count) bar pixels where the audio is loud")
            #expect(silent.isEmpty, "panel at \(top): \(silent.count) bar pixels where it is silent")
        }
    }

    @Test func aMovieWithoutAudioHasNoWaveform() throws {
        let movie = try Media.make(scratch.file("mute.mov"), seconds: 1, audio: nil)
        let picture = scratch.file("mute.png")
        let result = try Tool.scale([movie.path, "--factor", "2", "--waveform", picture.path, "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("has no audio to write to \(picture.path)"))
        #expect(try Tool.files(in: scratch.url) == ["mute.mov"])
    }
}

import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// A written file of PCM sound alone in WAV or AIFF is counted from its
/// sizes: all its samples when whole, fewer when cut short (so the job
/// refuses it), the same count as reading every packet.
@Suite(.tags(.endToEnd))
struct OutputReadBackTests {
    @Test(arguments: ["wav", "aiff"])
    func soundAloneIsCountedFromItsSizes(container: String) throws {
        let scratch = try Scratch()
        let whole = scratch.file("whole.\(container)")
        // 48,000 stereo 16-bit frames: 192,000 bytes of samples.
        _ = try Fixtures.make(whole, ffmpeg: [
            "-f", "lavfi", "-i", "sine=f=440:r=48000:d=1", "-ac", "2", "-c:a", "pcm_s16\(container == "wav" ? "le" : "be")",
        ])
        #expect(try OutputReadBack(path: whole.path) { false }.measured.audioSamples == 48_000)
        // 1,000 frames (4,000 bytes) cut from the end.
        var bytes = try Data(contentsOf: whole)
        bytes.removeLast(4_000)
        let short = scratch.file("short.\(container)")
        try bytes.write(to: short)
        #expect(try OutputReadBack(path: short.path) { false }.measured.audioSamples == 47_000)
    }
}

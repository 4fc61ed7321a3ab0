import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// Each video codec is written by an encoder of its own (Output/Encoders):
/// its name is one the ffmpeg CLI of this machine lists, it is found where
/// the CLI finds it, and a name FFmpeg has no encoder of is not.
@Suite(.tags(.endToEnd))
struct VideoEncoderTests {
    @Test(arguments: VideoCodec.allCases)
    func theEncoderIsTheOneFFmpegHas(_ codec: VideoCodec) throws {
        let listed = try Tool.run("ffmpeg", ["-hide_banner", "-encoders"]).text.split(separator: "\n").compactMap {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
        }
        #expect(listed.contains(codec.encoder.name), "ffmpeg -encoders lists no \(codec.encoder.name)")
        #expect(codec.encoder.isAvailable)
    }

    @Test func anEncoderFFmpegLacksIsNotAvailable() {
        struct Missing: VideoEncoder {
            let name = "no-such-encoder"
            let rateFactors: ClosedRange<Int>? = nil
            let defaultRateFactor = 0
            let smallestSide: Int32 = 2
            func holds(_ format: PictureFormat, profile: ProResProfile) -> PictureFormat { format }
            func options(crf: Int?, preset: String?, profile: ProResProfile) -> [String: String] { [:] }
        }
        #expect(!Missing().isAvailable)
    }
}

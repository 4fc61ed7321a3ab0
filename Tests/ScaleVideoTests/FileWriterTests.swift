import CFFmpeg
import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// The byte stream outputs are written through: what reaches the file is
/// what writing in order, seeks included, puts there, whatever the thread
/// that writes does meanwhile.
@Suite(.tags(.unit))
struct FileWriterTests {
    /// Bytes that differ from their neighbours: `index · 31 + salt`, modulo 256.
    static func pattern(_ count: Int, salt: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ salt) }
    }

    @Test func seeksAndRewritesLandWhereAMuxerPutsThem() throws {
        let scratch = try Scratch()
        let path = scratch.file("out.bin").path
        let writer = try FileWriter(path: path, name: "out.bin")
        let context = try #require(writer.context)
        // More than the spare buffers hold, so the muxer waits for the thread.
        var expected = Self.pattern(1_000_003, salt: 0)
        avio_write(context, expected, Int32(expected.count))
        // A header patched at the start, as WAV and MP4 muxers do at the end.
        let header = Self.pattern(12, salt: 7)
        #expect(avio_seek(context, 4, SEEK_SET) == 4)
        avio_write(context, header, Int32(header.count))
        expected.replaceSubrange(4..<16, with: header)
        // Then past the end again, leaving a hole of zeros.
        let tail = Self.pattern(70_000, salt: 3)
        #expect(avio_seek(context, Int64(expected.count + 100), SEEK_SET) == Int64(expected.count + 100))
        avio_write(context, tail, Int32(tail.count))
        expected += [UInt8](repeating: 0, count: 100) + tail
        avio_flush(context)
        #expect(avio_size(context) == Int64(expected.count))
        try writer.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(expected))
    }

    @Test func aFileThatCannotBeCreatedIsRefusedAtOnce() throws {
        let scratch = try Scratch()
        let error = #expect(throws: FFmpegError.self) {
            try FileWriter(path: scratch.file("missing/out.bin").path, name: "out.bin")
        }
        #expect(error?.description == "cannot write out.bin: No such file or directory")
    }
}

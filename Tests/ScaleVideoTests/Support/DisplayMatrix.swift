import Foundation
import Testing

/// The display matrix phones write: set in an MP4's (first) track header,
/// as a phone marks how its stored pixels are to be shown.
enum DisplayMatrix {
    /// Sets a, b, c, d of the matrix of `file`'s track header (whole units,
    /// written in 16.16 fixed point); the file's first track must have a version 0 header.
    static func mark(_ file: URL, abcd: (Int32, Int32, Int32, Int32)) throws {
        var bytes = try Data(contentsOf: file)
        let header = try #require(bytes.range(of: Data("tkhd".utf8))).upperBound
        #expect(bytes[header] == 0, "a version 0 track header")
        let matrix = header + 40
        let (a, b, c, d) = abcd
        for (slot, value) in [(0, a), (1, b), (3, c), (4, d)] {
            withUnsafeBytes(of: (value << 16).bigEndian) { bytes.replaceSubrange(matrix + 4 * slot..<matrix + 4 * slot + 4, with: $0) }
        }
        try bytes.write(to: file)
    }
}

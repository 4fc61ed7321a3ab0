import FoundationEssentials
import Glibc

/// A list of input paths read from a file or standard input: one a line,
/// or separated by NUL characters; empty entries are ignored.
enum InputList {
    /// Why a list cannot be read, as the system says it.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// The paths in `source` (`-`: standard input) between `separator` bytes.
    static func read(_ source: String, separator: UInt8) throws -> [String] {
        let bytes = try contents(of: source)
        return bytes.split(separator: separator, omittingEmptySubsequences: true).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Every byte of the file, or of standard input for `-` (a request's too).
    static func contents(of source: String) throws -> [UInt8] {
        let file = source == "-" ? STDIN_FILENO : open(source, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw Unreadable(description: String(cString: strerror(errno))) }
        defer { if file != STDIN_FILENO { close(file) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Unreadable(description: String(cString: strerror(errno))) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}

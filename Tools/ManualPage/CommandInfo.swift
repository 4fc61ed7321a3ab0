import Foundation

/// The part of swift-argument-parser's `--experimental-dump-help` JSON
/// (tool info, serialization version 0) a manual page is made from.
struct CommandInfo: Decodable {
    let commandName: String
    let abstract: String?
    let discussion: String?
    let arguments: [Argument]?

    /// One positional argument, option or flag.
    struct Argument: Decodable {
        let kind: String
        let names: [Name]?
        let valueName: String?
        let abstract: String?
        let discussion: String?
        let sectionTitle: String?
        let shouldDisplay: Bool
        let isOptional: Bool
        let isRepeating: Bool
        let defaultValue: String?

        /// `-o` or `--output`.
        struct Name: Decodable {
            let kind: String
            let name: String
        }
    }

    private struct Dump: Decodable {
        let serializationVersion: Int
        let command: CommandInfo
    }

    /// Runs `executable --experimental-dump-help` and reads what it prints.
    static func dumped(by executable: String) throws -> CommandInfo {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--experimental-dump-help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DumpError("\(executable) --experimental-dump-help failed") }
        let dump = try JSONDecoder().decode(Dump.self, from: data)
        guard dump.serializationVersion == 0 else { throw DumpError("unknown dump version \(dump.serializationVersion)") }
        return dump.command
    }
}

/// Why the command's definitions could not be read.
struct DumpError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

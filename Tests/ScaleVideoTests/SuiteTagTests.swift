import Foundation
import TestSupport
import Testing

/// Every suite says what it needs, so that running a tag's suites
/// (scripts/test.sh --unit reads the same lines) runs what the tag names:
/// each type holding tests is a `@Suite` tagged `.unit` or `.endToEnd`
/// (exactly one), read from the test sources; and a unit suite starts no
/// program and makes no file with ffmpeg (its text names none of the
/// helpers that do).
@Suite(.tags(.unit))
struct SuiteTagTests {
    /// A declaration at the start of a line: its attributes (the lines of
    /// `@…` above it, and any on its own line), its name, and its text up to
    /// the next one.
    struct Declaration {
        let file: String
        let attributes: String
        let isExtension: Bool
        let name: String
        let body: String
    }

    static func declarations(in folder: URL) throws -> [Declaration] {
        let start = /^(?<attributes>@.*?\s+)?(?:(?:public|final)\s+)*(?<kind>struct|class|enum|actor|extension)\s+(?<name>\w+)/
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { file in
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
            var starts: [(line: Int, attributes: String, kind: String, name: String)] = []
            for (index, text) in lines.enumerated() {
                // A declaration starts its line: an indented one is left out unread.
                guard let first = text.first, first == "@" || first.isLetter, let match = try? start.prefixMatch(in: text) else { continue }
                starts.append((index, String(match.output.attributes ?? ""), String(match.output.kind), String(match.output.name)))
            }
            return starts.enumerated().map { position, found in
                let end = position + 1 < starts.count ? starts[position + 1].line : lines.count
                var above = found.line
                while above > 0 && lines[above - 1].hasPrefix("@") && !starts.contains(where: { $0.line == above - 1 }) { above -= 1 }
                return Declaration(
                    file: file, attributes: (lines[above..<found.line] + [found.attributes]).joined(separator: " "),
                    isExtension: found.kind == "extension", name: found.name, body: lines[found.line..<end].joined(separator: "\n"))
            }
        }
    }

    static let tags = [".tags(.unit)", ".tags(.endToEnd)"]
    /// What starts a program or runs ffmpeg: the helpers of Support/ and Foundation's Process.
    static let subprocesses = ["Tool.", "Media.", "Fixtures.", "RunningProcess", "Process("]

    /// `text` without its comments and string literals (a line holding an
    /// odd number of triple quotes opens or closes a string of many lines).
    static func code(_ text: String) -> String {
        var inside = false
        return text.components(separatedBy: "\n").compactMap { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return nil }
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inside.toggle(); return nil }
            if inside { return nil }
            let bare = line.contains("\"") ? line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"") : line
            return bare.components(separatedBy: "//")[0]
        }.joined(separator: "\n")
    }

    /// What is wrong with the suites among `declarations`, in words; and how many suites there are.
    static func problems(_ declarations: [Declaration]) -> (problems: [String], suites: Int) {
        let suites = declarations.filter { $0.body.contains("@Test") }
        var problems: [String] = []
        var tagged: [String: String] = [:]
        for suite in suites where !suite.isExtension {
            let found = tags.filter { suite.attributes.contains("@Suite(") && suite.attributes.contains($0) }
            if found.count == 1 { tagged[suite.name] = found[0] } else { problems.append("\(suite.file): \(suite.name) carries \(found.count) tags") }
        }
        for suite in suites {
            if suite.isExtension && tagged[suite.name] == nil { problems.append("\(suite.file): \(suite.name) is no tagged suite") }
            guard tagged[suite.name] == ".tags(.unit)" else { continue }
            let text = code(suite.body)
            let used = subprocesses.filter { text.contains($0) }
            if !used.isEmpty { problems.append("\(suite.file): \(suite.name) is unit but uses \(used)") }
        }
        return (problems, suites.count)
    }

    @Test func everySuiteIsTaggedUnitOrEndToEnd() throws {
        let found = Self.problems(
            try Self.declarations(in: Repository.file("Tests/ScaleVideoTests")) + Self.declarations(in: Repository.file("Tests/TimingTests")))
        #expect(found.suites > 80)
        #expect(found.problems == [])
    }

    /// The check can fail: an untagged suite, one with both tags, a unit
    /// suite running ffmpeg and an extension of no suite, in text made up
    /// here, are found; a helper's name in a string or a comment is not.
    @Test func theCheckFindsWhatIsWrong() throws {
        let scratch = try Scratch()
        try """
            @Suite(.serialized)
            struct Untagged {
                @Test func one() {}
            }
            @Suite(.tags(.unit))
            @Suite(.tags(.endToEnd))
            struct Both { @Test func two() {} }
            @Suite(.serialized, .tags(.unit)) struct Runs {
                @Test func three() throws { try Tool.ffmpeg([]) }
            }
            extension Nowhere { @Test func four() {} }
            @Suite(.tags(.endToEnd)) struct Fine { @Test func five() throws { try Tool.ffmpeg([]) } }
            @Suite(.tags(.unit)) struct Quiet { @Test func six() { _ = "Tool." } } // Media.
            struct Helper {}
            """.write(to: scratch.file("Made.swift"), atomically: true, encoding: .utf8)
        let found = Self.problems(try Self.declarations(in: scratch.url))
        #expect(found.suites == 6)
        #expect(found.problems == [
            "Made.swift: Untagged carries 0 tags", "Made.swift: Both carries 2 tags",
            "Made.swift: Runs is unit but uses [\"Tool.\"]", "Made.swift: Nowhere is no tagged suite",
        ])
    }
}

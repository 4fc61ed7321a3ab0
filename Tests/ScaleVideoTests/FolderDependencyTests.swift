import Foundation
import TestSupport
import Testing

/// docs/architecture.md's rule: each folder of Sources/ScaleVideo uses only
/// the folders it lists, so no two folders use each other; the pure timing
/// code (the Timing target, Sources/Timing) uses none and imports nothing.
/// A folder uses another when one of its files names a type declared there.
@Suite(.tags(.unit))
struct FolderDependencyTests {
    /// The folders each may use, as docs/architecture.md gives them.
    static let allowed: [String: Set<String>] = [
        "Levels": ["Source", "FFmpeg", "Drawings", "Samples", "Support"],
        "Running": [
            "Planning", "Join", "Video", "Audio", "Subtitles", "Lanes", "Output", "Source", "Drawings", "FFmpeg", "Samples", "Pictures",
            "Timing", "Support",
        ],
        "Planning": ["Video", "Audio", "Subtitles", "Lanes", "Output", "Source", "Drawings", "FFmpeg", "Samples", "Pictures", "Timing", "Support"],
        "Join": ["Video", "Lanes", "Output", "Source", "FFmpeg", "Timing", "Support"],
        "Subtitles": ["Lanes", "Source", "Output", "FFmpeg", "Timing", "Support"],
        "Video": ["Lanes", "Source", "Output", "FFmpeg", "Pictures", "Timing", "Support"],
        "Audio": ["Lanes", "Source", "Output", "Drawings", "FFmpeg", "Samples", "Timing", "Support"],
        "Lanes": ["Output", "Support"],
        "Output": ["FFmpeg", "Pictures", "Timing", "Support"],
        "Source": ["FFmpeg", "Samples", "Pictures", "Timing", "Support"],
        "FFmpeg": ["Samples", "Pictures", "Timing", "Support"],
        "Drawings": ["Samples", "Pictures", "Timing", "Support"],
        "Samples": ["Timing", "Support"],
        "Pictures": ["Timing", "Support"],
        "Timing": [],
        "Support": [],
    ]

    @Test func eachFolderUsesOnlyTheFoldersBelowIt() throws {
        let files = try Self.sources()
        #expect(Set(files.map(\.folder)) == Set(Self.allowed.keys), "folders: \(Set(files.map(\.folder)).sorted())")
        let timingImports = files.filter { $0.folder == "Timing" }.flatMap { $0.text.split(separator: "\n").filter { $0.hasPrefix("import ") } }
        #expect(timingImports.isEmpty, "the Timing target imports \(timingImports)")
        let uses = TypeUses(files.map { ($0.folder, $0.text) })
        let wrong = uses.pairs.filter { !(Self.allowed[$0.from]?.contains($0.to) ?? false) }
        #expect(wrong.isEmpty, "\(wrong.map { "\($0.from) uses \($0.to): \($0.types.sorted().joined(separator: ", "))" })")
        for (directory, count) in Dictionary(grouping: files, by: \.directory).mapValues(\.count) {
            #expect(count <= 20, "\(directory) holds \(count) files")
        }
    }

    /// FFmpeg's C stays in its wrappers: no file outside `FFmpeg/` imports
    /// the C module or reaches into a C struct through `.pointee`.
    @Test func cStaysInTheFFmpegFolder() throws {
        let files = try Self.sources()
        #expect(files.contains { $0.folder == "FFmpeg" && !cUses($0.text).isEmpty }, "the check finds the wrappers' own C")
        for file in files where file.folder != "FFmpeg" {
            let uses = cUses(file.text)
            #expect(uses.isEmpty, "\(file.path): \(uses.joined(separator: ", "))")
        }
        #expect(cUses("import CFFmpeg\nlet x = frame.pointer.pointee.width") == ["import CFFmpeg", ".pointee"])
        #expect(cUses("// .pointee in a comment\nlet text = \"import CFFmpeg .pointee\"").isEmpty)
    }

    /// Every Swift file of the library's folders (a subfolder's files are its
    /// folder's) and of the Timing target.
    private static func sources() throws -> [(folder: String, directory: String, path: String, text: String)] {
        let roots = [(nil, Repository.file("Sources/ScaleVideo")), ("Timing", Repository.file("Sources/Timing"))]
        var files: [(folder: String, directory: String, path: String, text: String)] = []
        for (name, root) in roots {
            for path in try #require(FileManager.default.subpaths(atPath: root.path)) where path.hasSuffix(".swift") {
                let parts = path.split(separator: "/").map(String.init)
                let folder = name ?? parts[0]
                let directory = ([folder] + parts.dropFirst(name == nil ? 1 : 0).dropLast()).joined(separator: "/")
                files.append((folder, directory, path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        return files
    }

    /// Files stay small enough to read whole and functions short enough to
    /// follow: no Swift file of the sources over 300 lines, no function
    /// (from its first line to its closing brace) over 60.
    @Test func filesAndFunctionsStaySmall() throws {
        let sources = Repository.file("Sources")
        let paths = try #require(FileManager.default.subpaths(atPath: sources.path)).filter { $0.hasSuffix(".swift") }
        #expect(paths.count > 100)
        for path in paths {
            let lines = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 301, "\(path) has \(lines.count) lines")
            for (start, length) in FunctionLengths(lines).spans where length > 60 {
                Issue.record("\(path):\(start + 1): a function of \(length) lines")
            }
        }
        let planted = FunctionLengths(["    func short() {", "        work()", "    }", "    init(x: Int) {"] + Array(repeating: "        work()", count: 60) + ["    }"])
        #expect(planted.spans.map(\.length) == [3, 62])
    }

    /// The check itself, on three planted files: a use, a nested type
    /// (which belongs to its folder), and names in comments and strings
    /// and a standard library type of the same name (which are not uses).
    @Test func theCheckFindsAUseAndOnlyThat() {
        let uses = TypeUses([
            ("Low", "struct Clock {}\nstruct Box {\n    struct Inner {}\n}"),
            ("High", "final class Lane { let clock: Clock }"),
            ("Other", "// a Clock in a comment\nlet text = \"Clock\"\nenum Holder {\n    struct Inner {}\n}\nlet standard: Swift.Clock"),
        ])
        #expect(uses.pairs.map { "\($0.from)>\($0.to):\($0.types.sorted())" } == ["High>Low:[\"Clock\"]"])
    }
}

/// The C a source's code (comments and strings aside) uses: an import of
/// FFmpeg's C module, a `.pointee`.
func cUses(_ text: String) -> [String] {
    let code = TypeUses.code(text)
    return (code.contains("import CFFmpeg") ? ["import CFFmpeg"] : []) + (code.contains(".pointee") ? [".pointee"] : [])
}

/// Which folder names types declared in which other folder.
struct TypeUses {
    let pairs: [(from: String, to: String, types: Set<String>)]

    init(_ files: [(folder: String, text: String)]) {
        let code = files.map { ($0.folder, Self.code($0.text)) }
        // Top-level declarations only: a nested type is named through its
        // parent, and a name may be reused inside another type.
        var declared: [String: String] = [:]
        for (folder, text) in code {
            for line in text.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("\t") {
                let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
                for (index, word) in words.enumerated()
                where ["class", "struct", "enum", "protocol", "actor", "typealias"].contains(word) && index + 1 < words.count {
                    declared[words[index + 1]] = declared[words[index + 1]] ?? folder
                }
            }
        }
        var found: [String: Set<String>] = [:]
        for (folder, text) in code {
            // `Swift.Decoder` names the standard library's type, not a folder's.
            let unqualified = text.replacingOccurrences(of: #"\bSwift\.\w+"#, with: "", options: .regularExpression)
            let words = Set(unqualified.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init))
            for word in words {
                guard let home = declared[word], home != folder else { continue }
                found["\(folder)>\(home)", default: []].insert(word)
            }
        }
        pairs = found.keys.sorted().map { key in
            let parts = key.split(separator: ">").map(String.init)
            return (parts[0], parts[1], found[key] ?? [])
        }
    }

    /// The text without comments and string literals.
    static func code(_ text: String) -> String {
        var result = ""
        var inString = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            var previous: Character = " "
            var skipRest = false
            for character in line where !skipRest {
                if !inString && previous == "/" && character == "/" {
                    result.removeLast()
                    skipRest = true
                    continue
                }
                if character == "\"" && previous != "\\" { inString.toggle() }
                if !inString && character != "\"" { result.append(character) }
                previous = character
            }
            result.append("\n")
        }
        return result
    }
}

/// Where each function (or initializer) starts and how many lines it spans,
/// to its closing brace: told by the braces, outside strings and comments.
struct FunctionLengths {
    let spans: [(start: Int, length: Int)]

    init(_ lines: [Substring]) {
        let declaration = /^\s*(@\w+\s+)*((public|private|package|fileprivate|static|override|mutating|final|convenience|required|nonisolated)\s+)*(func\s|init[?!]?[(<])/
        var spans: [(Int, Int)] = []
        for (index, line) in lines.enumerated() where line.firstMatch(of: declaration) != nil {
            var depth = 0
            var opened = false
            for end in index..<lines.count {
                let code = lines[end].replacing(/"(\\.|[^"\\])*"/, with: "\"\"").split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                depth += code.count { $0 == "{" } - code.count { $0 == "}" }
                opened = opened || code.contains("{")
                if opened && depth <= 0 {
                    spans.append((index, end - index + 1))
                    break
                }
            }
        }
        self.spans = spans
    }
}

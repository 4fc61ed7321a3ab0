import Foundation
import TestSupport
import Testing

/// The manual page in man/ says what `--help` says: made from the same
/// option definitions, every option with its help, and nothing else.
@Suite(.tags(.endToEnd))
struct ManualPageTests {
    /// The committed page is what the generator makes of the built command
    /// today (but for its date): an option changed without running
    /// scripts/manual.sh fails here.
    @Test func committedPageIsInStepWithTheCommand() throws {
        let generator = Tool.testPrograms.appendingPathComponent("scale-video-manual")
        let made = try Tool.run(generator.path, [Tool.scaleVideo.path])
        #expect(made.status == 0, "\(made.stderr)")
        let committed = try String(contentsOf: Repository.file("man/scale-video.1"), encoding: .utf8)
        let (fresh, kept) = (Self.undated(made.text), Self.undated(committed))
        #expect(fresh.count == kept.count)
        let differing = zip(fresh, kept).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differing == nil, "man/scale-video.1 line \(differing.map { $0 + 1 } ?? 0) differs; run scripts/manual.sh")
    }

    /// Every option the command defines stands in the page with its value
    /// name and its help text (as --help shows them), and the page lists no
    /// option the command lacks.
    @Test func pageDocumentsEveryOptionOfTheCommand() throws {
        let dump = try Tool.scale(["--experimental-dump-help"])
        let command = try #require(
            (try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])?["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]]).filter { $0["shouldDisplay"] as? Bool == true }
        let page = try String(contentsOf: Repository.file("man/scale-video.1"), encoding: .utf8).split(separator: "\n")
            .map(String.init)
        var expectedItems: [String] = []
        for argument in arguments where argument["kind"] as? String != "positional" {
            let names = (argument["names"] as? [[String: String]] ?? []).map { name in
                name["kind"] == "long" ? "Fl -" + name["name"]! : "Fl " + name["name"]!
            }
            var item = ".It " + names.joined(separator: " , ")
            if argument["kind"] as? String == "option" { item += " Ar " + (argument["valueName"] as? String ?? "") }
            // An option given more than once is shown so.
            if argument["kind"] as? String == "option", argument["isRepeating"] as? Bool == true { item += " ..." }
            expectedItems.append(item)
            let at = try #require(page.firstIndex(of: item), "the page lacks \(item)")
            let help = (argument["abstract"] as? String ?? "").replacingOccurrences(of: "\\", with: "\\e")
            #expect(page[at + 1].hasPrefix(help), "\(item): \(page[at + 1])")
        }
        let listed = page.filter { $0.hasPrefix(".It Fl") }
        #expect(listed.sorted() == expectedItems.sorted())
        // The long options --help shows are the ones the page lists.
        let help = try Tool.scale(["--help"]).text
        let helpOptions = Set(help.matches(of: /\n  (?:-\w, )?(--[a-z-]+)/).map { String($0.output.1) })
        let pageOptions = Set(listed.flatMap { $0.matches(of: /Fl -([a-z-]+)/).map { "--" + $0.output.1 } })
        #expect(helpOptions == pageOptions)
        #expect(page.contains(".Nd " + (command["abstract"] as? String ?? "")))
    }

    /// man(1) reads the page without a warning.
    @Test func pageIsValidMdoc() throws {
        let result = try Tool.run("groff", ["-k", "-mandoc", "-ww", "-z", Repository.file("man/scale-video.1").path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// The page's lines without its `.Dd` date line.
    private static func undated(_ page: String) -> [Substring] {
        page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") }
    }
}

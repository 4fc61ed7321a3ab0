import Foundation
import TestSupport
import Testing

/// The library is documented for its users: every public declaration in
/// Sources/ScaleVideo carries a doc comment (PublicDeclarations).
@Suite(.tags(.unit))
struct DocCommentTests {
    @Test func everyPublicDeclarationOfTheLibraryHasADocComment() throws {
        let folder = Repository.file("Sources/ScaleVideo")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 50)
        let check = PublicDeclarations()
        var undocumented: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            undocumented += check.undocumented(in: text, file: "Sources/ScaleVideo/" + file)
        }
        #expect(undocumented.isEmpty, "public declarations without a doc comment:\n\(undocumented.joined(separator: "\n"))")
    }

    /// The check itself, on a text whose undocumented declarations are
    /// known: members, cases of a public enum and requirements of a public
    /// protocol count; attributes may stand between comment and declaration;
    /// what is not public, and words in strings and comments, do not count.
    @Test func theCheckFindsEachUndocumentedDeclaration() {
        let text = #"""
            /// Documented.
            public struct Shown {
                public let bare: Int
                /// Documented.
                @inline(__always) public var value: Double { 0 }
                /// Documented,
                /// over two lines.
                @discardableResult
                public func run() -> Int { 1 }
                public init() { bare = 0 }
                let inner: Int = 0
                private func helper() { let open = "public let fake = 1 {"; _ = open }
                // public let commented = 1
                /**
                 Documented.
                 */
                public static let block = 2
            }

            public enum Choice {
                /// Documented.
                case first
                case second, third
                public var isFirst: Bool { if case .first = self { true } else { false } }
            }

            enum Hidden {
                case notPublic
            }

            public protocol Sample {
                /// Documented.
                static var silence: Self { get }
                var value: Double { get }
                init(scaled value: Double)
            }

            public final class Open {
                open func overridable() {}
                public private(set) var count = 0
                func internalOne() {
                    let text = """
                        public let inString = 1 }
                        """
                    _ = text
                }
            }
            """#
        let found = PublicDeclarations().undocumented(in: text, file: "F.swift")
        #expect(
            found == [
                "F.swift:3: public let bare: Int",
                "F.swift:10: public init() { bare = 0 }",
                "F.swift:20: public enum Choice {",
                "F.swift:23: case second, third",
                "F.swift:24: public var isFirst: Bool { if case .first = self { true } else { false } }",
                "F.swift:31: public protocol Sample {",
                "F.swift:34: var value: Double { get }",
                "F.swift:35: init(scaled value: Double)",
                "F.swift:38: public final class Open {",
                "F.swift:39: open func overridable() {}",
                "F.swift:40: public private(set) var count = 0",
            ])
    }
}

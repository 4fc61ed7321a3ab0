import Foundation

/// Finds, in Swift source text, the public declarations that carry no doc
/// comment: a line declaring something `public` or `open` (a type, an
/// initialiser, a property, a method), a case of a public enum, or a
/// requirement of a public protocol, whose line above (past attribute lines
/// such as `@discardableResult`) is neither a `///` line nor the end of a
/// `/** … */` comment. Strings and comments are read past, so a brace or a
/// keyword in them counts for nothing.
struct PublicDeclarations {
    /// `public` or `open` as a modifier of a declaration, after any
    /// attributes and other modifiers.
    private let declaration =
        /^(?:@\S+\s+)*(?:\w+(?:\(set\))?\s+)*?(?:public|open)(?:\s+\w+(?:\(set\))?)*?\s+(?:func|var|let|init|subscript|struct|class|enum|protocol|typealias|extension|actor|associatedtype)\b/
    /// A line of attributes alone.
    private let attributes = /^(?:@\w+(?:\([^)]*\))?\s*)+$/
    private let enumCase = /^(?:indirect\s+)?case\b/
    private let requirement = /^(?:@\S+\s+)*(?:(?:static|mutating)\s+)*(?:func|var|init|subscript|associatedtype)\b/
    /// Opens a public enum or protocol, whose members are public without saying so.
    private let publicContainer = /\b(?:public|open)\s+(?:indirect\s+)?(enum|protocol)\b/

    /// The kind of body a `{` opened.
    private enum Body {
        case publicEnum
        case publicProtocol
        case other
    }

    /// `file:line: text` for each undocumented public declaration of `text`.
    func undocumented(in text: String, file: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var reader = CodeReader()
        var bodies: [Body] = []
        var opening: Body = .other
        var found: [String] = []
        for (index, line) in lines.enumerated() {
            let code = reader.code(of: line).trimmingCharacters(in: .whitespaces)
            let inside = bodies.last ?? .other
            let declares =
                code.firstMatch(of: declaration) != nil
                || (inside == .publicEnum && code.firstMatch(of: enumCase) != nil)
                || (inside == .publicProtocol && code.firstMatch(of: requirement) != nil)
            if declares && !isDocumented(lines, above: index) {
                found.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
            if let match = code.firstMatch(of: publicContainer) {
                opening = match.1 == "enum" ? .publicEnum : .publicProtocol
            }
            for character in code {
                if character == "{" {
                    bodies.append(opening)
                    opening = .other
                } else if character == "}" {
                    _ = bodies.popLast()
                }
            }
        }
        return found
    }

    /// Whether the line above `index`, past attribute lines, ends a doc comment.
    private func isDocumented(_ lines: [String], above index: Int) -> Bool {
        var above = index - 1
        while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).wholeMatch(of: attributes) != nil { above -= 1 }
        guard above >= 0 else { return false }
        let line = lines[above].trimmingCharacters(in: .whitespaces)
        return line.hasPrefix("///") || line.hasSuffix("*/")
    }
}

/// Reads Swift source a line at a time and keeps only its code: string
/// literals (one-line and multi-line), line comments and block comments are
/// dropped, a block comment or multi-line string carrying on to the next
/// lines.
private struct CodeReader {
    private enum State {
        case code
        case blockComment
        case multilineString
    }

    private var state = State.code

    /// The code of `line`, without its strings and comments.
    mutating func code(of line: String) -> String {
        let characters = Array(line)
        var kept = ""
        var at = 0
        func starts(_ text: String) -> Bool {
            let wanted = Array(text)
            return at + wanted.count <= characters.count && Array(characters[at..<at + wanted.count]) == wanted
        }
        while at < characters.count {
            switch state {
            case .blockComment:
                if starts("*/") {
                    state = .code
                    at += 2
                } else {
                    at += 1
                }
            case .multilineString:
                if starts("\"\"\"") {
                    state = .code
                    at += 3
                } else {
                    at += 1
                }
            case .code:
                if starts("//") { return kept }
                if starts("/*") {
                    state = .blockComment
                    at += 2
                } else if starts("\"\"\"") {
                    state = .multilineString
                    at += 3
                } else if characters[at] == "\"" {
                    at += 1
                    while at < characters.count, characters[at] != "\"" { at += characters[at] == "\\" ? 2 : 1 }
                    at += 1
                } else {
                    kept.append(characters[at])
                    at += 1
                }
            }
        }
        return kept
    }
}

import Foundation

/// A command's manual page in mdoc, the BSD manual macros that man(1)
/// reads on Linux and the BSDs: its abstract, discussion and examples, and
/// each argument and option with its help text and default, grouped under
/// the headings `--help` uses.
struct ManualPage {
    let command: CommandInfo
    let date: Date

    var text: String {
        var lines = [
            #".\" Made by scale-video-manual from the command's own option definitions; see scripts/manual.sh."#,
            ".Dd " + Self.mdocDate(date),
            ".Dt \(command.commandName.uppercased()) 1",
            ".Os",
            ".Sh NAME",
            ".Nm \(command.commandName)",
            ".Nd " + Self.escaped(command.abstract ?? ""),
            ".Sh SYNOPSIS",
            ".Nm",
            ".Op Ar options",
        ]
        let (description, examples) = discussionParts
        lines += positionals.map { $0.isOptional ? ".Op Ar \(value($0))" : ".Ar \(value($0))" }
        if !description.isEmpty {
            lines += [".Sh DESCRIPTION"] + description.map(Self.escaped).joined(separator: "\n.Pp\n").components(separatedBy: "\n")
        }
        if !positionals.isEmpty { lines += [".Sh ARGUMENTS"] + list(positionals) }
        lines.append(".Sh OPTIONS")
        lines += list(options.filter { $0.sectionTitle == nil })
        for title in sectionTitles {
            lines += [".Ss " + Self.escaped(title)] + list(options.filter { $0.sectionTitle == title })
        }
        if !examples.isEmpty {
            lines += [".Sh EXAMPLES", ".Bd -literal -offset indent"] + examples.map(Self.escaped) + [".Ed"]
        }
        lines += [".Sh SEE ALSO", ".Xr ffmpeg 1 ,", ".Xr ffprobe 1"]
        return lines.joined(separator: "\n") + "\n"
    }

    private var shown: [CommandInfo.Argument] { (command.arguments ?? []).filter(\.shouldDisplay) }
    private var positionals: [CommandInfo.Argument] { shown.filter { $0.kind == "positional" } }
    private var options: [CommandInfo.Argument] { shown.filter { $0.kind != "positional" } }

    /// The option groups' headings, in the order `--help` shows them.
    private var sectionTitles: [String] {
        options.compactMap(\.sectionTitle).reduce(into: []) { titles, title in
            if !titles.contains(title) { titles.append(title) }
        }
    }

    /// The discussion's paragraphs, and the lines after its `Examples:` line.
    private var discussionParts: (paragraphs: [String], examples: [String]) {
        let lines = (command.discussion ?? "").components(separatedBy: "\n")
        let examplesAt = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "Examples:" } ?? lines.endIndex
        let paragraphs = lines[..<examplesAt].split(whereSeparator: { $0.trimmingCharacters(in: .whitespaces).isEmpty })
            .map { $0.joined(separator: " ") }
        let examples = lines[examplesAt...].dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (paragraphs, examples)
    }

    /// A tagged list: each argument's names and value, then its help.
    private func list(_ arguments: [CommandInfo.Argument]) -> [String] {
        guard !arguments.isEmpty else { return [] }
        var lines = [".Bl -tag -width Ds"]
        for argument in arguments {
            let names = (argument.names ?? []).map { name in
                switch name.kind {
                case "short", "longWithSingleDash": "Fl \(name.name)"
                default: "Fl -\(name.name)"
                }
            }
            var head = names.joined(separator: " , ")
            if argument.kind == "option" { head += " Ar \(value(argument))" }
            if argument.kind == "positional" { head = "Ar \(value(argument))" }
            lines.append(".It " + head)
            var help = argument.abstract ?? ""
            if let value = argument.defaultValue { help += " (default: \(value))" }
            lines.append(Self.escaped(help))
            if let discussion = argument.discussion, !discussion.isEmpty { lines += [".Pp", Self.escaped(discussion)] }
        }
        return lines + [".El"]
    }

    /// `seconds`, or `inputs ...` for a repeating one.
    private func value(_ argument: CommandInfo.Argument) -> String {
        let name = Self.escaped(argument.valueName ?? "value")
        return argument.isRepeating ? name + " ..." : name
    }

    /// A text line mdoc shows as written: backslashes escaped, and a line
    /// that would read as a macro or a blank line guarded.
    static func escaped(_ line: String) -> String {
        let text = line.replacingOccurrences(of: "\\", with: "\\e")
        return text.hasPrefix(".") || text.hasPrefix("'") || text.hasPrefix(" ") ? "\\&" + text : text
    }

    /// `November 23, 2026`, the form `.Dd` takes.
    static func mdocDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMMM d, yyyy"
        return formatter.string(from: date)
    }
}

import Foundation

// Writes the manual page (mdoc) of a command built with swift-argument-parser
// from the option definitions the command itself reports
// (`--experimental-dump-help`), so the page says what `--help` says.
// Usage: scale-video-manual <path to the command>   (the page on standard output)

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: scale-video-manual <path to the command>\n".utf8))
    exit(64)
}
do {
    let info = try CommandInfo.dumped(by: CommandLine.arguments[1])
    print(ManualPage(command: info, date: Date()).text, terminator: "")
} catch {
    FileHandle.standardError.write(Data("scale-video-manual: \(error)\n".utf8))
    exit(1)
}

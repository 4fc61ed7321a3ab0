import Glibc

/// The folder of the running program, its links followed ("." when
/// /proc/self/exe cannot be read): where the files installed beside it are.
package func runningProgramFolder() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    let count = readlink("/proc/self/exe", &buffer, buffer.count)
    guard count > 0 else { return "." }
    return parentFolder(of: String(decoding: buffer[..<count].map(UInt8.init(bitPattern:)), as: UTF8.self))
}

/// The folder holding `path` ("/" for "/x", "." for a bare name).
package func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The command that puts `product` (a program or library built beside
/// `scale-video`) in place, for a message saying it is missing: SwiftPM's
/// build of it where the running program is a build of the source tree
/// (`ROOT/.build/…/debug` or `…/release`), else scripts/install.sh.
package func commandThatBuilds(_ product: String, besideProgramIn folder: String = runningProgramFolder()) -> String {
    let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
    guard let build = parts.lastIndex(of: ".build"), build > 0 else {
        return "install it with the source's scripts/install.sh, which puts it beside scale-video"
    }
    let root = parts[..<build].joined(separator: "/")
    let mode = parts.last == "debug" ? "" : " -c release --static-swift-stdlib"
    return "build it with `cd \(root) && swift build\(mode) --product \(product)` (scripts/sample.sh builds them all)"
}

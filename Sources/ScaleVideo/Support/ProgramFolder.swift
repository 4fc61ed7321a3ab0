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

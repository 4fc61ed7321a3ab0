import FoundationEssentials
import Glibc

/// The `--output-dir` folder: made with its missing parents before a batch
/// runs, or for a dry run only looked at.
enum OutputFolder {
    /// Makes `path` and its missing parents; the reason when it cannot.
    static func make(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        return isFolder(path) ? nil : "a file is in the way"
    }

    /// Whether `path` could be made, without making it: the reason when a
    /// file stands where it or one of its parents would be.
    static func check(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            var status = stat()
            if stat(prefix, &status) != 0 { return nil }
            if status.st_mode & S_IFMT != S_IFDIR { return "a file is in the way" }
            prefix += "/"
        }
        return nil
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

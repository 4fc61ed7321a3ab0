import Foundation

/// The name a render is written under (SPEC §15, "Renders repeat"): the
/// command line's name (`NAME-scaled.EXT`) when it is free, else the first
/// free one of `NAME-scaled-2.EXT`, `NAME-scaled-3.EXT`, …; a name is taken
/// when a file of the output folder has it or a render queued or under way
/// will write it.
enum RenderNames {
    /// The first of `name`'s numbered names that `isTaken` does not refuse.
    static func free(_ name: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(name) else { return name }
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension.isEmpty ? "" : "." + (name as NSString).pathExtension
        var number = 2
        while isTaken("\(stem)-\(number)\(suffix)") { number += 1 }
        return "\(stem)-\(number)\(suffix)"
    }

    /// Whether a file (or a link, even a broken one) named `name` is in `folder`.
    static func exists(_ name: String, in folder: String) -> Bool {
        var status = stat()
        return lstat(folder + "/" + name, &status) == 0
    }
}

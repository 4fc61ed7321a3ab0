import FoundationEssentials
import Timing

/// What a part (FilmPart) says of itself, kept in its file as the tag
/// `SCALE_VIDEO_PART` (JSON), so that it is put in place with the part:
/// the plan it is of, which part, its frames, and the request that plans it again.
public struct PartManifest: Codable, Sendable {
    /// The plan's digest (FilmPart.digest).
    public let digest: String
    /// k, from 1.
    public let part: Int
    /// n.
    public let parts: Int
    /// Its first output frame.
    public let first: Int
    /// The output frame after its last.
    public let end: Int
    /// N, the whole render's output frames.
    public let frames: Int
    /// The request of the whole render (ScaleRequest.planned): its input is
    /// the source's path as the part was given it.
    public let request: ScaleRequest

    /// The tag it is kept in.
    static let tag = "SCALE_VIDEO_PART"

    /// The manifest of the part file at `path`; refused when it is not one.
    public static func read(_ path: String) throws -> PartManifest {
        let file: InputFile
        do {
            file = try InputFile(path: path)
        } catch let error as FFmpegError {
            throw ScaleError.failed("\(path) cannot be read as a part (\(error.message))")
        }
        guard let text = file.tags.first(where: { $0.key.uppercased() == tag })?.value else {
            throw ScaleError.failed("\(path) is not a part of a render: it holds no manifest (\(tag))")
        }
        guard let manifest = try? JSONDecoder().decode(PartManifest.self, from: Data(text.utf8)) else {
            throw ScaleError.failed("\(path) is a part of another release's render: its manifest cannot be read here (join it with that release)")
        }
        return manifest
    }

    /// The manifest as its tag holds it.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// Checks that `parts` (paths and manifests, in any order) are every
    /// part of one plan, each once: refused naming the part that is
    /// repeated, of another plan, or missing. The parts in part order.
    public static func ordered(_ parts: [(path: String, manifest: PartManifest)]) throws -> [(path: String, manifest: PartManifest)] {
        guard let (firstPath, first) = parts.first else { throw ScaleError.failed("join: give the parts to join") }
        var byNumber: [Int: (path: String, manifest: PartManifest)] = [:]
        for (path, manifest) in parts {
            guard manifest.digest == first.digest, manifest.parts == first.parts, manifest.frames == first.frames else {
                throw ScaleError.failed("\(path) is a part of another render than \(firstPath) (its plan differs)")
            }
            if let earlier = byNumber[manifest.part]?.path {
                if earlier == path { throw ScaleError.failed("\(path) is given twice") }
                throw ScaleError.failed("\(path) is part \(manifest.part) of \(manifest.parts) again (so is \(earlier))")
            }
            byNumber[manifest.part] = (path, manifest)
        }
        let missing = (1...first.parts).filter { byNumber[$0] == nil }
        guard missing.isEmpty else {
            let list = missing.map(String.init).joined(separator: ", ")
            throw ScaleError.failed("part\(missing.count > 1 ? "s" : "") \(list) of \(first.parts) \(missing.count > 1 ? "are" : "is") missing")
        }
        return (1...first.parts).map { byNumber[$0]! }
    }
}

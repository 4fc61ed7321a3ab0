import Foundation
import Hummingbird

/// The page: plain HTML, CSS and JavaScript modules, read once at start-up
/// from where an install puts them (`../share/scale-video/studio` from the
/// program's folder, scripts/install.sh) or else from the target's
/// resources beside a built program (`scale-video_Studio.resources/Page`).
struct PageAssets: Sendable {
    private let files: [String: Data]

    init(program: String) throws {
        let folder = URL(fileURLWithPath: program).resolvingSymlinksInPath().deletingLastPathComponent()
        let places = [
            folder.appendingPathComponent("../share/scale-video/studio").standardized,
            folder.appendingPathComponent("scale-video_Studio.resources/Page"),
        ]
        guard let place = places.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) })
        else { throw StudioFolderError.missing(places.map(\.path).joined(separator: " or ")) }
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: place.path) {
            files[name] = FileManager.default.contents(atPath: place.appendingPathComponent(name).path)
        }
        self.files = files
    }

    /// The page's own types.
    static func type(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    func response(_ name: String) throws -> Response {
        guard let data = files[name] else { throw HTTPError(.notFound, message: "no page file \(name)") }
        return Response(
            status: .ok,
            headers: [
                .contentType: Self.type(of: name), .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
                .contentSecurityPolicy: "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

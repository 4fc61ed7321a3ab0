import Foundation
import Hummingbird

/// The page: plain HTML, CSS and JavaScript modules from the target's
/// resources, read once at start-up.
struct PageAssets: Sendable {
    private let files: [String: Data]

    init() throws {
        guard let folder = Bundle.module.url(forResource: "Page", withExtension: nil) else { throw StudioFolderError.missing("Page") }
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        self.files = files
    }

    func response(_ name: String) throws -> Response {
        guard let data = files[name] else { throw HTTPError(.notFound, message: "no page file \(name)") }
        return Response(
            status: .ok,
            headers: [
                .contentType: FileResponse.type(of: name), .cacheControl: "no-store",
                .contentSecurityPolicy: "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

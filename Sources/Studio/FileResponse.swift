import Foundation
import Hummingbird

/// A file of a studio folder as a response: whole, or the one byte range a
/// player asks for (`Range: bytes=a-b`, `a-`, `-n`), typed by its extension.
enum FileResponse {
    static func make(path: String, request: Request, context: some RequestContext, download: String? = nil) async throws -> Response {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        // A file of the folder is media to play or save, never a page of the studio's origin.
        var headers: HTTPFields = [
            .contentType: type(of: path), .acceptRanges: "bytes", .contentSecurityPolicy: "sandbox", .xContentTypeOptions: "nosniff",
        ]
        if let download { headers[.contentDisposition] = "attachment; filename=\"\(download.filter { $0 != "\"" })\"" }
        let files = FileIO()
        guard let asked = request.headers[.range] else {
            let body = try await files.loadFile(path: path, context: context)
            headers[.contentLength] = String(size)
            return Response(status: .ok, headers: headers, body: body)
        }
        guard let range = byteRange(asked, size: size) else {
            headers[.contentRange] = "bytes */\(size)"
            throw HTTPError(.rangeNotSatisfiable, headers: headers, message: "the range \(asked) is not in the file")
        }
        let body = try await files.loadFile(path: path, range: range, context: context)
        headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
        headers[.contentLength] = String(range.count)
        return Response(status: .partialContent, headers: headers, body: body)
    }

    /// The one range `header` asks for within `size` bytes; nil when it is not one.
    static func byteRange(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard header.hasPrefix("bytes="), size > 0 else { return nil }
        let parts = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !header.contains(",") else { return nil }
        if parts[0].isEmpty {
            guard let last = Int(parts[1]), last > 0 else { return nil }
            return max(size - last, 0)...(size - 1)
        }
        guard let start = Int(parts[0]), start >= 0, start < size else { return nil }
        let end = parts[1].isEmpty ? size - 1 : Int(parts[1]).map { min($0, size - 1) }
        guard let end, end >= start else { return nil }
        return start...end
    }

    /// The media type of a media file by its extension; never a type a
    /// browser would run.
    static func type(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "mp4", "m4v": "video/mp4"
        case "mov": "video/quicktime"
        case "mkv": "video/x-matroska"
        case "webm": "video/webm"
        case "m4a": "audio/mp4"
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}

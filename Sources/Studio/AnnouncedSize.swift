import Hummingbird

/// Size limits are read first (SPEC §15): a request whose `Content-Length`
/// announces a body larger than an upload may be is refused (413) from its
/// head alone, before any of its body is read, and told that the
/// connection closes; one that does not announce its size is still
/// counted as it comes (StudioFiles.upload).
struct AnnouncedSize<Context: RequestContext>: RouterMiddleware {
    /// The largest body taken, in bytes.
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let announced = request.headers[.contentLength], Self.exceeds(announced, limit) {
            throw HTTPError(
                .contentTooLarge, headers: [.connection: "close"],
                message: "the request announces \(announced) bytes, more than the \(limit >> 20) MiB an upload may be")
        }
        return try await next(request, context)
    }

    /// Whether a `Content-Length` of `text` is over `limit`: a number too
    /// large for an Int is.
    static func exceeds(_ text: String, _ limit: Int) -> Bool {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
        return Int(text).map { $0 > limit } ?? true
    }
}

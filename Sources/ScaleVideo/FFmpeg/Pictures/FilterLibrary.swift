import CFFmpeg
import Glibc

/// libavfilter, loaded the first time a picture is turned or tone-mapped
/// (or its version asked), never linked: with its own dependencies (speech
/// voices, SVG, Vulkan rendering and more) it maps about 11 MB into every
/// process that loads it, and most jobs filter no picture. The functions
/// `FilterGraph` calls, taken from the library FFmpeg's headers name.
struct FilterLibrary: @unchecked Sendable {
    typealias Graph = UnsafeMutablePointer<AVFilterGraph>
    typealias Context = UnsafeMutablePointer<AVFilterContext>
    typealias Ends = UnsafeMutablePointer<AVFilterInOut>

    let version: @convention(c) () -> UInt32
    let graphAlloc: @convention(c) () -> Graph?
    let graphFree: @convention(c) (UnsafeMutablePointer<Graph?>?) -> Void
    let getByName: @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVFilter>?
    let createFilter: @convention(c) (
        UnsafeMutablePointer<Context?>?, UnsafePointer<AVFilter>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafeMutableRawPointer?, Graph?
    ) -> Int32
    let endsAlloc: @convention(c) () -> Ends?
    let endsFree: @convention(c) (UnsafeMutablePointer<Ends?>?) -> Void
    let parse: @convention(c) (
        Graph?, UnsafePointer<CChar>?, UnsafeMutablePointer<Ends?>?, UnsafeMutablePointer<Ends?>?, UnsafeMutableRawPointer?
    ) -> Int32
    let configure: @convention(c) (Graph?, UnsafeMutableRawPointer?) -> Int32
    let addFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?, Int32) -> Int32
    let getFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?) -> Int32

    /// The file loaded: the major version the headers were written for.
    static let fileName = "libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)"

    /// The library, loaded once for the whole process.
    static func loaded() throws -> FilterLibrary { try shared.get() }

    private static let shared: Result<FilterLibrary, FFmpegError> = load()

    private static func load() -> Result<FilterLibrary, FFmpegError> {
        func failure() -> FFmpegError {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return FFmpegError(sv_averror(ENOENT), "cannot load \(fileName), which turning and tone-mapping pictures need (\(reason))")
        }
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else { return .failure(failure()) }
        // Each function's type is the one its property declares.
        func symbol<Function>(_ name: String) throws(FFmpegError) -> Function {
            guard let address = dlsym(handle, name) else { throw failure() }
            return unsafeBitCast(address, to: Function.self)
        }
        do throws(FFmpegError) {
            return .success(
                FilterLibrary(
                    version: try symbol("avfilter_version"), graphAlloc: try symbol("avfilter_graph_alloc"),
                    graphFree: try symbol("avfilter_graph_free"), getByName: try symbol("avfilter_get_by_name"),
                    createFilter: try symbol("avfilter_graph_create_filter"), endsAlloc: try symbol("avfilter_inout_alloc"),
                    endsFree: try symbol("avfilter_inout_free"), parse: try symbol("avfilter_graph_parse_ptr"),
                    configure: try symbol("avfilter_graph_config"), addFrame: try symbol("av_buffersrc_add_frame_flags"),
                    getFrame: try symbol("av_buffersink_get_frame")))
        } catch {
            dlclose(handle)
            return .failure(error)
        }
    }
}

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
        func symbol<Function>(_ name: String, as type: Function.Type) throws(FFmpegError) -> Function {
            guard let address = dlsym(handle, name) else { throw failure() }
            return unsafeBitCast(address, to: type)
        }
        do throws(FFmpegError) {
            return .success(
                FilterLibrary(
                    version: try symbol("avfilter_version", as: (@convention(c) () -> UInt32).self),
                    graphAlloc: try symbol("avfilter_graph_alloc", as: (@convention(c) () -> Graph?).self),
                    graphFree: try symbol("avfilter_graph_free", as: (@convention(c) (UnsafeMutablePointer<Graph?>?) -> Void).self),
                    getByName: try symbol(
                        "avfilter_get_by_name", as: (@convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVFilter>?).self),
                    createFilter: try symbol(
                        "avfilter_graph_create_filter",
                        as: (@convention(c) (
                            UnsafeMutablePointer<Context?>?, UnsafePointer<AVFilter>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                            UnsafeMutableRawPointer?, Graph?
                        ) -> Int32).self),
                    endsAlloc: try symbol("avfilter_inout_alloc", as: (@convention(c) () -> Ends?).self),
                    endsFree: try symbol("avfilter_inout_free", as: (@convention(c) (UnsafeMutablePointer<Ends?>?) -> Void).self),
                    parse: try symbol(
                        "avfilter_graph_parse_ptr",
                        as: (@convention(c) (
                            Graph?, UnsafePointer<CChar>?, UnsafeMutablePointer<Ends?>?, UnsafeMutablePointer<Ends?>?,
                            UnsafeMutableRawPointer?
                        ) -> Int32).self),
                    configure: try symbol(
                        "avfilter_graph_config", as: (@convention(c) (Graph?, UnsafeMutableRawPointer?) -> Int32).self),
                    addFrame: try symbol(
                        "av_buffersrc_add_frame_flags",
                        as: (@convention(c) (Context?, UnsafeMutablePointer<AVFrame>?, Int32) -> Int32).self),
                    getFrame: try symbol(
                        "av_buffersink_get_frame", as: (@convention(c) (Context?, UnsafeMutablePointer<AVFrame>?) -> Int32).self)))
        } catch {
            dlclose(handle)
            return .failure(error)
        }
    }
}

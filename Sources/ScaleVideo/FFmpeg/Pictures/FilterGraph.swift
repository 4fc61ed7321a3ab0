import CFFmpeg

/// A libavfilter chain from one video input to one output, fed a frame at a
/// time (libavfilter loaded at the first, `FilterLibrary`). A chain may give back one frame for each frame in (`convert`), or
/// none or several (`push`, then `pull` until it has none).
final class FilterGraph {
    private let library: FilterLibrary
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let output: Frame

    /// - Parameters:
    ///   - description: the chain, e.g. `zscale=t=linear,format=gbrpf32le`.
    ///   - frame: a frame like those to come (size, format, pixel shape).
    init(_ description: String, framesLike picture: Frame, timeBase: Rational) throws {
        let frame = picture.pointer
        let timeBase = try timeBase.timeBase()
        let library = try FilterLibrary.loaded()
        self.library = library
        output = try Frame()
        var graph = library.graphAlloc()
        guard graph != nil else { throw FFmpegError(sv_averror(ENOMEM), "avfilter_graph_alloc") }
        do {
            (source, sink) = try Self.build(description, in: graph!, framesLike: frame, timeBase: timeBase, library: library)
        } catch {
            library.graphFree(&graph)
            throw error
        }
        self.graph = graph
    }

    private static func build(
        _ description: String, in graph: UnsafeMutablePointer<AVFilterGraph>, framesLike frame: UnsafePointer<AVFrame>,
        timeBase: AVRational, library: FilterLibrary
    ) throws -> (UnsafeMutablePointer<AVFilterContext>, UnsafeMutablePointer<AVFilterContext>) {
        let aspect = frame.pointee.sample_aspect_ratio
        let arguments = "video_size=\(frame.pointee.width)x\(frame.pointee.height):pix_fmt=\(frame.pointee.format)"
            + ":time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=\(max(aspect.num, 0))/\(max(aspect.den, 1))"
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        try check(
            library.createFilter(&source, library.getByName("buffer"), "in", arguments, nil, graph),
            "cannot set up the picture filter")
        try check(
            library.createFilter(&sink, library.getByName("buffersink"), "out", nil, nil, graph),
            "cannot set up the picture filter")
        // The chain's open ends: its input reads from the source, its output feeds the sink.
        var outputs = library.endsAlloc()
        var inputs = library.endsAlloc()
        defer {
            library.endsFree(&outputs)
            library.endsFree(&inputs)
        }
        guard let open = outputs, let close = inputs else { throw FFmpegError(sv_averror(ENOMEM), "avfilter_inout_alloc") }
        open.pointee.name = av_strdup("in")
        open.pointee.filter_ctx = source
        close.pointee.name = av_strdup("out")
        close.pointee.filter_ctx = sink
        try check(library.parse(graph, description, &inputs, &outputs, nil), "cannot set up \(description)")
        try check(library.configure(graph, nil), "cannot set up \(description)")
        return (source!, sink!)
    }

    deinit { library.graphFree(&graph) }

    /// The filtered picture of a chain that gives one for each; valid until the next call.
    func convert(_ picture: Frame) throws -> Frame {
        try push(picture)
        guard let output = try pull() else { throw FFmpegError(SV_AVERROR_EAGAIN, "cannot filter a picture") }
        return output
    }

    /// Gives the chain a picture; it keeps its own reference.
    func push(_ picture: Frame) throws {
        try check(
            library.addFrame(source, picture.pointer, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)),
            "cannot filter a picture")
    }

    /// The chain's next picture, or nil when it needs more input; valid until the next call.
    func pull() throws -> Frame? {
        output.unref()
        switch try received(library.getFrame(sink, output.pointer), "cannot filter a picture") {
        case .value: return output
        case .needsInput, .end: return nil
        }
    }
}

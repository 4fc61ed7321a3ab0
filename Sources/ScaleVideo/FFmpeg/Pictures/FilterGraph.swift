import CFFmpeg

/// A libavfilter chain from one video input to one output, fed a frame at a
/// time. A chain may give back one frame for each frame in (`convert`), or
/// none or several (`push`, then `pull` until it has none).
final class FilterGraph {
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
        output = try Frame()
        var graph = avfilter_graph_alloc()
        guard graph != nil else { throw FFmpegError(sv_averror(ENOMEM), "avfilter_graph_alloc") }
        do {
            (source, sink) = try Self.build(description, in: graph!, framesLike: frame, timeBase: timeBase)
        } catch {
            avfilter_graph_free(&graph)
            throw error
        }
        self.graph = graph
    }

    private static func build(
        _ description: String, in graph: UnsafeMutablePointer<AVFilterGraph>, framesLike frame: UnsafePointer<AVFrame>,
        timeBase: AVRational
    ) throws -> (UnsafeMutablePointer<AVFilterContext>, UnsafeMutablePointer<AVFilterContext>) {
        let aspect = frame.pointee.sample_aspect_ratio
        let arguments = "video_size=\(frame.pointee.width)x\(frame.pointee.height):pix_fmt=\(frame.pointee.format)"
            + ":time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=\(max(aspect.num, 0))/\(max(aspect.den, 1))"
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        try check(
            avfilter_graph_create_filter(&source, avfilter_get_by_name("buffer"), "in", arguments, nil, graph),
            "cannot set up the picture filter")
        try check(
            avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph),
            "cannot set up the picture filter")
        // The chain's open ends: its input reads from the source, its output feeds the sink.
        var outputs = avfilter_inout_alloc()
        var inputs = avfilter_inout_alloc()
        defer {
            avfilter_inout_free(&outputs)
            avfilter_inout_free(&inputs)
        }
        guard let open = outputs, let close = inputs else { throw FFmpegError(sv_averror(ENOMEM), "avfilter_inout_alloc") }
        open.pointee.name = av_strdup("in")
        open.pointee.filter_ctx = source
        close.pointee.name = av_strdup("out")
        close.pointee.filter_ctx = sink
        try check(avfilter_graph_parse_ptr(graph, description, &inputs, &outputs, nil), "cannot set up \(description)")
        try check(avfilter_graph_config(graph, nil), "cannot set up \(description)")
        return (source!, sink!)
    }

    deinit { avfilter_graph_free(&graph) }

    /// The filtered picture of a chain that gives one for each; valid until the next call.
    func convert(_ picture: Frame) throws -> Frame {
        try push(picture)
        guard let output = try pull() else { throw FFmpegError(SV_AVERROR_EAGAIN, "cannot filter a picture") }
        return output
    }

    /// Gives the chain a picture; it keeps its own reference.
    func push(_ picture: Frame) throws {
        try check(
            av_buffersrc_add_frame_flags(source, picture.pointer, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)),
            "cannot filter a picture")
    }

    /// The chain's next picture, or nil when it needs more input; valid until the next call.
    func pull() throws -> Frame? {
        output.unref()
        switch try received(av_buffersink_get_frame(sink, output.pointer), "cannot filter a picture") {
        case .value: return output
        case .needsInput, .end: return nil
        }
    }
}

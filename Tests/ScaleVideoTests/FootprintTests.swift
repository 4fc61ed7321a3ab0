import Foundation
import TestSupport
import Testing

/// What the command loads before it does any work.
@Suite(.tags(.endToEnd))
struct FootprintTests {
    /// Foundation (with its ICU data) costs several megabytes of memory in
    /// every process that loads it; the command needs only FoundationEssentials.
    /// Built with the Swift libraries as shared ones (debug), ldd names them;
    /// with them linked in (release, as installed), the symbols do: none of
    /// _FoundationICU's calendar, which FoundationInternationalization brings.
    @Test func theCommandDoesNotLoadFoundation() throws {
        let libraries = try Tool.run("ldd", [Tool.scaleVideo.path]).text
        #expect(!libraries.contains("libFoundation.so"), "\(libraries)")
        #expect(!libraries.contains("libFoundationInternationalization.so"), "\(libraries)")
        #expect(!libraries.contains("lib_FoundationICU.so"), "\(libraries)")
        if !libraries.contains("libFoundationEssentials.so") {
            let symbols = try Tool.run("nm", [Tool.scaleVideo.path]).text
            #expect(symbols.contains("FoundationEssentials"), "neither linked nor loaded: not a Swift program of this package?")
            #expect(!symbols.contains("ucal_open"))
            let studio = try Tool.run("nm", [Tool.scaleVideo.deletingLastPathComponent().appendingPathComponent("scale-video-studio").path])
            #expect(studio.text.contains("ucal_open"), "the check finds Foundation where it is linked in")
        }
    }

    /// OpenCV (with TBB, LAPACK and X11 through its own dependencies) costs
    /// several megabytes in every process that maps it: only the flow
    /// kernel's library, built beside the command, links it, and only its
    /// core and imgproc (video would bring dnn, calib3d and features2d, which
    /// the kernel does not use, and some 20 ms of loading to every flow job).
    @Test func onlyTheFlowLibraryLinksOpenCV() throws {
        let libraries = try Tool.run("ldd", [Tool.scaleVideo.path]).text
        #expect(!libraries.contains("libopencv"), "\(libraries)")
        #expect(!libraries.contains("libtbb"), "\(libraries)")
        let flow = Tool.scaleVideo.deletingLastPathComponent().appendingPathComponent("libScaleVideoFlow.so")
        let flowLibraries = try Tool.run("ldd", [flow.path])
        #expect(flowLibraries.status == 0 && flowLibraries.text.contains("libopencv_imgproc.so"), "\(flowLibraries.stderr)")
        #expect(!flowLibraries.text.contains("libopencv_video.so"), "\(flowLibraries.text)")
    }

    /// The dynamic loader's own account (LD_DEBUG=libs) of the libraries a
    /// job loads: a job writing a movie with nearest or blend, or sound
    /// alone, loads no OpenCV; a flow job loads it, with the flow library.
    @Test func onlyAFlowJobLoadsOpenCV() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 1)
        for (output, motion) in [("nearest.mov", "nearest"), ("blend.mov", "blend"), ("sound.wav", "nearest"), ("flow.mov", "flow")] {
            let result = try Tool.run(
                "/usr/bin/env",
                ["LD_DEBUG=libs", Tool.scaleVideo.path, "in.mov", "-o", output, "--factor", "2", "--motion", motion, "--quiet"],
                in: scratch.url)
            #expect(result.status == 0, "\(output): \(result.stderrLines.suffix(3))")
            let loaded = result.stderrLines.filter { $0.contains("calling init:") }
            #expect(loaded.contains { $0.contains("libavcodec.so") }, "\(output): \(loaded)")
            let openCV = loaded.filter { $0.contains("libopencv") || $0.contains("libtbb") || $0.contains("libScaleVideoFlow") }
            if motion == "flow" {
                #expect(openCV.contains { $0.hasSuffix("/libScaleVideoFlow.so") }, "\(loaded)")
                #expect(openCV.contains { $0.contains("libopencv_imgproc.so") }, "\(loaded)")
            } else {
                #expect(openCV.isEmpty, "\(output): \(openCV)")
            }
        }
    }

    /// libavfilter maps about 11 MB with its own dependencies, and only a
    /// picture that is turned (or tone-mapped) goes through it: the command
    /// does not link it; a job that turns no picture does not load it; a
    /// phone's turned picture written to Matroska (whose pixels are turned)
    /// loads it, and the same picture written to MP4 (which keeps the mark)
    /// does not.
    @Test func onlyAJobThatTurnsPicturesLoadsLibavfilter() throws {
        #expect(!(try Tool.run("ldd", [Tool.scaleVideo.path]).text.contains("libavfilter")))
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 1)
        let orientation = try OrientationTests()
        let turned = try orientation.source(OrientationTests.cases[0])
        let jobs: [(input: String, output: String, turns: Bool)] = [
            (scratch.file("in.mov").path, "nearest.mov", false), (scratch.file("in.mov").path, "sound.wav", false),
            (turned.path, "turned.mp4", false), (turned.path, "turned.mkv", true),
        ]
        for job in jobs {
            let result = try Tool.run(
                "/usr/bin/env", ["LD_DEBUG=libs", Tool.scaleVideo.path, job.input, "-o", job.output, "--factor", "2", "--quiet"],
                in: scratch.url)
            #expect(result.status == 0, "\(job.output): \(result.stderrLines.suffix(3))")
            let loaded = result.stderrLines.filter { $0.contains("calling init:") }
            #expect(loaded.contains { $0.contains("libavcodec.so") }, "\(job.output): \(loaded)")
            #expect(loaded.contains { $0.contains("libavfilter.so") } == job.turns, "\(job.output): \(loaded)")
        }
        withExtendedLifetime(orientation) {}
    }
}

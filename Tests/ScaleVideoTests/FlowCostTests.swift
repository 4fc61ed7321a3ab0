import Foundation
import TestSupport
import Testing

/// `--motion flow`'s cost follows the picture's size: on the same generated
/// footage (a zoom into the Mandelbrot set, lossless), x2, the CPU time a
/// pixel of output at 320x180 is at most twice what it is at 1280x720
/// (1.2 times on this machine, alone or beside another flow job; 2.9 with
/// OpenCV's DIS, whose search cost more a pixel on small grids; when a
/// picture up to 640 wide had its flow found at full size, about 50 times).
/// Each size is given as many source pixels (256 frames against 16), so
/// that what a process costs to start weighs the same on both; each job
/// runs three times and its least CPU time counts (what the shell's
/// `times` reports of the job alone, so that tests running beside it
/// count for nothing).
@Suite(.tags(.endToEnd))
struct FlowCostTests {
    /// The least CPU time (user and system, seconds) of three runs of the
    /// x2 flow job on `input`.
    static func cpuSeconds(_ input: String, in scratch: Scratch) throws -> Double {
        let job = [Tool.scaleVideo.path, input, "-o", "flow.mkv", "--factor", "2", "--fps", "30", "--motion", "flow", "--crf", "0",
                   "--preset", "ultrafast", "--quiet", "--overwrite"].map { "'\($0)'" }.joined(separator: " ")
        var least = Double.infinity
        for _ in 0..<3 {
            let result = try Tool.run("/bin/bash", ["-c", "\(job) && times"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            // `times` prints the shell's own times, then its children's: "0m1.234s 0m0.056s".
            let children = result.text.split(separator: "\n").last.map(String.init) ?? ""
            let seconds = children.split(separator: " ").compactMap { field -> Double? in
                guard let m = field.firstIndex(of: "m"), field.hasSuffix("s"), let minutes = Double(field[..<m]),
                      let rest = Double(field[field.index(after: m)..<field.index(before: field.endIndex)]) else { return nil }
                return 60 * minutes + rest
            }
            #expect(seconds.count == 2, "times printed \(result.text)")
            least = min(least, seconds.reduce(0, +))
        }
        return least
    }

    @Test func aSmallPicturesPixelCostsLittleMoreThanALargeOnes() throws {
        let scratch = try Scratch()
        var costs: [String: Double] = [:]
        for (width, height, frames) in [(320, 180, 256), (1280, 720, 16)] {
            let name = "\(width)x\(height).mp4"
            try Tool.ffmpeg([
                "-f", "lavfi", "-i", "mandelbrot=s=\(width)x\(height):r=30,trim=end_frame=\(frames),format=yuv420p", "-c:v", "libx264",
                "-preset", "ultrafast", "-qp", "0", scratch.file(name).path,
            ])
            let seconds = try Self.cpuSeconds(name, in: scratch)
            let made = try Tool.probe(scratch.file("flow.mkv"), stream: "v:0", "nb_read_frames", countFrames: true)
            #expect(Int(made) == 2 * frames, "\(name): \(made) frames made")
            costs[name] = seconds / Double(width * height * 2 * frames)
        }
        let (small, large) = (costs["320x180.mp4"]!, costs["1280x720.mp4"]!)
        #expect(small <= 2 * large, "a pixel costs \(small * 1e9) ns at 320x180, \(large * 1e9) ns at 1280x720")
    }
}

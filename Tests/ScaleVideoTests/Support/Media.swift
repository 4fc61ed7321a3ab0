import Foundation

/// Test movies whose frames carry their own index, and ways to read back
/// what an output holds.
enum Media {
    static let width = 128
    static let height = 64
    static let bits = 8

    /// A video filter drawing frame N's index as 8 black/white bars on top;
    /// `rate` as FFmpeg reads it (`30`, `30000/1001`).
    static func indexedVideo(rate: some CustomStringConvertible, seconds: Double, width: Int = width, height: Int = height) -> String {
        let bar = width / bits
        return "nullsrc=s=\(width)x\(height):r=\(rate):d=\(seconds),format=yuv420p,"
            + "geq=lum='if(lt(Y,\(height / 2)),if(eq(mod(floor(N/pow(2,floor(X/\(bar)))),2),1),235,16),128)'"
            + ":cb=128:cr=128"
    }

    /// `indexedVideo`'s bars over testsrc2's moving picture (its lower
    /// half), which gives encoders something to predict: libvpx's alt-ref
    /// frames, B-pyramids worth building.
    static func indexedMotion(rate: some CustomStringConvertible, seconds: Double) -> String {
        let bar = width / bits
        let top = "lt(Y,H/2)"
        return "testsrc2=s=\(width)x\(height):r=\(rate):d=\(seconds),format=yuv420p,"
            + "geq=lum='if(\(top),if(eq(mod(floor(N/pow(2,floor(X/\(bar)))),2),1),235,16),lum(X,Y))'"
            + ":cb='if(\(top),128,cb(X,Y))':cr='if(\(top),128,cr(X,Y))'"
    }

    /// A stereo test tone with different content in each channel.
    static func tone(rate: Int, seconds: Double) -> String {
        "aevalsrc='0.5*sin(2*PI*440*t)+0.2*sin(2*PI*97*t)|0.3*sin(2*PI*660*t)':s=\(rate):d=\(seconds)"
    }

    /// Makes a movie of indexed frames, with a tone unless `audio` is nil
    /// (a copy of one made once per test process for the same arguments).
    @discardableResult
    static func make(
        _ file: URL, rate: Int = 30, seconds: Double = 3, audio: (codec: String, rate: Int)? = ("pcm_s16le", 48000),
        videoArguments: [String] = []
    ) throws -> URL {
        var arguments = ["-f", "lavfi", "-i", indexedVideo(rate: rate, seconds: seconds)]
        if let audio { arguments += ["-f", "lavfi", "-i", tone(rate: audio.rate, seconds: seconds)] }
        arguments += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-bf", "2"] + videoArguments
        if let audio { arguments += ["-c:a", audio.codec] }
        return try Fixtures.make(file, ffmpeg: arguments)
    }

    /// The index drawn in each decoded frame of `file`, in order (each
    /// once, whatever rate the file states).
    static func frameIndices(_ file: URL) throws -> [Int] {
        let data = try Tool.ffmpeg([
            "-i", file.path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "gray", "-",
        ])
        let size = width * height
        let bar = width / bits
        return stride(from: 0, to: data.count - size + 1, by: size).map { offset in
            (0..<bits).reduce(0) { value, bit in
                let pixel = data[data.startIndex + offset + (height / 4) * width + bit * bar + bar / 2]
                return pixel > 128 ? value | (1 << bit) : value
            }
        }
    }

    /// The first audio stream of `file` decoded to interleaved s16.
    static func samples(_ file: URL) throws -> [Int16] {
        try decoded(file, as: "s16le")
    }

    /// The first audio stream of `file` decoded to interleaved samples of
    /// FFmpeg's raw `format` (s16le, s32le, f32le), which `T` must match.
    static func decoded<T>(_ file: URL, as format: String) throws -> [T] {
        let codec = format == "f32le" ? "pcm_f32le" : "pcm_" + format
        let data = try Tool.ffmpeg(["-i", file.path, "-map", "0:a:0", "-f", format, "-acodec", codec, "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: T.self)) }
    }

    /// The presentation times of `file`'s video frames, in decoding output
    /// order, in seconds from the first, as ffprobe reads them. A frame
    /// without one (an AVI file's last, when its frames are reordered)
    /// follows the one before by the step before it.
    static func frameTimes(_ file: URL) throws -> [Double] {
        let timeBase = try Tool.probe(file, stream: "v:0", "time_base").split(separator: "/").compactMap { Double($0) }
        let result = try Tool.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp",
             "-of", "csv=p=0", file.path])
        // A frame with side data prints "pts," and a line of its own for the side data.
        var stamps: [Int64] = []
        for line in result.text.split(separator: "\n") {
            guard let field = line.split(separator: ",", omittingEmptySubsequences: false).first else { continue }
            let text = field.trimmingCharacters(in: .whitespaces)
            if let stamp = Int64(text) {
                stamps.append(stamp)
            } else if text == "N/A", stamps.count >= 2 {
                stamps.append(2 * stamps[stamps.count - 1] - stamps[stamps.count - 2])
            }
        }
        guard timeBase.count == 2, let first = stamps.first else { throw ToolError("no frame times in \(file.path)") }
        return stamps.map { Double($0 - first) * timeBase[0] / timeBase[1] }
    }

    /// For each output frame k at `fps`, the source frame SPEC §4 says it
    /// shows: the last i with f · tᵢ ≤ k / fps (ties count as on screen).
    static func expectedIndices(frames: Int, times: [Double], fps: Double, factor: Double) -> [Int] {
        (0..<frames).map { k in
            times.lastIndex { factor * $0 * fps <= Double(k) + 1e-9 } ?? 0
        }
    }

    /// The video stream's duration as ffprobe reads it: the stream's own, or
    /// Matroska's DURATION tag (its end) less its start.
    static func videoDuration(_ file: URL) throws -> Double {
        if let seconds = Double(try Tool.probe(file, stream: "v:0", "duration")) { return seconds }
        let tag = try Tool.probe(file, stream: "v:0", "start_time:stream_tags=DURATION").split(separator: "\n")
        let clock = tag.last?.split(separator: ":").compactMap { Double($0) } ?? []
        guard tag.count == 2, let start = Double(tag[0]), clock.count == 3 else { throw ToolError("no duration for \(file.path)") }
        return clock[0] * 3600 + clock[1] * 60 + clock[2] - start
    }
}

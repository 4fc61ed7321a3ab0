import ArgumentParser

/// What `-h` and `--help` show: `-h` one screen (the usage, the options
/// used most and three examples); `--help` every option under its group's
/// heading first, then the long explanations and all the examples (the
/// manual page's DESCRIPTION and EXAMPLES, made from the same text).
enum HelpScreens {
    /// `-h`: at most 40 lines.
    static let short = """
        scale-video: time-scale movies to an exact duration and frame rate.

        Usage: scale-video [options] <input>...
               scale-video studio [FOLDER]      a page to see and steer a retime in the browser
               scale-video join <part>... -o <output>
               scale-video request <job.json>  one job given whole as JSON (- reads standard input)

        The target, exactly one of:
          --duration <seconds>      the output's duration
          --factor <x>              a multiple of the source's duration (2 = twice as long)
          --time-map <s=d,...>      retime along a map (--speed FROM:SPEED,... is its shorthand)
        Used most:
          --fps <rate>              30, 29.97, 30000/1001 or source (default 30)
          -o, --output <path>       the output file; its extension picks the container
          --output-dir <dir>        where NAME-scaled.mov goes (default: beside the input)
          --motion <mode>           nearest (default), blend or flow (motion-compensated)
          --keep-pitch              keep voices and music at their own pitch
          --reverse                 play it backwards
          --start, --end <seconds>  scale only this part of the source
          --video-codec <codec>     h264 (default), hevc, prores, vp9 or av1; --crf, --preset
          --no-audio                the picture alone
          --overwrite               replace an output already there
          --dry-run, --json         plan and write nothing; one JSON result per input

        Examples:
          scale-video clip.mp4 --duration 20 --fps 30          # clip-scaled.mov, exactly 20 s
          scale-video clip.mp4 -o slow.mov --factor 2 --motion flow
          scale-video game.mp4 -o ramp.mov --speed 0:1,12:0.25,14:1

        Every option: scale-video --help. The manual: man scale-video.
        """

    /// `--help`: ArgumentParser's screen with the discussion moved after the options.
    static var long: String {
        let screen = ScaleVideoCommand.helpMessage()
        guard let usage = screen.firstRange(of: "\nUSAGE: "), let overviewEnd = screen.firstRange(of: "\n\n") else { return screen }
        let overview = screen[..<overviewEnd.lowerBound]
        let details = screen[overviewEnd.upperBound..<usage.lowerBound].trimmingTrailingNewlines
        return overview + "\n" + screen[usage.lowerBound...].trimmingTrailingNewlines + "\n\nDETAILS:\n" + details + "\n"
    }
}

extension Substring {
    fileprivate var trimmingTrailingNewlines: Substring {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}

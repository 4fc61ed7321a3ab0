/// The long help of `scale-video --help`: what the tool does, what it
/// keeps, where outputs go, and examples.
enum HelpText {
    static let discussion = """
        The output plays the same content uniformly faster or slower. Video \
        frames are repeated (slowing down) or skipped (speeding up) against \
        the output frame clock and encoded, as H.264 unless --video-codec \
        or a .webm output says otherwise (with --motion blend, \
        crossfaded in slow motion and averaged in fast motion instead; with \
        --motion flow, motion-compensated in slow motion); \
        audio is time-scaled by \
        linear interpolation at its own rate, keeping its channels, and \
        written as PCM (.mov, .mkv), AAC (.mp4, .m4v) or Opus (.webm), \
        every track to the sample (resampled after scaling to the nearest \
        rate the codec holds where it lacks the source's: Opus holds 48 \
        kHz alone). Audio that starts \
        before or after the first frame is lined up with the picture.

        Codecs: --video-codec hevc writes HEVC (.mov, .mp4, .mkv), \
        --video-codec prores Apple ProRes for editing (.mov, .mkv; 10-bit \
        4:2:2, --prores-profile proxy to 4444, default hq; no --crf or \
        --preset), vp9 VP9 (.webm, where it is the default, .mkv) and av1 \
        AV1 with SVT-AV1 (.mp4, .mkv, .webm). --audio-codec flac is \
        lossless in .mkv, opus goes in .mkv or .webm (at 48 kHz: other \
        rates are resampled). The picture's format (chroma 4:2:0, \
        4:2:2 or 4:4:4, 8 or 10 bits, alpha in VP9 and ProRes 4444) is kept \
        where the codec holds it. --no-audio writes the video alone, \
        --no-video the sound alone. A combination the container cannot \
        hold is refused before anything is read (status 64), with the \
        reason.

        Rotation and mirroring (kept as the mark in .mov/.mp4, turned into \
        the pixels in .mkv/.webm), full range, pixel shape, colour tags, \
        container tags, stream languages and chapters (retimed) are \
        carried over. HDR (PQ, HLG) \
        is tone-mapped to SDR BT.709 unless --keep-hdr is given. Every audio \
        track is scaled, each exactly as if it were the only one, with its \
        language, title and flags (--audio-track N, repeatable, keeps only \
        those named; an output that holds one track, such as .wav, takes \
        the default one). Subtitles are retimed with the picture (as they \
        are in .mkv, as mov_text in the MP4 family, WebVTT in .webm), \
        fonts and other attachments copied into .mkv, a cover picture \
        into .mp4 and .mkv, the start timecode moved to where the part \
        kept starts. Each result names what was kept, changed and \
        dropped; --dry-run lists every stream and what becomes of it.

        Sound alone: an input without video (wav, aiff, caf, flac, m4a, \
        aac, mp3, …) is scaled into an audio file, and a movie's audio is \
        exported alone to an audio output (-o out.wav, .aiff, .caf, .flac, \
        .m4a; with --factor 1 an exact decode). Lossless outputs keep the \
        source's sample format (16-bit, 24-bit, 32-bit or float; FLAC up to \
        24-bit). --start/--end scale only part of the source, --pad-audio \
        fills short audio with silence to the video's end, --mono merges \
        the channels, and --waveform draws the source and scaled audio as \
        decibel bars into a PNG.

        Natural sound: audio scaled like tape sounds lower when slowed \
        down and higher when sped up. --keep-pitch keeps voices and music \
        at their own pitch (the Rubber Band library's finer engine; where \
        the sound slows down, it is first scaled like tape, up to four \
        times slower, then stretched and shifted back to its pitch, which \
        keeps every sound in its place); use it for speech and music. The \
        sample count is the same either way, and a sound is heard at most \
        15 ms early and 10 ms late; the result says "pitch kept".

        Speed ramps, freezes and cuts: --time-map retimes along knots \
        s=d (source second s lands at output second d), linear between \
        them; two knots with the same s hold the picture on screen at s, \
        with silent audio, and the source before the first s and after the \
        last is left out. @FILE reads one knot a line (s=d or s d, # \
        comments). --speed FROM:SPEED,... is the editor's shorthand: from \
        source second FROM the source plays at SPEED until the next FROM \
        (the last to the end); --dry-run shows the knots it makes. Either \
        replaces --duration/--factor and --start/--end. Every frame and \
        audio sample lands where the map says; the result names the map \
        and --json adds "timeMap":[[s,d],...].

        Backwards: where a map's s falls (0=0,2=2,0.5=4) that part plays \
        backwards, sound too; --reverse plays the whole source (or --start \
        to --end) backwards, as long as the source or as --duration or \
        --factor say. Frames are decoded a key-frame interval at a time and \
        the sound is kept in a temporary file (in TMPDIR), so memory does \
        not grow with the clip. Subtitles and chapters follow; picture \
        subtitles are left out. --motion blend and flow follow a map that \
        plays only backwards, as --reverse does.

        Smooth curves: --curve smooth runs a map as a monotone cubic through \
        its knots (PCHIP) instead of straight lines, so the speed eases from \
        one to the next, into and out of freezes and reversals; the sound \
        follows it like tape (or with --keep-pitch). --plot-map FILE.png \
        draws the map: source time over output time with its knots, and the \
        speed under it; with --dry-run it is the only file written.

        Without -o, each output goes next to its input (or into \
        --output-dir) as NAME-scaled.mov, or with the --container extension; \
        sound alone keeps its format (song.flac → song-scaled.flac) where it \
        can be written, else becomes AAC in NAME-scaled.m4a. \
        Inputs are never modified; an output appears only when complete, and \
        an existing file is replaced only with --overwrite.

        Pipes: - as the only input reads the movie from standard input (it \
        is copied into a temporary file in TMPDIR first, as the conversion \
        reads it more than once; -o is then required), and -o - writes \
        Matroska (.mkv's codecs) to standard output as it is made, or with \
        --container webm, ts (MPEG-TS: H.264 or HEVC with AAC, whose \
        priming it cannot mark) or nut (NUT: any video codec with PCM or \
        FLAC); MP4, QuickTime and the sound formats cannot be streamed \
        (64). Such an output cannot appear only when complete, so a failure, \
        a reader that goes away included, ends it with status 1. --json \
        cannot share standard output with -o -.

        --dry-run prints what each input's conversion would do (its plan) \
        and writes nothing, but the looks it is asked for: --still FILE.png \
        --still-at T saves the picture the render makes at output time T, \
        and --preview FILE.mp4 --preview-at T a small, silent 3-second movie \
        of the output around T, each frame the render's own; both read only \
        the video their frames need.

        Batches: --inputs-from reads the inputs from a file or standard \
        input, so a list of any length fits. A batch killed at any point is \
        finished by running the same command again with --skip-existing: \
        an output already complete (it holds every planned frame and audio \
        sample, read back) is skipped, anything else at its path is made \
        anew, and the temporary files of the killed run are removed. \
        --shard i/n spreads one batch over n machines sharing a folder: \
        each does the inputs whose path falls in its shard (FNV-1a of the \
        path, modulo n), so together they do every input once; --shard auto \
        --shard-count n takes i from a Kubernetes Indexed Job's index (0 to \
        n-1) or a Slurm job array's task id (modulo n, so --array=1-8 and \
        --array=0-7 both make 8 shards), so a task resubmitted alone does \
        its own shard.

        One film over many machines: --part k/n renders only the k-th of n \
        runs of the output's frames (each the frame the whole render makes \
        there, encoded as it encodes them, without sound) into \
        NAME.part-k-of-n.mkv beside the output; --part auto --part-count n \
        takes k as --shard auto does. scale-video join PARTS... -o OUT makes \
        the whole render of them: their video copied in order, the sound, \
        subtitles and the rest made from the source; a missing, repeated or \
        foreign part is refused, naming it (scale-video join --help).

        Every input is tried; one that fails does not stop the others. \
        --json prints one JSON object per input on standard output, with \
        what the written file was measured to hold and its audio/video \
        drift. Ctrl-C cancels and removes unfinished outputs. \
        Exit status: 0 all converted, 1 an input failed, 64 bad usage, \
        130 cancelled.

        One job given whole: scale-video request FILE.json (or - for \
        standard input) runs the job a JSON request describes, its fields \
        named as the options are ({"input": "in.mp4", "output": "out.mov", \
        "target": {"factor": "2"}, "motion": "blend"}), checked as they are \
        (scale-video request --help).

        The studio: scale-video studio [FOLDER] serves a page on this \
        machine over the same engine, to see and steer a retime in the \
        browser before it renders (scale-video studio --help).

        Examples:
          scale-video in.mp4 --duration 20 --fps 30
          scale-video in.mp4 -o slow.mov --factor 2
          scale-video in.mov -o fast.mp4 --factor 0.5 --fps 30000/1001 --crf 18
          scale-video in.mp4 -o smooth.mov --factor 4 --motion blend
          scale-video dance.mp4 -o slow.mov --factor 4 --motion flow --keep-pitch
          scale-video in.mp4 -o edit.mov --factor 2 --video-codec prores --prores-profile lt
          scale-video in.mp4 -o small.mp4 --factor 0.5 --video-codec hevc --crf 26
          scale-video clips/*.mp4 --factor 2 --output-dir scaled --jobs 2 --json
          find clips -name '*.mp4' -print0 | scale-video --inputs-from - --null --factor 2 --output-dir scaled
          scale-video --inputs-from list.txt --factor 2 --output-dir /shared/scaled --shard 3/8 --skip-existing --json
          scale-video concert.mkv -o concert.mov --factor 2 --audio-track 2
          scale-video song.flac --factor 1.25 --waveform song.png
          scale-video talk.mp4 -o talk.wav --start 60 --end 90 --factor 1
          scale-video clips/*.mp4 --factor 2 --dry-run --json
          scale-video game.mp4 -o highlight.mov --speed 0:1,12:0.25,14:1
          scale-video game.mp4 -o hold.mov --time-map 0=0,4=4,4=5,6=13
          scale-video jump.mp4 -o back.mov --reverse --factor 2
          scale-video game.mp4 --speed 0:1,12:0.25,14:1 --curve smooth --plot-map ramp.png --dry-run
          scale-video game.mp4 --speed 0:1,12:0.25,14:1 --motion flow --preview look.mp4 --preview-at 13 --dry-run
          scale-video game.mp4 -o ramp.mov --time-map @ramp.txt --dry-run
          curl -s https://example.com/in.mp4 | scale-video - -o - --factor 2 | ffplay -
          scale-video film.mkv -o film.mp4 --factor 2 --motion flow --part 3/8
          scale-video join film.part-*-of-8.mkv -o film.mp4
          scale-video studio Samples
        """
}

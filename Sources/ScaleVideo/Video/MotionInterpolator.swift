import CFFmpeg

/// Motion-compensated in-between pictures from libavfilter's `minterpolate`
/// (`mi_mode=mci`, adaptive overlapped blocks), placed on the output clock.
///
/// Pictures are given in order with their positions in ticks, `ticksPerFrame`
/// to an output frame; the filter runs at one frame per output frame, so its
/// frame k is made between the two pictures given around k, by the weight
/// `(k·ticksPerFrame − a) / (b − a)` (taken in steps of 1/1024), a and b their
/// ticks. It makes the frames between two pictures once it has the picture
/// after them: `finish` gives the last picture again one tick later.
final class MotionInterpolator {
    /// Ticks of an output frame.
    let ticksPerFrame: Int64
    private var graph: FilterGraph?
    /// The last picture given and its ticks.
    private var last: (picture: Frame, ticks: Int64)?
    /// The filter's earliest frame not yet handed out or let go, when `isReady`.
    private let ready: Frame
    private var isReady = false

    /// The filter's options: adaptive overlapped block motion compensation
    /// keeps a moving edge sharp where the plain kind leaves a faint copy of it
    /// at the start of a stream.
    static let filter = "minterpolate=fps=1:mi_mode=mci:mc_mode=aobmc"

    /// An interpolator whose positions are whole multiples of 1/`denominator`
    /// output frames, when that fits: then every weight is exact. Otherwise
    /// positions are rounded to a power of two of ticks a frame. The filter
    /// computes `1024 · ticks`, which must fit in 64 bits for every frame.
    init(denominator: Int64?, frameCount: Int) throws {
        ready = try Frame()
        let frames = Int64(frameCount) + 2
        let most = min(Int64(Int32.max), (Int64(1) << 52) / frames)
        if let denominator, denominator <= most {
            ticksPerFrame = denominator
        } else {
            ticksPerFrame = Int64(1) << max(0, 63 - most.leadingZeroBitCount)
        }
    }

    /// The ticks of `position` (output frames), rounded to nearest.
    func ticks(of position: Rational) -> Int64 {
        let scaled = Int128(position.numerator) * Int128(ticksPerFrame)
        let denominator = Int128(position.denominator)
        return Int64((2 * scaled + denominator) / (2 * denominator))
    }

    /// Gives `picture` at `ticks`, or just after the last picture when not
    /// later than it; the filter keeps its own reference.
    func add(_ picture: Frame, at ticks: Int64) throws {
        let at = max(ticks, (last?.ticks ?? -1) + 1)
        let given = try Frame(referringTo: picture)
        given.pts = at
        if graph == nil {
            graph = try FilterGraph(Self.filter, framesLike: given, timeBase: AVRational(num: 1, den: Int32(ticksPerFrame)))
        }
        try graph!.push(given)
        last = (given, at)
    }

    /// Gives the last picture again at `ticks`: the frames up to there show it
    /// still, and the next picture is reached from there.
    func hold(until ticks: Int64) throws {
        guard let last else { return }
        try add(last.picture, at: ticks)
    }

    /// No more pictures come: the frames up to the last picture can be made.
    func finish() throws {
        guard let last else { return }
        try add(last.picture, at: last.ticks + 1)
    }

    /// Output frame k, or nil when the filter has not made it yet; valid
    /// until the next call. The frames before it are let go.
    func picture(at k: Int) throws -> Frame? {
        try letGo(before: k)
        guard isReady else { return nil }
        guard ready.pts == Int64(k) else { throw FFmpegError(sv_averror(EINVAL), "minterpolate skipped output frame \(k)") }
        isReady = false
        return ready
    }

    /// Lets go of the frames made before output frame k, which no one will ask for.
    func letGo(before k: Int) throws {
        while true {
            if !isReady {
                guard let frame = try graph?.pull() else { return }
                ready.take(from: frame)
                isReady = true
            }
            guard let pts = ready.pts, pts < Int64(k) else { return }
            ready.unref()
            isReady = false
        }
    }
}

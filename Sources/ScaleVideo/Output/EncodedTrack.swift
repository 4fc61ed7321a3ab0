/// One stream of the output and the encoder that fills it: frames go in,
/// packets go to the muxer as the encoder gives them, and the track knows
/// how far its stream is written.
final class EncodedTrack {
    let encoder: Encoder
    let stream: Stream
    private let output: OutputFile
    private let packet: Packet
    /// Where the packets written so far end, in seconds of output time,
    /// measured by decoding time: the end (dts + duration) of the last packet.
    ///
    /// The muxer interleaves streams by decoding time, so that is how far it
    /// has a stream. Presentation time would count video frames the muxer
    /// still holds for reordering (with B-frames a packet's pts runs ahead of
    /// its dts); audio packets have dts = pts, so for them this is the
    /// pts + duration they were always measured by.
    private(set) var writtenUpTo = 0.0
    private let secondsPerTick: Double
    /// Packets written so far, and the sum of their durations in the encoder's time base.
    private(set) var packets = 0
    private var ticks: Int64 = 0

    init(encoder: Encoder, output: OutputFile, tags: [Tag]) throws {
        self.encoder = encoder
        self.output = output
        stream = try output.addStream(for: encoder, tags: tags)
        packet = try Packet()
        secondsPerTick = encoder.timeBase.doubleValue
    }

    /// Encodes `frame` and writes the packets the encoder has ready.
    func encode(_ frame: Frame) throws {
        try encoder.send(frame)
        try writeReady()
    }

    /// Flushes the encoder and writes the rest.
    func finish() throws {
        try encoder.send(nil)
        try writeReady()
    }

    private func writeReady() throws {
        while try encoder.receive(into: packet) == .value {
            // libx264 leaves some packets without a duration: one tick of its time base.
            if packet.duration == 0 { packet.duration = 1 }
            let end = Double((packet.dts ?? 0) + packet.duration) * secondsPerTick
            packets += 1
            ticks += packet.duration
            try output.write(packet, in: encoder.timeBase, to: stream)
            writtenUpTo = max(writtenUpTo, end)
        }
    }

    /// The samples a player presents of what was written, at `rate` a
    /// second: the packets' durations less the encoder's priming.
    func presentedSamples(at rate: Int) -> Int {
        let timeBase = encoder.timeBase
        let samples = Int128(ticks) * Int128(rate) * Int128(timeBase.numerator) / Int128(timeBase.denominator)
        return Int(samples) - encoder.primingSamples
    }
}

import Foundation
import ScaleVideo

// Output samples per second of the progressive audio stretch on one core:
// 60 s of 48 kHz stereo pushed in decoder-sized pieces, slowed down and sped
// up, best of five runs each; then the same for the pitch-keeping
// stretcher (--keep-pitch) on float samples, best of three.

let rate = 48_000
let channels = 2
let seconds = 60
let count = rate * seconds
let source = (0..<(count * channels)).map { Int16(truncatingIfNeeded: ($0 &* 7919) % 65_536 - 32_768) }

let floats = source.map { Float($0) / 32768 }

/// The stretch's surface, shared by the tape-style stretch and the pitch-keeping stretcher.
protocol Stretch<Sample> {
    associatedtype Sample: PCMSample
    func push(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows
    func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows
}

extension AudioStretch: Stretch {}
extension PitchStretcher: Stretch {}

func run<Sample: PCMSample>(
    _ source: [Sample], factor: Double, making: (Int) -> any Stretch<Sample>
) -> (samples: Int, seconds: Double, checksum: Int) {
    let length = Int(Double(count) * factor)
    let stretch = making(length)
    var checksum = 0
    let sink: (UnsafeBufferPointer<Sample>) -> Void = { block in checksum &+= Int(block[block.count - 1].value) &+ block.count }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        source.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                let piece = min(1024 * channels, all.count - offset)
                stretch.push(UnsafeBufferPointer(rebasing: all[offset..<(offset + piece)]), emit: sink)
                offset += piece
            }
            stretch.finish(emit: sink)
        }
    }
    let parts = elapsed.components
    return (length * channels, Double(parts.seconds) + Double(parts.attoseconds) * 1e-18, checksum)
}

print("case                          output samples/s   × realtime (48 kHz stereo)")
let cases: [(String, Int, () -> (samples: Int, seconds: Double, checksum: Int))] =
    [("slow down ×2", 2.0), ("speed up ×0.5", 0.5), ("same length", 1.0)].map { name, factor in
        (name, 5, {
            run(source, factor: factor) { AudioStretch<Int16>(channels: channels, count: count, length: $0, blockSize: 1024) }
        })
    }
    + [("pitch kept, slow down ×2", 2.0), ("pitch kept, speed up ×0.5", 0.5)].map { name, factor in
        (name, 3, {
            run(floats, factor: factor) {
                PitchStretcher<Float>(
                    channels: channels, rate: rate, plan: AudioMapPlan(count: count, length: $0), blockSize: 1024)
            }
        })
    }
for (name, runs, measure) in cases {
    let best = (0..<runs).map { _ in measure() }.min { $0.seconds < $1.seconds }!
    let perSecond = Double(best.samples) / best.seconds
    print(String(format: "%-28@ %14.2f M/s %12.0f×   (checksum %d)", name as NSString, perSecond / 1e6,
        perSecond / Double(rate * channels), best.checksum))
}

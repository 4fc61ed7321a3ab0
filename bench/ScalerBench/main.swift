import Foundation
import ScaleVideo

// Output samples per second of the progressive audio scaler on one core:
// 60 s of 48 kHz stereo pushed in decoder-sized pieces, slowed down and sped
// up, best of five runs each.

let rate = 48_000
let channels = 2
let seconds = 60
let count = rate * seconds
let source = (0..<(count * channels)).map { Int16(truncatingIfNeeded: ($0 &* 7919) % 65_536 - 32_768) }

func run(factor: Double) -> (samples: Int, seconds: Double, checksum: Int) {
    let length = Int(Double(count) * factor)
    let scaler = AudioScaler<Int16>(channels: channels, count: count, length: length, blockSize: 1024)
    var checksum = 0
    let sink: (UnsafeBufferPointer<Int16>) -> Void = { block in checksum &+= Int(block[block.count - 1]) &+ block.count }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        source.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                let piece = min(1024 * channels, all.count - offset)
                scaler.push(UnsafeBufferPointer(rebasing: all[offset..<(offset + piece)]), emit: sink)
                offset += piece
            }
            scaler.finish(emit: sink)
        }
    }
    let parts = elapsed.components
    return (length * channels, Double(parts.seconds) + Double(parts.attoseconds) * 1e-18, checksum)
}

print("case                  output samples/s   × realtime (48 kHz stereo)")
for (name, factor) in [("slow down ×2", 2.0), ("speed up ×0.5", 0.5), ("same length", 1.0)] {
    let best = (0..<5).map { _ in run(factor: factor) }.min { $0.seconds < $1.seconds }!
    let perSecond = Double(best.samples) / best.seconds
    print(String(format: "%-20@ %14.0f M/s %12.0f×   (checksum %d)", name as NSString, perSecond / 1e6,
        perSecond / Double(rate * channels), best.checksum))
}

import FoundationEssentials
import Glibc

/// Sample amplitudes as decibels relative to full scale.
public enum Decibels {
    /// `20·log10(|amplitude| / fullScale)`, clipped to `noiseFloor...0`.
    ///
    /// Silence, anything quieter than the floor and NaN read as the floor;
    /// anything louder than full scale reads as 0.
    ///
    /// - Parameters:
    ///   - fullScale: the loudest possible amplitude (`Double(Int16.max)`
    ///     for 16-bit samples); positive.
    ///   - noiseFloor: the lowest level reported; negative.
    public static func level(_ amplitude: Double, fullScale: Double, noiseFloor: Double) -> Double {
        let ratio = abs(amplitude) / fullScale
        guard ratio > 0 else { return noiseFloor }
        return min(0, max(noiseFloor, 20 * log10(ratio)))
    }
}

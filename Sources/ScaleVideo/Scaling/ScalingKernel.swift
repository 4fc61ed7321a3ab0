import CScalerKernel

/// A sample type the C kernel interpolates (ScalerKernel.c): the same
/// expressions as `AudioScaler`'s own loop, bit for bit, four frames at a
/// time with AVX2 where the processor has it.
protocol KernelScaled: PCMSample {
    /// Writes output frames `n ..< stop` from `out` on, for as long as both
    /// source frames each reads lie in the window (`window[0]` is source
    /// frame `firstHeld`, and frame `lastBase + 1` is the last held);
    /// returns the first frame not written.
    static func scale(
        window: UnsafeRawPointer, firstHeld: Int, lastBase: Int, into out: UnsafeMutableRawPointer,
        frames n: Int, to stop: Int, channels: Int, rule: sv_control_rule, vector: Bool
    ) -> Int
}

extension Int16: KernelScaled {
    static func scale(
        window: UnsafeRawPointer, firstHeld: Int, lastBase: Int, into out: UnsafeMutableRawPointer,
        frames n: Int, to stop: Int, channels: Int, rule: sv_control_rule, vector: Bool
    ) -> Int {
        Int(
            sv_scale_int16(
                window.assumingMemoryBound(to: Int16.self), Int64(firstHeld), Int64(lastBase),
                out.assumingMemoryBound(to: Int16.self), Int64(n), Int64(stop), Int64(channels), rule, vector ? 1 : 0))
    }
}

extension Float: KernelScaled {
    static func scale(
        window: UnsafeRawPointer, firstHeld: Int, lastBase: Int, into out: UnsafeMutableRawPointer,
        frames n: Int, to stop: Int, channels: Int, rule: sv_control_rule, vector: Bool
    ) -> Int {
        Int(
            sv_scale_float(
                window.assumingMemoryBound(to: Float.self), Int64(firstHeld), Int64(lastBase),
                out.assumingMemoryBound(to: Float.self), Int64(n), Int64(stop), Int64(channels), rule, vector ? 1 : 0))
    }
}

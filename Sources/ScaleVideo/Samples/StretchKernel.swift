import CStretchKernel

/// A sample type the C kernel interpolates (StretchKernel.c): the same
/// expressions as `AudioStretch`'s own loop, bit for bit, four frames at a
/// time with AVX2 where the processor has it.
protocol KernelStretched: PCMSample {
    /// The kernel's name for the type.
    static var kernelType: sv_sample_type { get }
}

extension Int16: KernelStretched {
    static var kernelType: sv_sample_type { SV_SAMPLE_INT16 }
}

extension Float: KernelStretched {
    static var kernelType: sv_sample_type { SV_SAMPLE_FLOAT }
}

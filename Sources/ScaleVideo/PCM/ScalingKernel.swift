import CScalerKernel

/// A sample type the C kernel interpolates (ScalerKernel.c): the same
/// expressions as `AudioScaler`'s own loop, bit for bit, four frames at a
/// time with AVX2 where the processor has it.
protocol KernelScaled: PCMSample {
    /// The kernel's name for the type.
    static var kernelType: sv_sample_type { get }
}

extension Int16: KernelScaled {
    static var kernelType: sv_sample_type { SV_SAMPLE_INT16 }
}

extension Float: KernelScaled {
    static var kernelType: sv_sample_type { SV_SAMPLE_FLOAT }
}

#ifndef STRETCH_KERNEL_H
#define STRETCH_KERNEL_H

#include <stdint.h>

/// How SPEC §5 places output frame n in the source: `smooth` (slowing
/// down) is `floor(x) + smoothstep(fract(x))` with `x = n / a`; `linear`
/// is `a · n / b`. Every expression is the specification's, in its order.
typedef enum { SV_RULE_SMOOTH = 1, SV_RULE_LINEAR = 2 } sv_rule_kind;

typedef struct {
    sv_rule_kind kind;
    double a;
    double b;
} sv_control_rule;

/// The sample types the kernel takes, interleaved.
typedef enum { SV_SAMPLE_INT16 = 1, SV_SAMPLE_FLOAT = 2 } sv_sample_type;

/// Interpolates output frames `n ..< stop` into `out` (interleaved, from its
/// start) from `window`, the interleaved source frames from `first_held` on,
/// for as long as both frames one reads are at most `last_base + 1`; 16-bit
/// samples are rounded to nearest, ties to even, and clamped, floats
/// rounded to the nearest float. Returns the first frame not written.
/// `vector` allows the AVX2 loop where the processor has it; the result is
/// the same to the bit either way.
int64_t sv_stretch(sv_sample_type type, const void *window, int64_t first_held, int64_t last_base, void *out,
                 int64_t n, int64_t stop, int64_t channels, sv_control_rule rule, int vector);

/// Whether the AVX2 loops run on this processor.
int sv_stretch_has_vector(void);

#endif

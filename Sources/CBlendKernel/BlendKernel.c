#include "BlendKernel.h"

// Each function is compiled twice, for AVX2 and for the baseline, and the
// loader picks the one the processor runs. Under a sanitizer the baseline
// alone is compiled: the loader calls the choosing function (an ifunc
// resolver) before the sanitizer's runtime has started, and instrumented
// code cannot run there.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define CLONED
#endif
#endif
#ifndef CLONED
#define CLONED __attribute__((target_clones("avx2", "default")))
#endif

/// floor(floor(x · m / 2¹⁶) / 2^s): the exact 16-bit division both the
/// crossfade and the mean end with.
static inline uint8_t divided(uint16_t x, uint16_t m, uint16_t s) {
    return (uint8_t)((uint16_t)(((uint32_t)x * m) >> 16) >> s);
}

CLONED void sv_fade8(const uint8_t *restrict a, const uint8_t *restrict b, uint8_t *restrict out, int64_t n, uint16_t wa,
                     uint16_t wb, uint16_t bias, uint16_t m, uint16_t s) {
    for (int64_t i = 0; i < n; ++i) out[i] = divided((uint16_t)(a[i] * wa + b[i] * wb + bias), m, s);
}

CLONED void sv_sum8_start(const uint8_t *restrict a, const uint8_t *restrict b, uint32_t *restrict sum, int64_t n) {
    for (int64_t i = 0; i < n; ++i) sum[i] = (uint32_t)a[i] + b[i];
}

CLONED void sv_sum8_add(const uint8_t *restrict a, uint32_t *restrict sum, int64_t n) {
    for (int64_t i = 0; i < n; ++i) sum[i] += a[i];
}

CLONED void sv_sum16_start(const uint16_t *restrict a, const uint16_t *restrict b, uint32_t *restrict sum, int64_t n) {
    for (int64_t i = 0; i < n; ++i) sum[i] = (uint32_t)a[i] + b[i];
}

CLONED void sv_sum16_add(const uint16_t *restrict a, uint32_t *restrict sum, int64_t n) {
    for (int64_t i = 0; i < n; ++i) sum[i] += a[i];
}

CLONED void sv_mean8(const uint32_t *restrict sum, uint8_t *restrict out, int64_t n, uint16_t count, uint16_t m,
                     uint16_t s) {
    for (int64_t i = 0; i < n; ++i) out[i] = divided((uint16_t)((uint16_t)sum[i] * 2 + count), m, s);
}

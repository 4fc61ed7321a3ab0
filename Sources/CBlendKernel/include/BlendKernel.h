#ifndef BLEND_KERNEL_H
#define BLEND_KERNEL_H

#include <stdint.h>

/// The loops of RowBlend.swift's Crossfade and SampleMean over rows of
/// picture samples, in C so that the compiler may use the processor's
/// widest vectors (AVX2 where it has them, chosen when the program loads).
/// Integer arithmetic only: every loop gives the same result to the bit
/// whichever is chosen.

/// out[i] = floor(floor((a[i]·wa + b[i]·wb + bias) · m / 2¹⁶) / 2^s), the
/// sum taken in 16 bits (the caller has checked that it fits).
void sv_fade8(const uint8_t *a, const uint8_t *b, uint8_t *out, int64_t n, uint16_t wa, uint16_t wb, uint16_t bias,
              uint16_t m, uint16_t s);

/// sum[i] = a[i] + b[i].
void sv_sum8_start(const uint8_t *a, const uint8_t *b, uint32_t *sum, int64_t n);

/// sum[i] += a[i].
void sv_sum8_add(const uint8_t *a, uint32_t *sum, int64_t n);

/// sum[i] = a[i] + b[i], for samples held in 16 bits.
void sv_sum16_start(const uint16_t *a, const uint16_t *b, uint32_t *sum, int64_t n);

/// sum[i] += a[i], for samples held in 16 bits.
void sv_sum16_add(const uint16_t *a, uint32_t *sum, int64_t n);

/// out[i] = floor(floor((2·sum[i] + count) · m / 2¹⁶) / 2^s), taken in 16
/// bits (the caller has checked that 2·sum + count fits them).
void sv_mean8(const uint32_t *sum, uint8_t *out, int64_t n, uint16_t count, uint16_t m, uint16_t s);

#endif

#include "ScalerKernel.h"

#include <string.h>

// The sums and products below are the specification's, one rounding each:
// a fused multiply-add would round once where it rounds twice.
#pragma STDC FP_CONTRACT OFF

static inline double control_at(int64_t n, sv_control_rule rule) {
    if (rule.kind == SV_RULE_SMOOTH) {
        double x = (double)n / rule.a;
        double whole = (double)(int64_t)x;
        double t = x - whole;
        return whole + t * t * (3 - 2 * t);
    }
    return rule.a * (double)n / rule.b;
}

/// Rounded to nearest, ties to even, in the low bits: 1.5 · 2⁵² leaves no
/// room for a fraction, so the addition rounds.
static inline int64_t rounded_bits(double value) {
    double sum = value + 0x1.8p52;
    int64_t bits;
    memcpy(&bits, &sum, sizeof bits);
    return bits;
}

static inline int16_t int16_scaled(double value) {
    if (value < -32768) value = -32768;
    if (value > 32767) value = 32767;
    return (int16_t)rounded_bits(value);
}

static int64_t int16_portable(const int16_t *window, int64_t first_held, int64_t last_base, int16_t *out,
                              int64_t n, int64_t stop, int64_t channels, sv_control_rule rule) {
    for (; n < stop; ++n, out += channels) {
        double control = control_at(n, rule);
        int64_t base = (int64_t)control;
        if (base > last_base) break;
        double weight = control - (double)base;
        const int16_t *a = window + (base - first_held) * channels;
        for (int64_t c = 0; c < channels; ++c) {
            double first = a[c];
            out[c] = int16_scaled(first + weight * ((double)a[c + channels] - first));
        }
    }
    return n;
}

static int64_t float_portable(const float *window, int64_t first_held, int64_t last_base, float *out,
                              int64_t n, int64_t stop, int64_t channels, sv_control_rule rule) {
    for (; n < stop; ++n, out += channels) {
        double control = control_at(n, rule);
        int64_t base = (int64_t)control;
        if (base > last_base) break;
        double weight = control - (double)base;
        const float *a = window + (base - first_held) * channels;
        for (int64_t c = 0; c < channels; ++c) {
            double first = a[c];
            out[c] = (float)(first + weight * ((double)a[c + channels] - first));
        }
    }
    return n;
}

#if defined(__x86_64__)
#include <immintrin.h>

#define VECTOR __attribute__((target("avx2")))

int sv_scaler_has_vector(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/// Four control points from frame n on: their whole parts as frame indices
/// and their fractions, the weights.
VECTOR static inline __m256d controls4(__m256d frames, sv_control_rule rule, int64_t *bases) {
    __m256d control;
    if (rule.kind == SV_RULE_SMOOTH) {
        __m256d x = _mm256_div_pd(frames, _mm256_set1_pd(rule.a));
        __m256d whole = _mm256_round_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        __m256d t = _mm256_sub_pd(x, whole);
        __m256d ease = _mm256_sub_pd(_mm256_set1_pd(3), _mm256_mul_pd(_mm256_set1_pd(2), t));
        control = _mm256_add_pd(whole, _mm256_mul_pd(_mm256_mul_pd(t, t), ease));
    } else {
        control = _mm256_div_pd(_mm256_mul_pd(_mm256_set1_pd(rule.a), frames), _mm256_set1_pd(rule.b));
    }
    __m256d base = _mm256_round_pd(control, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    // A whole number below 2⁵² plus 2⁵² has that number as its low bits.
    __m256d shift = _mm256_set1_pd(0x1p52);
    __m256i bits = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(base, shift)), _mm256_castpd_si256(shift));
    _mm256_storeu_si256((__m256i *)bases, bits);
    return _mm256_sub_pd(control, base);
}

/// first + weight · (second − first), per lane.
VECTOR static inline __m256d between(__m256d first, __m256d second, __m256d weight) {
    return _mm256_add_pd(first, _mm256_mul_pd(weight, _mm256_sub_pd(second, first)));
}

/// Four doubles, clamped to 16 bits and rounded, as four 32-bit integers.
VECTOR static inline __m128i int16_lanes(__m256d value) {
    value = _mm256_min_pd(_mm256_max_pd(value, _mm256_set1_pd(-32768)), _mm256_set1_pd(32767));
    __m256i bits = _mm256_castpd_si256(_mm256_add_pd(value, _mm256_set1_pd(0x1.8p52)));
    __m256i low = _mm256_permutevar8x32_epi32(bits, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    return _mm256_castsi256_si128(low);
}

static inline int32_t pair_at(const int16_t *p) {
    int32_t pair;
    memcpy(&pair, p, sizeof pair);
    return pair;
}

/// The lower and upper 16-bit halves of four 32-bit lanes, as doubles.
VECTOR static inline void halves(__m128i pairs, __m256d *lower, __m256d *upper) {
    *lower = _mm256_cvtepi32_pd(_mm_srai_epi32(_mm_slli_epi32(pairs, 16), 16));
    *upper = _mm256_cvtepi32_pd(_mm_srai_epi32(pairs, 16));
}

VECTOR static int64_t int16_vector(const int16_t *window, int64_t first_held, int64_t last_base, int16_t *out,
                                   int64_t n, int64_t stop, int64_t channels, sv_control_rule rule) {
    const int16_t *source = window - first_held * channels;
    __m256d frames = _mm256_setr_pd((double)n, (double)(n + 1), (double)(n + 2), (double)(n + 3));
    int64_t bases[4];
    for (; n + 4 <= stop; n += 4, out += 4 * channels) {
        __m256d weight = controls4(frames, rule, bases);
        if (bases[3] > last_base) break;
        frames = _mm256_add_pd(frames, _mm256_set1_pd(4));
        if (channels == 1) {
            // Each frame and the next, as one 32-bit pair.
            __m128i pairs = _mm_setr_epi32(pair_at(source + bases[0]), pair_at(source + bases[1]),
                                           pair_at(source + bases[2]), pair_at(source + bases[3]));
            __m256d first, second;
            halves(pairs, &first, &second);
            __m128i result = int16_lanes(between(first, second, weight));
            _mm_storel_epi64((__m128i *)out, _mm_packs_epi32(result, result));
        } else {
            // Left and right of each frame, and of the next.
            __m128i now = _mm_setr_epi32(pair_at(source + 2 * bases[0]), pair_at(source + 2 * bases[1]),
                                         pair_at(source + 2 * bases[2]), pair_at(source + 2 * bases[3]));
            __m128i next = _mm_setr_epi32(pair_at(source + 2 * bases[0] + 2), pair_at(source + 2 * bases[1] + 2),
                                          pair_at(source + 2 * bases[2] + 2), pair_at(source + 2 * bases[3] + 2));
            __m256d left, right, nextLeft, nextRight;
            halves(now, &left, &right);
            halves(next, &nextLeft, &nextRight);
            __m128i l = int16_lanes(between(left, nextLeft, weight));
            __m128i r = int16_lanes(between(right, nextRight, weight));
            __m128i frames16 = _mm_or_si128(_mm_and_si128(l, _mm_set1_epi32(0xFFFF)), _mm_slli_epi32(r, 16));
            _mm_storeu_si128((__m128i *)out, frames16);
        }
    }
    return int16_portable(window, first_held, last_base, out, n, stop, channels, rule);
}

VECTOR static int64_t float_vector(const float *window, int64_t first_held, int64_t last_base, float *out,
                                   int64_t n, int64_t stop, int64_t channels, sv_control_rule rule) {
    const float *source = window - first_held * channels;
    __m256d frames = _mm256_setr_pd((double)n, (double)(n + 1), (double)(n + 2), (double)(n + 3));
    int64_t bases[4];
    for (; n + 4 <= stop; n += 4, out += 4 * channels) {
        __m256d weight = controls4(frames, rule, bases);
        if (bases[3] > last_base) break;
        frames = _mm256_add_pd(frames, _mm256_set1_pd(4));
        if (channels == 1) {
            const float *s = source;
            __m256d first = _mm256_setr_pd(s[bases[0]], s[bases[1]], s[bases[2]], s[bases[3]]);
            __m256d second = _mm256_setr_pd(s[bases[0] + 1], s[bases[1] + 1], s[bases[2] + 1], s[bases[3] + 1]);
            _mm_storeu_ps(out, _mm256_cvtpd_ps(between(first, second, weight)));
        } else {
            // Per frame: left, right, next left, next right.
            __m256d f0 = _mm256_cvtps_pd(_mm_loadu_ps(source + 2 * bases[0]));
            __m256d f1 = _mm256_cvtps_pd(_mm_loadu_ps(source + 2 * bases[1]));
            __m256d f2 = _mm256_cvtps_pd(_mm_loadu_ps(source + 2 * bases[2]));
            __m256d f3 = _mm256_cvtps_pd(_mm_loadu_ps(source + 2 * bases[3]));
            // Weights as (w0, w0, w1, w1) and (w2, w2, w3, w3).
            __m256d w01 = _mm256_permute4x64_pd(weight, 0x50);
            __m256d w23 = _mm256_permute4x64_pd(weight, 0xFA);
            __m256d r01 = between(_mm256_permute2f128_pd(f0, f1, 0x20), _mm256_permute2f128_pd(f0, f1, 0x31), w01);
            __m256d r23 = between(_mm256_permute2f128_pd(f2, f3, 0x20), _mm256_permute2f128_pd(f2, f3, 0x31), w23);
            _mm_storeu_ps(out, _mm256_cvtpd_ps(r01));
            _mm_storeu_ps(out + 4, _mm256_cvtpd_ps(r23));
        }
    }
    return float_portable(window, first_held, last_base, out, n, stop, channels, rule);
}

int64_t sv_scale_int16(const int16_t *window, int64_t first_held, int64_t last_base, int16_t *out,
                       int64_t n, int64_t stop, int64_t channels, sv_control_rule rule, int vector) {
    if (vector && channels <= 2 && sv_scaler_has_vector())
        return int16_vector(window, first_held, last_base, out, n, stop, channels, rule);
    return int16_portable(window, first_held, last_base, out, n, stop, channels, rule);
}

int64_t sv_scale_float(const float *window, int64_t first_held, int64_t last_base, float *out,
                       int64_t n, int64_t stop, int64_t channels, sv_control_rule rule, int vector) {
    if (vector && channels <= 2 && sv_scaler_has_vector())
        return float_vector(window, first_held, last_base, out, n, stop, channels, rule);
    return float_portable(window, first_held, last_base, out, n, stop, channels, rule);
}

#else

int sv_scaler_has_vector(void) { return 0; }

int64_t sv_scale_int16(const int16_t *window, int64_t first_held, int64_t last_base, int16_t *out,
                       int64_t n, int64_t stop, int64_t channels, sv_control_rule rule, int vector) {
    (void)vector;
    return int16_portable(window, first_held, last_base, out, n, stop, channels, rule);
}

int64_t sv_scale_float(const float *window, int64_t first_held, int64_t last_base, float *out,
                       int64_t n, int64_t stop, int64_t channels, sv_control_rule rule, int vector) {
    (void)vector;
    return float_portable(window, first_held, last_base, out, n, stop, channels, rule);
}

#endif

#include "StretchKernel.h"

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

/// Sample `index` of 16-bit or float `samples`, as a double.
static inline double sample_at(const void *samples, int64_t index, sv_sample_type type) {
    if (type == SV_SAMPLE_FLOAT) return ((const float *)samples)[index];
    return ((const int16_t *)samples)[index];
}

/// Stores `value` as sample `index` of 16-bit or float `samples`.
static inline void store_at(void *samples, int64_t index, double value, sv_sample_type type) {
    if (type == SV_SAMPLE_FLOAT) {
        ((float *)samples)[index] = (float)value;
    } else {
        ((int16_t *)samples)[index] = int16_scaled(value);
    }
}

/// The loop for every processor, one frame and channel at a time; `type`
/// a constant where it is inlined.
static inline int64_t portable(sv_sample_type type, const void *window, int64_t first_held, int64_t last_base,
                               void *out, int64_t n, int64_t stop, int64_t channels, sv_control_rule rule) {
    for (int64_t written = 0; n < stop; ++n, written += channels) {
        double control = control_at(n, rule);
        int64_t base = (int64_t)control;
        if (base > last_base) break;
        double weight = control - (double)base;
        int64_t a = (base - first_held) * channels;
        for (int64_t c = 0; c < channels; ++c) {
            double first = sample_at(window, a + c, type);
            store_at(out, written + c, first + weight * (sample_at(window, a + c + channels, type) - first), type);
        }
    }
    return n;
}

#if defined(__x86_64__)
#include <immintrin.h>

#define VECTOR __attribute__((target("avx2")))

int sv_stretch_has_vector(void) {
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

/// Four frames of 16-bit samples, one or two channels: `at` holds where
/// each frame's samples start in `source`.
VECTOR static inline void int16_frames(const int16_t *source, const int64_t *at, __m256d weight, int16_t *out,
                                        int64_t channels) {
    // Each sample and the one a frame later, as one 32-bit pair (mono); or
    // left and right of each frame, then of the next (stereo).
    int64_t next = channels;
    __m128i now = _mm_setr_epi32(pair_at(source + at[0]), pair_at(source + at[1]), pair_at(source + at[2]),
                                 pair_at(source + at[3]));
    if (channels == 1) {
        __m256d first, second;
        halves(now, &first, &second);
        __m128i result = int16_lanes(between(first, second, weight));
        _mm_storel_epi64((__m128i *)out, _mm_packs_epi32(result, result));
        return;
    }
    __m128i later = _mm_setr_epi32(pair_at(source + at[0] + next), pair_at(source + at[1] + next),
                                   pair_at(source + at[2] + next), pair_at(source + at[3] + next));
    __m256d left, right, nextLeft, nextRight;
    halves(now, &left, &right);
    halves(later, &nextLeft, &nextRight);
    __m128i l = int16_lanes(between(left, nextLeft, weight));
    __m128i r = int16_lanes(between(right, nextRight, weight));
    _mm_storeu_si128((__m128i *)out, _mm_or_si128(_mm_and_si128(l, _mm_set1_epi32(0xFFFF)), _mm_slli_epi32(r, 16)));
}

/// Four frames of float samples, one or two channels, as `int16_frames`.
VECTOR static inline void float_frames(const float *source, const int64_t *at, __m256d weight, float *out,
                                       int64_t channels) {
    if (channels == 1) {
        __m256d first = _mm256_setr_pd(source[at[0]], source[at[1]], source[at[2]], source[at[3]]);
        __m256d second = _mm256_setr_pd(source[at[0] + 1], source[at[1] + 1], source[at[2] + 1], source[at[3] + 1]);
        _mm_storeu_ps(out, _mm256_cvtpd_ps(between(first, second, weight)));
        return;
    }
    // Per frame: left, right, next left, next right.
    __m256d f0 = _mm256_cvtps_pd(_mm_loadu_ps(source + at[0]));
    __m256d f1 = _mm256_cvtps_pd(_mm_loadu_ps(source + at[1]));
    __m256d f2 = _mm256_cvtps_pd(_mm_loadu_ps(source + at[2]));
    __m256d f3 = _mm256_cvtps_pd(_mm_loadu_ps(source + at[3]));
    // Weights as (w0, w0, w1, w1) and (w2, w2, w3, w3).
    __m256d w01 = _mm256_permute4x64_pd(weight, 0x50);
    __m256d w23 = _mm256_permute4x64_pd(weight, 0xFA);
    __m256d r01 = between(_mm256_permute2f128_pd(f0, f1, 0x20), _mm256_permute2f128_pd(f0, f1, 0x31), w01);
    __m256d r23 = between(_mm256_permute2f128_pd(f2, f3, 0x20), _mm256_permute2f128_pd(f2, f3, 0x31), w23);
    _mm_storeu_ps(out, _mm256_cvtpd_ps(r01));
    _mm_storeu_ps(out + 4, _mm256_cvtpd_ps(r23));
}

/// The AVX2 loop, four frames at a time, for one or two channels; the
/// portable loop finishes what is left.
VECTOR static int64_t vector_loop(sv_sample_type type, const void *window, int64_t first_held, int64_t last_base,
                             void *out, int64_t n, int64_t stop, int64_t channels, sv_control_rule rule) {
    __m256d frames = _mm256_setr_pd((double)n, (double)(n + 1), (double)(n + 2), (double)(n + 3));
    int64_t at[4];
    int64_t written = 0;
    for (; n + 4 <= stop; n += 4, written += 4 * channels) {
        __m256d weight = controls4(frames, rule, at);
        if (at[3] > last_base) break;
        frames = _mm256_add_pd(frames, _mm256_set1_pd(4));
        for (int k = 0; k < 4; ++k) at[k] = (at[k] - first_held) * channels;
        if (type == SV_SAMPLE_FLOAT) {
            float_frames(window, at, weight, (float *)out + written, channels);
        } else {
            int16_frames(window, at, weight, (int16_t *)out + written, channels);
        }
    }
    void *rest = type == SV_SAMPLE_FLOAT ? (void *)((float *)out + written) : (void *)((int16_t *)out + written);
    return portable(type, window, first_held, last_base, rest, n, stop, channels, rule);
}

int64_t sv_stretch(sv_sample_type type, const void *window, int64_t first_held, int64_t last_base, void *out,
                 int64_t n, int64_t stop, int64_t channels, sv_control_rule rule, int vector) {
    if (vector && channels <= 2 && sv_stretch_has_vector()) {
        if (type == SV_SAMPLE_FLOAT) return vector_loop(SV_SAMPLE_FLOAT, window, first_held, last_base, out, n, stop, channels, rule);
        return vector_loop(SV_SAMPLE_INT16, window, first_held, last_base, out, n, stop, channels, rule);
    }
    if (type == SV_SAMPLE_FLOAT) return portable(SV_SAMPLE_FLOAT, window, first_held, last_base, out, n, stop, channels, rule);
    return portable(SV_SAMPLE_INT16, window, first_held, last_base, out, n, stop, channels, rule);
}

#else

int sv_stretch_has_vector(void) { return 0; }

int64_t sv_stretch(sv_sample_type type, const void *window, int64_t first_held, int64_t last_base, void *out,
                 int64_t n, int64_t stop, int64_t channels, sv_control_rule rule, int vector) {
    (void)vector;
    if (type == SV_SAMPLE_FLOAT) return portable(SV_SAMPLE_FLOAT, window, first_held, last_base, out, n, stop, channels, rule);
    return portable(SV_SAMPLE_INT16, window, first_held, last_base, out, n, stop, channels, rule);
}

#endif

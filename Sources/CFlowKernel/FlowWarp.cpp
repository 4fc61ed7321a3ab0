#include "FlowWarp.hpp"
#include "FlowWarpRows.hpp"
#include "FlowWarpSamples.hpp"

#include <opencv2/core.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <immintrin.h>
#include <vector>

// Sums and products stay as written, so that every processor, with or
// without fused multiply-add, makes the same pictures.
#pragma clang fp contract(off)

namespace sv {
namespace {

/// The 32-bit word at each of eight sample offsets from `base`, read one by
/// one (on the benchmark's machine, a Xeon, the 720p ×2 flow job took
/// about 3% less CPU this way than with AVX2's gather).
template <typename T>
__attribute__((target("avx2"))) inline __m256i wordsAt(const T *base, const int *offsets) {
    int32_t word[8];
    for (int lane = 0; lane < 8; lane++) memcpy(&word[lane], base + offsets[lane], 4);
    return _mm256_setr_epi32(word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7]);
}

/// For 8-bit samples, where the sixteen samples of each of eight positions
/// all lie in the run of 16 samples of each row that starts where the
/// first position's do (`offsets` at most 12 apart and none before the
/// first: the usual case, where the motion changes little from one sample
/// to the next) and those four runs lie inside the plane (no offset after
/// `lastRun`): true, and in `index`, the byte shuffle that takes each
/// position's row of four out of a run (read once a row for all eight).
template <typename T>
__attribute__((target("avx2"))) inline bool runIndex(const int *offsets, int lastRun, __m256i &index) {
    if (sizeof(T) != 1 || offsets[0] > lastRun) return false;
    const __m256i all = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(offsets));
    const __m256i along = _mm256_sub_epi32(all, _mm256_set1_epi32(offsets[0]));
    const __m256i beyond = _mm256_cmpgt_epi32(along, _mm256_set1_epi32(12)), before = _mm256_cmpgt_epi32(_mm256_setzero_si256(), along);
    const __m256i outside = _mm256_or_si256(beyond, before);
    if (!_mm256_testz_si256(outside, outside)) return false;
    // Each position's offset (under 13: its low byte) four times over, plus 0, 1, 2, 3.
    const __m256i lowByte = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12, 0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12,
                                             12, 12, 12);
    index = _mm256_add_epi8(_mm256_shuffle_epi8(along, lowByte), _mm256_set1_epi32(0x03020100));
    return true;
}

/// What wordsAt reads for row `r` and word `k` of eight positions (the
/// samples before them at `corners`), of which some are by the edges: each
/// word put together a sample at a time (edgeSample).
template <typename T>
__attribute__((target("avx2"))) inline __m256i edgeWordsAt(const PlaneWarp<T> &w, const T *plane, int step, const Corner *corners, int r,
                                                           int k) {
    constexpr int bits = 8 * sizeof(T), perWord = 4 / sizeof(T);
    int32_t word[8];
    for (int lane = 0; lane < 8; lane++) {
        uint32_t value = 0;
        for (int s = 0; s < perWord; s++) value |= uint32_t(edgeSample(w, plane, step, corners[lane], r, k * perWord + s)) << (bits * s);
        word[lane] = int32_t(value);
    }
    return _mm256_setr_epi32(word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7]);
}

/// cubicValues in AVX2, eight positions at a time: each row's four samples
/// read as words (for 8-bit samples lying close together, shuffled out of
/// one run a row: runIndex) and weighed as they come, in the same order of
/// sums and products as cubic (so the pictures are the same).
template <typename T>
__attribute__((target("avx2"))) inline void cubicValuesAVX2(const PlaneWarp<T> &w, const Positions &at, const float *fractions, int stride,
                                                            float *near, float *va, float *vb, int count) {
    constexpr int bits = 8 * sizeof(T), perWord = 4 / sizeof(T);
    const __m256i mask = _mm256_set1_epi32((1 << bits) - 1);
    const __m256 half = _mm256_set1_ps(0.5f), two = _mm256_set1_ps(2), three = _mm256_set1_ps(3), four = _mm256_set1_ps(4),
                 five = _mm256_set1_ps(5);
    auto weights = [&](__m256 f, __m256 *k) __attribute__((target("avx2"))) {
        const __m256 f2 = _mm256_mul_ps(f, f), f3 = _mm256_mul_ps(f2, f);
        k[0] = _mm256_mul_ps(half, _mm256_sub_ps(_mm256_sub_ps(_mm256_mul_ps(two, f2), f3), f));
        k[1] = _mm256_mul_ps(half, _mm256_add_ps(_mm256_sub_ps(_mm256_mul_ps(three, f3), _mm256_mul_ps(five, f2)), two));
        k[2] = _mm256_mul_ps(half, _mm256_add_ps(_mm256_sub_ps(_mm256_mul_ps(four, f2), _mm256_mul_ps(three, f3)), f));
        k[3] = _mm256_mul_ps(half, _mm256_sub_ps(f3, f2));
    };
    auto weigh = [](const __m256 *k, const __m256 *v) __attribute__((target("avx2"))) {
        return _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(k[0], v[0]), _mm256_mul_ps(k[1], v[1])), _mm256_mul_ps(k[2], v[2])),
                             _mm256_mul_ps(k[3], v[3]));
    };
    // One picture's values at eight positions, each row's four samples read
    // by `words` (r, k: word k of row r at the eight positions).
    auto values = [&](const float *fractionsAcross, const float *fractionsDown, auto words) __attribute__((target("avx2"))) {
        __m256 across[4], down[4], rows[4];
        weights(_mm256_loadu_ps(fractionsAcross), across);
        weights(_mm256_loadu_ps(fractionsDown), down);
        for (int r = 0; r < 4; r++) {
            __m256 samples[4];
            for (int k = 0; k < int(sizeof(T)); k++) {
                const __m256i word = words(r, k);
                for (int s = 0; s < perWord; s++) {
                    samples[k * perWord + s] = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(word, bits * s), mask));
                }
            }
            rows[r] = weigh(across, samples);
        }
        return weigh(down, rows);
    };
    int x = 0;
    for (; x + 8 <= count; x += 8) {
        const __m256i edges = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(at.edge + x));
        const bool edge = !_mm256_testz_si256(edges, edges);
        for (int picture = 0; picture < 2; picture++) {
            const T *p = picture == 0 ? w.a : w.b;
            const int step = picture == 0 ? w.stepA : w.stepB;
            const int *offset = at.offset[picture] + x;
            const float *across = fractions + 2 * picture * stride + x, *down = fractions + (2 * picture + 1) * stride + x;
            __m256 value;
            __m256i index;
            if (!edge && runIndex<T>(offset, w.lastRun(step), index)) {
                value = values(across, down, [&](int r, int) __attribute__((target("avx2"))) {
                    const __m128i run = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + offset[0] + r * step));
                    return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(run), index);
                });
            } else if (edge) {
                Corner corners[8];
                for (int lane = 0; lane < 8; lane++) corners[lane] = cornerOf(w, at, picture, x + lane);
                value = values(across, down, [&](int r, int k) __attribute__((target("avx2"))) {
                    return edgeWordsAt(w, p, step, corners, r, k);
                });
            } else {
                value = values(across, down, [&](int r, int k) __attribute__((target("avx2"))) {
                    return wordsAt(p + r * step + k * perWord, offset);
                });
            }
            _mm256_storeu_ps((picture == 0 ? va : vb) + x, value);
        }
    }
    if (x < count) {
        cubicValues(w, at.from(x), fractions + x, stride, near, va + x, vb + x, count - x);
    }
}

/// Output row `y`: the grid's points brought to the plane's width (once for
/// each grid row) and to the row (linearly between the grid's rows), so
/// each sample has its positions in a and in b and a's part; both
/// pictures' values there found by `values` (cubicValues or its AVX2 twin:
/// Catmull-Rom's cubic, sharper than linear, so that a position between
/// samples keeps the texture it falls on) and mixed.
template <typename T, typename Values, typename Spread>
__attribute__((always_inline)) inline void warpRow(const PlaneWarp<T> &w, Scratch &s, int y, T *o, uint8_t *apart, int cols,
                                                   Values values, Spread spread) {
    const Tap row = w.rows[y];
    const size_t run = size_t(cols) * gridChannels;
    float *halves[2] = {s.wide.data(), s.wide.data() + run};
    const float *upper = nullptr, *lower = nullptr;
    for (int k = 0; k < 2; k++) {
        if (s.held[k] == row.index) upper = halves[k];
        if (s.held[k] == row.index + 1) lower = halves[k];
    }
    for (int k = 0; k < 2 && !(upper && lower); k++) {
        if (halves[k] == upper || halves[k] == lower) continue;
        const int wanted = upper ? row.index + 1 : row.index;
        widen(w, cols, wanted, s.points.data(), halves[k], spread);
        s.held[k] = wanted;
        (upper ? lower : upper) = halves[k];
    }
    float *at = s.at.data();
    for (size_t i = 0; i < run; i++) at[i] = upper[i] + row.fraction * (lower[i] - upper[i]);
    const float *ax = at, *ay = ax + cols, *bx = ay + cols, *by = bx + cols, *part = by + cols;
    float *fxa = s.fractions.data(), *fya = fxa + cols, *fxb = fya + cols, *fyb = fxb + cols;
    int *offsetA = s.offsetA.data(), *offsetB = s.offsetB.data(), *edge = s.edge.data();
    // The fast reads start from a sample before kept at least one from the
    // first and two from the last, so that they stay inside the plane; a
    // position moved so is by the edges.
    const int lastColumn = w.width - 3, lastRow = w.height - 3;
    for (int x = 0; x < cols; x++) {
        const Tap xa = w.column(ax[x]), ya = w.row(ay[x]), xb = w.column(bx[x]), yb = w.row(by[x]);
        fxa[x] = xa.fraction, fya[x] = ya.fraction, fxb[x] = xb.fraction, fyb[x] = yb.fraction;
        const int ca = std::min(std::max(xa.index, 1), lastColumn), ra = std::min(std::max(ya.index, 1), lastRow);
        const int cb = std::min(std::max(xb.index, 1), lastColumn), rb = std::min(std::max(yb.index, 1), lastRow);
        offsetA[x] = (ra - 1) * w.stepA + ca - 1;
        offsetB[x] = (rb - 1) * w.stepB + cb - 1;
        edge[x] = (ca != xa.index) | (ra != ya.index) | (cb != xb.index) | (rb != yb.index);
    }
    float *va = s.values.data(), *vb = va + cols;
    values(w, Positions{{offsetA, offsetB}, edge, {ax, bx}, {ay, by}}, s.fractions.data(), cols, s.near.data(), va, vb, cols);
    for (int x = 0; x < cols; x++) {
        o[x] = T(std::min(std::max(vb[x] + part[x] * (va[x] - vb[x]), 0.0f), w.top) + 0.5f);
        apart[x] = uint8_t(std::min(std::abs(va[x] - vb[x]) * w.levels + 0.5f, 255.0f));
    }
}

template <typename T>
void warpRows(const PlaneWarp<T> &w, Scratch &s, cv::Mat &output, cv::Mat &apart, const cv::Range &range) {
    for (int y = range.start; y < range.end; y++) {
        warpRow(w, s, y, output.ptr<T>(y), apart.ptr<uint8_t>(y), output.cols, cubicValues<T>, spread);
    }
}

/// warpRows in AVX2: the same arithmetic eight samples at a time, and the
/// samples read as words eight positions at a time.
template <typename T>
__attribute__((target("avx2"))) void warpRowsAVX2(const PlaneWarp<T> &w, Scratch &s, cv::Mat &output, cv::Mat &apart,
                                                  const cv::Range &range) {
    for (int y = range.start; y < range.end; y++) {
        warpRow(w, s, y, output.ptr<T>(y), apart.ptr<uint8_t>(y), output.cols, cubicValuesAVX2<T>, spreadAVX2);
    }
}

template <typename T>
void warp(const cv::Mat &toBoth, const cv::Mat &a, const cv::Mat &b, float one, cv::Mat &output, cv::Mat &apart) {
    const std::vector<Tap> columns = taps(output.cols, toBoth.cols), rows = taps(output.rows, toBoth.rows);
    std::vector<int> columnIndex(columns.size());
    std::vector<float> columnFraction(columns.size());
    for (size_t i = 0; i < columns.size(); i++) columnIndex[i] = columns[i].index, columnFraction[i] = columns[i].fraction;
    const float sx = float(output.cols) / float(toBoth.cols), sy = float(output.rows) / float(toBoth.rows);
    const PlaneWarp<T> w{&toBoth,
                         a.ptr<T>(0),
                         b.ptr<T>(0),
                         int(a.step[0] / sizeof(T)),
                         int(b.step[0] / sizeof(T)),
                         a.cols,
                         a.rows,
                         toBoth.cols,
                         rows.data(),
                         columnIndex.data(),
                         columnFraction.data(),
                         sx,
                         sy,
                         0.5f * sx - 0.5f,
                         0.5f * sy - 0.5f,
                         1 / one,
                         256 * one - 1};
    static const bool avx2 = __builtin_cpu_supports("avx2");
    // A few runs of rows for each thread, not a run for each row: a run
    // widens the grid rows it starts on afresh.
    const double runs = 4.0 * std::max(1, cv::getNumThreads());
    cv::parallel_for_(cv::Range(0, output.rows), [&](const cv::Range &range) {
        thread_local Scratch scratch;
        scratch.fit(toBoth.cols, output.cols);
        if (avx2) {
            warpRowsAVX2(w, scratch, output, apart, range);
        } else {
            warpRows(w, scratch, output, apart, range);
        }
    }, runs);
}

}  // namespace

void warpPlane(const cv::Mat &toBoth, const cv::Mat &a, const cv::Mat &b, float one, cv::Mat &output, cv::Mat &apart) {
    apart.create(output.size(), CV_8UC1);
    if (output.depth() == CV_8U) {
        warp<uint8_t>(toBoth, a, b, one, output, apart);
    } else {
        warp<uint16_t>(toBoth, a, b, one, output, apart);
    }
}

}  // namespace sv

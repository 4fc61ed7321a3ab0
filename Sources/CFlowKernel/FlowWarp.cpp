#include "FlowWarp.hpp"

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

/// Where each of a plane's `count` samples lies on a grid of `gridCount`
/// (a sample's centre at c of the grid is at (c + ½)·count/gridCount − ½ of
/// the plane).
std::vector<Tap> taps(int count, int gridCount) {
    std::vector<Tap> result(count);
    const float scale = float(gridCount) / float(count);
    for (int i = 0; i < count; i++) result[i] = tapAt((float(i) + 0.5f) * scale - 0.5f, gridCount);
    return result;
}

/// What every row of a plane's warp shares.
template <typename T>
struct PlaneWarp {
    const cv::Mat *toBoth;
    /// a's and b's first samples.
    const T *a, *b;
    int stepA, stepB, width, height, gridCols;
    /// Where each output row lies between the grid's rows.
    const Tap *rows;
    /// Where each output column lies between the grid's columns.
    const int *columnIndex;
    const float *columnFraction;
    /// From the grid's positions to the plane's: x · sx + ox, y · sy + oy.
    float sx, sy, ox, oy;
    /// Grey levels a sample, and the largest sample.
    float levels, top;
    /// Where a position (`x`, `y`) on the grid lies between the plane's
    /// columns and rows.
    Tap column(float x) const { return tapAt(x * sx + ox, width); }
    Tap row(float y) const { return tapAt(y * sy + oy, height); }
    /// The last offset, in a picture `step` samples a row, whose four rows'
    /// runs of 16 samples lie inside the plane (runIndex).
    int lastRun(int step) const { return (height - 4) * step + width - 16; }
};

/// Samples a position is found from: four rows of four.
constexpr int samplesAround = 16;

/// Positions a run of Scratch's `near` holds: few enough that a thread's
/// samples stay in its nearest cache.
constexpr int chunk = 64;

/// One thread's rows of floats (kept from one run to the next, so that
/// they are not made again for every run), and which grid rows it last
/// widened.
struct Scratch {
    std::vector<float> points, wide, at, fractions, near, values;
    /// For each position: where its sixteen samples start in a and in b
    /// (the sample one row above and one column left of the sample before
    /// it), and 1 where some of them lie beyond the plane's edges (and are
    /// read as the edge samples), else 0.
    std::vector<int> offsetA, offsetB, edge;
    /// The grid rows the two halves of `wide` hold, -1 for none.
    int held[2] = {-1, -1};
    /// Rows for a plane `cols` wide on a grid `gridCols` wide, none widened.
    void fit(int gridCols, int cols) {
        // The last channel's row and the 8 floats spreadAVX2 may read past it.
        points.resize(size_t(gridCols) * gridChannels + 8);
        wide.resize(size_t(cols) * gridChannels * 2);
        at.resize(size_t(cols) * gridChannels);
        fractions.resize(size_t(cols) * 4);
        near.resize(size_t(chunk) * samplesAround * 2);
        values.resize(size_t(cols) * 2);
        for (auto *run : {&offsetA, &offsetB, &edge}) run->resize(cols);
        held[0] = held[1] = -1;
    }
};

/// The grid's values `p` at `cols` columns, each linearly between the two
/// around it (`index0` and the next, `fraction` of the way), into `d`.
inline void spread(const float *p, const int *index0, const float *fraction, float *d, int cols) {
    for (int x = 0; x < cols; x++) d[x] = p[index0[x]] + fraction[x] * (p[index0[x] + 1] - p[index0[x]]);
}

/// spread in AVX2: eight columns at a time whose grid values lie within
/// nine (a plane no narrower than the grid), those values loaded at once
/// and each column's two picked out (the same sums and products, so the
/// pictures are the same); reads up to 8 floats past `p`'s last.
__attribute__((target("avx2"))) inline void spreadAVX2(const float *p, const int *index0, const float *fraction, float *d, int cols) {
    int x = 0;
    for (; x + 8 <= cols && index0[x + 7] - index0[x] < 8; x += 8) {
        const float *first = p + index0[x];
        const __m256i column = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(index0 + x));
        const __m256i at = _mm256_sub_epi32(column, _mm256_set1_epi32(index0[x]));
        const __m256 p0 = _mm256_permutevar8x32_ps(_mm256_loadu_ps(first), at);
        const __m256 p1 = _mm256_permutevar8x32_ps(_mm256_loadu_ps(first + 1), at);
        _mm256_storeu_ps(d + x, _mm256_add_ps(p0, _mm256_mul_ps(_mm256_loadu_ps(fraction + x), _mm256_sub_ps(p1, p0))));
    }
    spread(p, index0 + x, fraction + x, d + x, cols - x);
}

/// Grid row `index` brought to the plane's width (linearly between its
/// columns, by `spread` or its AVX2 twin) into `into`, a run of floats a
/// channel.
template <typename T, typename Spread>
__attribute__((always_inline)) inline void widen(const PlaneWarp<T> &w, int cols, int index, float *points, float *into, Spread spread) {
    const float *grid = w.toBoth->template ptr<float>(index);
    for (int g = 0; g < w.gridCols; g++) {
        for (int c = 0; c < gridChannels; c++) points[c * w.gridCols + g] = grid[g * gridChannels + c];
    }
    for (int c = 0; c < gridChannels; c++) spread(points + c * w.gridCols, w.columnIndex, w.columnFraction, into + c * cols, cols);
}

/// A run of positions: where their samples start (Scratch's offsetA,
/// offsetB and edge) and where they are on the grid (a's x and y, b's x and
/// y).
struct Positions {
    const int *offset[2], *edge;
    const float *x[2], *y[2];
    Positions from(int i) const {
        return Positions{{offset[0] + i, offset[1] + i}, edge + i, {x[0] + i, x[1] + i}, {y[0] + i, y[1] + i}};
    }
};

/// The sample before a position, across and down.
struct Corner {
    int column, row;
};

/// The sample before position `i` of `at` in picture `picture` (0 for a, 1
/// for b).
template <typename T>
inline Corner cornerOf(const PlaneWarp<T> &w, const Positions &at, int picture, int i) {
    return Corner{w.column(at.x[picture][i]).index, w.row(at.y[picture][i]).index};
}

/// Sample `k` across and `r` down of the sixteen around a position whose
/// sample before it is `corner`, in `plane` (`step` samples a row), each
/// sample beyond an edge read as the edge sample.
template <typename T>
inline T edgeSample(const PlaneWarp<T> &w, const T *plane, int step, Corner corner, int r, int k) {
    return plane[std::min(std::max(corner.row - 1 + r, 0), w.height - 1) * step + std::min(std::max(corner.column - 1 + k, 0), w.width - 1)];
}

/// The sixteen samples around each of `count` positions in a and in b, as
/// floats: a's in `near`'s first `samplesAround` runs (`count` floats
/// apart), row by row and left to right, b's in the next. A row's four
/// samples are read as whole 32-bit words (one for 8-bit samples, two for
/// 16-bit), or, at a position by the edges, one by one.
template <typename T>
inline void fetchWords(const PlaneWarp<T> &w, const Positions &at, float *near, int count) {
    constexpr int bits = 8 * sizeof(T), perWord = 4 / sizeof(T);
    constexpr uint32_t mask = (1u << bits) - 1;
    for (int x = 0; x < count; x++) {
        for (int picture = 0; picture < 2; picture++) {
            const T *plane = picture == 0 ? w.a : w.b;
            const int step = picture == 0 ? w.stepA : w.stepB;
            float *samples = near + size_t(picture) * samplesAround * count + x;
            if (at.edge[x]) {
                const Corner corner = cornerOf(w, at, picture, x);
                for (int r = 0; r < 4; r++) {
                    for (int k = 0; k < 4; k++) samples[(r * 4 + k) * count] = float(edgeSample(w, plane, step, corner, r, k));
                }
                continue;
            }
            const T *p = plane + at.offset[picture][x];
            for (int r = 0; r < 4; r++) {
                for (int k = 0; k < int(sizeof(T)); k++) {
                    uint32_t word;
                    memcpy(&word, p + r * step + k * perWord, 4);
                    for (int s = 0; s < perWord; s++) samples[(r * 4 + k * perWord + s) * count] = float((word >> (bits * s)) & mask);
                }
            }
        }
    }
}

/// Catmull-Rom's four weights for a position `f` of the way from the
/// second sample to the third.
__attribute__((always_inline)) inline void cubicWeights(float f, float &k0, float &k1, float &k2, float &k3) {
    const float f2 = f * f, f3 = f2 * f;
    k0 = 0.5f * (2 * f2 - f3 - f);
    k1 = 0.5f * (3 * f3 - 5 * f2 + 2);
    k2 = 0.5f * (4 * f2 - 3 * f3 + f);
    k3 = 0.5f * (f3 - f2);
}

/// A picture's value at each of `count` positions: its sixteen samples
/// (`near`, runs `count` floats apart) weighed across by `fx` and down by
/// `fy`, Catmull-Rom's cubic both ways, into `value`.
__attribute__((always_inline)) inline void cubic(const float *__restrict near, const float *__restrict fx, const float *__restrict fy,
                                                 float *__restrict value, int count) {
    for (int x = 0; x < count; x++) {
        float kx0, kx1, kx2, kx3, ky0, ky1, ky2, ky3;
        cubicWeights(fx[x], kx0, kx1, kx2, kx3);
        cubicWeights(fy[x], ky0, ky1, ky2, ky3);
        float rows[4];
        for (int row = 0; row < 4; row++) {
            const float *v = near + size_t(row) * 4 * count + x;
            rows[row] = kx0 * v[0] + kx1 * v[count] + kx2 * v[2 * count] + kx3 * v[3 * count];
        }
        value[x] = ky0 * rows[0] + ky1 * rows[1] + ky2 * rows[2] + ky3 * rows[3];
    }
}

/// a's and b's values at `count` positions (`at`; `fractions`' four runs
/// `stride` floats apart: a's across and down, b's across and down) into
/// `va` and `vb`, fetched a chunk at a time into `near`.
template <typename T>
inline void cubicValues(const PlaneWarp<T> &w, const Positions &at, const float *fractions, int stride, float *near, float *va, float *vb,
                        int count) {
    for (int x = 0; x < count; x += chunk) {
        const int n = std::min(chunk, count - x);
        fetchWords(w, at.from(x), near, n);
        cubic(near, fractions + x, fractions + stride + x, va + x, n);
        cubic(near + size_t(samplesAround) * n, fractions + 2 * stride + x, fractions + 3 * stride + x, vb + x, n);
    }
}

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

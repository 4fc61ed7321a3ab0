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
    const T *a, *b;
    int stepA, stepB, width, height, gridCols;
    /// Where each output row lies between the grid's rows.
    const Tap *rows;
    /// Where each output column lies between the grid's columns.
    const int *columnIndex;
    const float *columnFraction;
    /// From the grid's positions to the plane's: x · sx + ox, y · sy + oy.
    float sx, sy, ox, oy;
    /// Grey levels a sample.
    float levels;
};

/// One thread's rows of floats (kept from one run to the next, so that
/// they are not made again for every run), and which grid rows it last
/// widened.
struct Scratch {
    std::vector<float> points, wide, at, fractions, near;
    std::vector<int> offsetA, offsetB;
    /// The grid rows the two halves of `wide` hold, -1 for none.
    int held[2] = {-1, -1};
    /// Rows for a plane `cols` wide on a grid `gridCols` wide, none widened.
    void fit(int gridCols, int cols) {
        points.resize(size_t(gridCols) * gridChannels);
        wide.resize(size_t(cols) * gridChannels * 2);
        at.resize(size_t(cols) * gridChannels);
        fractions.resize(size_t(cols) * 4);
        near.resize(size_t(cols) * 8);
        offsetA.resize(cols);
        offsetB.resize(cols);
        held[0] = held[1] = -1;
    }
};

/// Grid row `index` brought to the plane's width (linearly between its
/// columns) into `into`, a run of floats a channel.
template <typename T>
inline void widen(const PlaneWarp<T> &w, int cols, int index, float *points, float *into) {
    const float *grid = w.toBoth->template ptr<float>(index);
    for (int g = 0; g < w.gridCols; g++) {
        for (int c = 0; c < gridChannels; c++) points[c * w.gridCols + g] = grid[g * gridChannels + c];
    }
    const int *index0 = w.columnIndex;
    const float *fraction = w.columnFraction;
    for (int c = 0; c < gridChannels; c++) {
        const float *p = points + c * w.gridCols;
        float *d = into + c * cols;
        for (int x = 0; x < cols; x++) d[x] = p[index0[x]] + fraction[x] * (p[index0[x] + 1] - p[index0[x]]);
    }
}

/// The four samples around each of `count` positions in a and in b, as
/// floats: a's upper left, upper right, lower left and lower right in
/// `near`'s first four runs (`stride` floats apart), b's in the next four.
/// Each sample and its right-hand neighbour are read as one 32-bit word.
template <typename T>
inline void fetchWords(const PlaneWarp<T> &w, const int *offsetA, const int *offsetB, float *near, int count, int stride) {
    float *v[8];
    for (int k = 0; k < 8; k++) v[k] = near + k * stride;
    constexpr int bits = 8 * sizeof(T);
    constexpr uint32_t mask = (1u << bits) - 1;
    for (int x = 0; x < count; x++) {
        const T *pa = w.a + offsetA[x], *pb = w.b + offsetB[x];
        uint32_t words[4];
        memcpy(&words[0], pa, 4), memcpy(&words[1], pa + w.stepA, 4), memcpy(&words[2], pb, 4), memcpy(&words[3], pb + w.stepB, 4);
        for (int k = 0; k < 4; k++) {
            v[2 * k][x] = float(words[k] & mask);
            v[2 * k + 1][x] = float((words[k] >> bits) & mask);
        }
    }
}

/// fetchWords with AVX2's gathers, eight positions at a time.
template <typename T>
__attribute__((target("avx2"))) inline void gatherWords(const PlaneWarp<T> &w, const int *offsetA, const int *offsetB, float *near,
                                                        int cols) {
    float *v[8];
    for (int k = 0; k < 8; k++) v[k] = near + k * cols;
    constexpr int bits = 8 * sizeof(T);
    const __m256i mask = _mm256_set1_epi32((1 << bits) - 1);
    const int *rows[4] = {reinterpret_cast<const int *>(w.a), reinterpret_cast<const int *>(w.a + w.stepA),
                          reinterpret_cast<const int *>(w.b), reinterpret_cast<const int *>(w.b + w.stepB)};
    int x = 0;
    for (; x + 8 <= cols; x += 8) {
        __m256i offsets[2] = {_mm256_loadu_si256(reinterpret_cast<const __m256i *>(offsetA + x)),
                              _mm256_loadu_si256(reinterpret_cast<const __m256i *>(offsetB + x))};
        for (auto &offset : offsets) offset = _mm256_mullo_epi32(offset, _mm256_set1_epi32(int(sizeof(T))));
        for (int k = 0; k < 4; k++) {
            const __m256i words = _mm256_i32gather_epi32(rows[k], offsets[k / 2], 1);
            _mm256_storeu_ps(v[2 * k] + x, _mm256_cvtepi32_ps(_mm256_and_si256(words, mask)));
            _mm256_storeu_ps(v[2 * k + 1] + x, _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(words, bits), mask)));
        }
    }
    if (x < cols) fetchWords(w, offsetA + x, offsetB + x, near + x, cols - x, cols);
}

/// Output row `y`: the grid's points brought to the plane's width (once for
/// each grid row) and to the row (linearly between the grid's rows), so
/// each sample has its positions in a and in b and a's part; the four
/// samples around each position fetched; both pictures' values there found
/// linearly and mixed. Fetching apart from the arithmetic keeps the
/// arithmetic in loops the compiler makes vector code of.
template <typename T, typename Fetch>
__attribute__((always_inline)) inline void warpRow(const PlaneWarp<T> &w, Scratch &s, int y, T *o, uint8_t *apart, int cols, Fetch fetch) {
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
        widen(w, cols, wanted, s.points.data(), halves[k]);
        s.held[k] = wanted;
        (upper ? lower : upper) = halves[k];
    }
    float *at = s.at.data();
    for (size_t i = 0; i < run; i++) at[i] = upper[i] + row.fraction * (lower[i] - upper[i]);
    const float *ax = at, *ay = ax + cols, *bx = ay + cols, *by = bx + cols, *part = by + cols;
    float *fxa = s.fractions.data(), *fya = fxa + cols, *fxb = fya + cols, *fyb = fxb + cols;
    int *offsetA = s.offsetA.data(), *offsetB = s.offsetB.data();
    for (int x = 0; x < cols; x++) {
        const Tap xa = tapAt(ax[x] * w.sx + w.ox, w.width), ya = tapAt(ay[x] * w.sy + w.oy, w.height);
        const Tap xb = tapAt(bx[x] * w.sx + w.ox, w.width), yb = tapAt(by[x] * w.sy + w.oy, w.height);
        fxa[x] = xa.fraction, fya[x] = ya.fraction, fxb[x] = xb.fraction, fyb[x] = yb.fraction;
        offsetA[x] = ya.index * w.stepA + xa.index;
        offsetB[x] = yb.index * w.stepB + xb.index;
    }
    fetch(w, offsetA, offsetB, s.near.data(), cols);
    const float *v0 = s.near.data(), *v1 = v0 + cols, *v2 = v1 + cols, *v3 = v2 + cols, *v4 = v3 + cols, *v5 = v4 + cols,
                *v6 = v5 + cols, *v7 = v6 + cols;
    for (int x = 0; x < cols; x++) {
        const float upperA = v0[x] + fxa[x] * (v1[x] - v0[x]), lowerA = v2[x] + fxa[x] * (v3[x] - v2[x]);
        const float upperB = v4[x] + fxb[x] * (v5[x] - v4[x]), lowerB = v6[x] + fxb[x] * (v7[x] - v6[x]);
        const float va = upperA + fya[x] * (lowerA - upperA), vb = upperB + fyb[x] * (lowerB - upperB);
        o[x] = T(vb + part[x] * (va - vb) + 0.5f);
        apart[x] = uint8_t(std::min(std::abs(va - vb) * w.levels + 0.5f, 255.0f));
    }
}

template <typename T>
void warpRows(const PlaneWarp<T> &w, Scratch &s, cv::Mat &output, cv::Mat &apart, const cv::Range &range) {
    auto fetch = [](const PlaneWarp<T> &w, const int *oa, const int *ob, float *near, int cols) {
        fetchWords(w, oa, ob, near, cols, cols);
    };
    for (int y = range.start; y < range.end; y++) warpRow(w, s, y, output.ptr<T>(y), apart.ptr<uint8_t>(y), output.cols, fetch);
}

/// warpRows in AVX2: the same arithmetic eight samples at a time, and the
/// samples fetched by its gathers.
template <typename T>
__attribute__((target("avx2"))) void warpRowsAVX2(const PlaneWarp<T> &w, Scratch &s, cv::Mat &output, cv::Mat &apart,
                                                  const cv::Range &range) {
    auto fetch = [](const PlaneWarp<T> &w, const int *oa, const int *ob, float *near, int cols)
                     __attribute__((target("avx2"))) { gatherWords(w, oa, ob, near, cols); };
    for (int y = range.start; y < range.end; y++) warpRow(w, s, y, output.ptr<T>(y), apart.ptr<uint8_t>(y), output.cols, fetch);
}

template <typename T>
void warp(const cv::Mat &toBoth, const cv::Mat &a, const cv::Mat &b, float one, cv::Mat &output, cv::Mat &apart) {
    const std::vector<Tap> columns = taps(output.cols, toBoth.cols), rows = taps(output.rows, toBoth.rows);
    std::vector<int> columnIndex(columns.size());
    std::vector<float> columnFraction(columns.size());
    for (size_t i = 0; i < columns.size(); i++) columnIndex[i] = columns[i].index, columnFraction[i] = columns[i].fraction;
    const float sx = float(output.cols) / float(toBoth.cols), sy = float(output.rows) / float(toBoth.rows);
    const PlaneWarp<T> w{&toBoth,      a.ptr<T>(0),           b.ptr<T>(0), int(a.step[0] / sizeof(T)), int(b.step[0] / sizeof(T)),
                         a.cols,       a.rows,                toBoth.cols, rows.data(),                columnIndex.data(),
                         columnFraction.data(), sx, sy, 0.5f * sx - 0.5f, 0.5f * sy - 0.5f, 1 / one};
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

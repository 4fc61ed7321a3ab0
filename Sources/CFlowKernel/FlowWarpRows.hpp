#ifndef FLOW_WARP_ROWS_HPP
#define FLOW_WARP_ROWS_HPP

// The warp's rows, for FlowWarp.cpp alone: what every row of a plane's warp
// shares, each thread's scratch, and a grid row brought to the plane's width.

#include "FlowWarp.hpp"

#include <opencv2/core.hpp>

#include <immintrin.h>
#include <vector>

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

}  // namespace
}  // namespace sv

#endif

#ifndef FLOW_WARP_SAMPLES_HPP
#define FLOW_WARP_SAMPLES_HPP

// For FlowWarp.cpp alone: a picture's values at positions between its
// samples, each from the sixteen samples around it by Catmull-Rom's cubic
// (the plain way; FlowWarp.cpp holds its AVX2 twin).

#include "FlowWarpRows.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#pragma clang fp contract(off)

namespace sv {
namespace {

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

}  // namespace
}  // namespace sv

#endif

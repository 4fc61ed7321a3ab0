#ifndef FLOW_PATCHES_HPP
#define FLOW_PATCHES_HPP

// For FlowSearch.cpp alone: one scale of the search's two pictures, and a
// patch's sums and steps there.

#include "FlowSearch.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

// Sums and products stay as written: every processor finds the same motion.
#pragma clang fp contract(off)
// Rows of eight floats pass only between functions inlined into one another.
#pragma clang diagnostic ignored "-Wpsabi"

namespace sv {
namespace {

constexpr int patch = 8;

/// A patch's row: 8 floats (one AVX register, or two SSE ones).
typedef float Row __attribute__((vector_size(32)));

__attribute__((always_inline)) inline Row load(const float *p) {
    Row r;
    memcpy(&r, p, sizeof r);
    return r;
}
__attribute__((always_inline)) inline float total(Row r) { return ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); }

/// One scale of the two pictures: `from`'s and `to`'s samples (bordered,
/// pointing at the first inside), `from`'s gradients, and the patches'
/// corners along each axis (the last flush with the far edge).
struct Level {
    const float *a, *b, *gx, *gy;
    size_t step, gradientStep;
    int width, height;
    std::vector<int> xs, ys;
};

/// Sums over a patch of the difference d between `to`, moved, and `from`:
/// of d, of d times each gradient, and of d squared.
struct Sums {
    float d, dx, dy, dd;
    /// The squared error once the patch's mean difference is taken out.
    float cost() const { return dd - d * d / float(patch * patch); }
};

/// Where a patch's corner (x, y) moved by `u` lands in `to`: the sample
/// before it and how far past it across and down.
struct Moved {
    const float *b;
    float fx, fy;
};
__attribute__((always_inline)) inline Moved movedTo(const Level &l, int x, int y, cv::Vec2f u) {
    const float px = float(x) + u[0], py = float(y) + u[1];
    const int ix = int(std::floor(px)), iy = int(std::floor(py));
    return Moved{l.b + ptrdiff_t(iy) * ptrdiff_t(l.step) + ix, px - float(ix), py - float(iy)};
}

/// `to`'s row at `b` moved by `fx` of a sample across.
__attribute__((always_inline)) inline Row across(const float *b, float fx) { return load(b) + fx * (load(b + 1) - load(b)); }

/// Sums for the patch of `from` at (x, y) against `to` at (x, y) + `u`,
/// bilinearly between `to`'s samples (the same fractions for the whole patch).
__attribute__((always_inline)) inline Sums sumsAt(const Level &l, int x, int y, cv::Vec2f u) {
    const Moved m = movedTo(l, x, y, u);
    const float *b = m.b, *a = l.a + size_t(y) * l.step + x;
    const float *gx = l.gx + size_t(y) * l.gradientStep + x, *gy = l.gy + size_t(y) * l.gradientStep + x;
    Row d{}, dx{}, dy{}, dd{};
    Row above = across(b, m.fx);
    for (int r = 0; r < patch; r++, a += l.step, gx += l.gradientStep, gy += l.gradientStep) {
        b += l.step;
        const Row below = across(b, m.fx);
        const Row e = above + m.fy * (below - above) - load(a);
        above = below;
        d += e;
        dx += e * load(gx);
        dy += e * load(gy);
        dd += e * e;
    }
    return Sums{total(d), total(dx), total(dy), total(dd)};
}

/// What a patch of `from` needs for its steps: the inverse of its Hessian
/// (of the gradients less their mean, so that the patch's brightness may
/// change) and its gradients' sums.
struct Reference {
    float xx, xy, yy, sx, sy;
};

__attribute__((always_inline)) inline Reference referenceAt(const Level &l, int x, int y) {
    Row gx{}, gy{}, gxx{}, gxy{}, gyy{};
    for (int r = 0; r < patch; r++) {
        const Row dx = load(l.gx + size_t(y + r) * l.gradientStep + x), dy = load(l.gy + size_t(y + r) * l.gradientStep + x);
        gx += dx, gy += dy, gxx += dx * dx, gxy += dx * dy, gyy += dy * dy;
    }
    // A flat patch's steps are held back: its Hessian gains what a gradient
    // of half a level a sample would give.
    constexpr float n = float(patch * patch), flat = 0.25f * n;
    const float sx = total(gx), sy = total(gy);
    const float hxx = total(gxx) - sx * sx / n + flat, hxy = total(gxy) - sx * sy / n, hyy = total(gyy) - sy * sy / n + flat;
    const float det = hxx * hyy - hxy * hxy;
    return Reference{hyy / det, -hxy / det, hxx / det, sx, sy};
}

/// `u` kept where the moved patch at (x, y) stays within `to`'s border.
__attribute__((always_inline)) inline cv::Vec2f clamped(const Level &l, cv::Vec2f u, int x, int y) {
    const float low = 1 - Pyramid::border, right = float(l.width + Pyramid::border - patch - 2);
    const float bottom = float(l.height + Pyramid::border - patch - 2);
    const float px = std::min(std::max(float(x) + u[0], low), right), py = std::min(std::max(float(y) + u[1], low), bottom);
    return cv::Vec2f(px - float(x), py - float(y));
}

}  // namespace
}  // namespace sv

#endif

#include "FlowPatches.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

// Sums and products stay as written: every processor finds the same motion.
#pragma clang fp contract(off)
// Rows of eight floats pass only between functions inlined into one another.
#pragma clang diagnostic ignored "-Wpsabi"

namespace sv {
namespace {

/// The patch at (x, y) moved from the best of `u` and `others` (its
/// neighbours' motions) by Gauss-Newton steps of the inverse compositional
/// kind until a step is under `still`; the best it went through when it
/// does not settle.
__attribute__((always_inline)) inline cv::Vec2f movePatch(const Level &l, const SearchSettings &settings, const Reference &ref, int x,
                                                          int y, cv::Vec2f u, const cv::Vec2f *others, int count) {
    Sums s = sumsAt(l, x, y, u);
    for (int k = 0; k < count; k++) {
        const cv::Vec2f other = clamped(l, others[k], x, y);
        if (other == u) continue;
        const Sums t = sumsAt(l, x, y, other);
        if (t.cost() < s.cost()) s = t, u = other;
    }
    constexpr float n = float(patch * patch);
    cv::Vec2f best = u;
    float bestCost = s.cost();
    for (int step = 0; step < settings.descent; step++) {
        const float bx = s.dx - ref.sx * s.d / n, by = s.dy - ref.sy * s.d / n;
        const float ux = ref.xx * bx + ref.xy * by, uy = ref.xy * bx + ref.yy * by;
        u = clamped(l, cv::Vec2f(u[0] - ux, u[1] - uy), x, y);
        if (ux * ux + uy * uy < settings.still * settings.still) return u;
        s = sumsAt(l, x, y, u);
        if (s.cost() < bestCost) bestCost = s.cost(), best = u;
    }
    return best;
}

/// The patches' motions (row by row), moved on two passes: from the top
/// left, each starting from the best of its own and those of the patches
/// left of it and above it, then from the bottom right, with those right
/// of it and below it.
__attribute__((always_inline)) inline void movePatches(const Level &l, const SearchSettings &settings, const std::vector<Reference> &refs,
                                                       std::vector<cv::Vec2f> &motion) {
    const int rows = int(l.ys.size()), columns = int(l.xs.size());
    for (int pass = 0; pass < 2; pass++) {
        const int k = pass == 0 ? 1 : -1;
        for (int ii = 0; ii < rows; ii++) {
            const int i = pass == 0 ? ii : rows - 1 - ii;
            for (int jj = 0; jj < columns; jj++) {
                const int j = pass == 0 ? jj : columns - 1 - jj, at = i * columns + j;
                cv::Vec2f others[2];
                int count = 0;
                if (jj > 0) others[count++] = motion[size_t(at - k)];
                if (ii > 0) others[count++] = motion[size_t(at - k * columns)];
                const cv::Vec2f u = motion[size_t(at)];
                motion[size_t(at)] = movePatch(l, settings, refs[size_t(at)], l.xs[size_t(j)], l.ys[size_t(i)], u, others, count);
            }
        }
    }
}

/// The dense motion of the level into `flow`: at each sample, the motions
/// of the patches over it, each weighted by 1 / max(1, |its error there|).
__attribute__((always_inline)) inline void densify(const Level &l, const std::vector<cv::Vec2f> &motion, cv::Mat &flow) {
    flow.create(l.height, l.width, CV_32FC2);
    std::vector<float> sums(size_t(l.width) * 3);
    float *su = sums.data(), *sv = su + l.width, *sw = sv + l.width;
    const int columns = int(l.xs.size());
    for (int y = 0; y < l.height; y++) {
        std::fill(sums.begin(), sums.end(), 0.0f);
        const float *a = l.a + size_t(y) * l.step;
        for (int i = 0; i < int(l.ys.size()); i++) {
            if (y < l.ys[size_t(i)] || y >= l.ys[size_t(i)] + patch) continue;
            for (int j = 0; j < columns; j++) {
                const int x = l.xs[size_t(j)];
                const cv::Vec2f u = motion[size_t(i * columns + j)];
                const Moved m = movedTo(l, x, y, u);
                const Row above = across(m.b, m.fx), error = above + m.fy * (across(m.b + l.step, m.fx) - above) - load(a + x);
                Row w;
                for (int c = 0; c < patch; c++) w[c] = 1 / std::max(1.0f, std::abs(error[c]));
                const Row wu = load(su + x) + w * u[0], wv = load(sv + x) + w * u[1], ww = load(sw + x) + w;
                memcpy(su + x, &wu, sizeof wu), memcpy(sv + x, &wv, sizeof wv), memcpy(sw + x, &ww, sizeof ww);
            }
        }
        cv::Vec2f *f = flow.ptr<cv::Vec2f>(y);
        for (int x = 0; x < l.width; x++) f[x] = cv::Vec2f(su[x] / sw[x], sv[x] / sw[x]);
    }
}

std::vector<int> corners(int length, int stride) {
    std::vector<int> at;
    for (int p = 0; p + patch <= length; p += stride) at.push_back(p);
    if (at.back() + patch < length) at.push_back(length - patch);
    return at;
}

Level levelOf(const Pyramid &from, const Pyramid &to, int level, int stride) {
    const cv::Mat &a = from.image[size_t(level)], &b = to.image[size_t(level)], &gx = from.dx[size_t(level)];
    const int border = Pyramid::border;
    return Level{a.ptr<float>(border) + border, b.ptr<float>(border) + border, gx.ptr<float>(0), from.dy[size_t(level)].ptr<float>(0),
                 a.step1(), gx.step1(), gx.cols, gx.rows, corners(gx.cols, stride), corners(gx.rows, stride)};
}

/// What a search keeps from one scale to the next: each patch's motion
/// and reference, the coarser scale's dense motion, and the finer one's.
struct Scales {
    std::vector<cv::Vec2f> motion;
    std::vector<Reference> refs;
    cv::Mat coarse, fine;
};

/// One scale of the search: each patch started from the coarser scale's
/// motion at its centre, doubled (none at the coarsest), moved, and the
/// patches' motions made dense into `flow`.
__attribute__((always_inline)) inline void searchLevel(const Level &l, const SearchSettings &settings, Scales &s, cv::Mat &flow) {
    s.motion.assign(l.xs.size() * l.ys.size(), cv::Vec2f(0, 0));
    s.refs.resize(s.motion.size());
    for (size_t i = 0; i < l.ys.size(); i++)
        for (size_t j = 0; j < l.xs.size(); j++) {
            const size_t at = i * l.xs.size() + j;
            s.refs[at] = referenceAt(l, l.xs[j], l.ys[i]);
            if (s.coarse.empty()) continue;
            const int cx = std::min((l.xs[j] + patch / 2) / 2, s.coarse.cols - 1);
            const int cy = std::min((l.ys[i] + patch / 2) / 2, s.coarse.rows - 1);
            s.motion[at] = clamped(l, 2 * s.coarse.at<cv::Vec2f>(cy, cx), l.xs[j], l.ys[i]);
        }
    movePatches(l, settings, s.refs, s.motion);
    densify(l, s.motion, flow);
}

/// searchLevel as built for any processor, and its copy compiled for AVX2
/// (a row of a patch in one register).
void searchLevelPlain(const Level &l, const SearchSettings &settings, Scales &s, cv::Mat &flow) { searchLevel(l, settings, s, flow); }
__attribute__((target("avx2"))) void searchLevelAVX2(const Level &l, const SearchSettings &settings, Scales &s, cv::Mat &flow) {
    searchLevel(l, settings, s, flow);
}

/// Pictures this long or shorter are searched on a half-size grid (under
/// 64 samples a side, at full size).
constexpr int smallWidth = 640;
/// A longer picture's grid is halved until it is shorter than this.
constexpr int largeGrid = 1280;

}  // namespace

/// Sized by the picture's longer side (an upright phone picture as its
/// sideways twin): up to `smallWidth` long on a half-size grid, a longer
/// one halved until shorter than `largeGrid` (720p and 1080p at half size,
/// 4K at a quarter); patches 4 apart, each moved until a step is under 0.02
/// of a sample, 8 at most.
///
/// Measured on the benchmark's clips, both halves (luma PSNR over
/// minterpolate's): OpenCV's DIS made +0.31 dB up to 640 wide and +0.49
/// wider, this search +0.67 and +0.50; up to 25 steps lost 0.05 dB on the
/// small clips (a long descent drifts). Wider pictures on grids under 640,
/// patches 6 apart, left the sports clips (1768x994, fast limbs over a
/// detailed still background) 1.3 and 0.3 dB below minterpolate; on these
/// grids 0.2 below and 0.15 above, for 60% more time at 720p and 1080p. A
/// quarter-size grid up to 640 wide, a third faster, lost 0.4 to 0.8 dB on
/// the 640x272 clips and 2 dB at 176x144.
Search searchFor(int width, int height) {
    const int longer = std::max(width, height);
    int divisor = longer > smallWidth || (width >= 64 && height >= 64) ? 2 : 1;
    while (longer / divisor >= largeGrid) divisor *= 2;
    return Search{divisor, SearchSettings{4, 8, 0.02f}};
}

int searchLevels(cv::Size size) {
    int levels = 1;
    while (std::max(size.width, size.height) >> levels >= 3 * patch && std::min(size.width, size.height) >> levels >= patch) levels++;
    return levels;
}

void buildPyramid(const cv::Mat &grid, int levels, Pyramid &pyramid) {
    for (auto *scales : {&pyramid.image, &pyramid.dx, &pyramid.dy}) scales->resize(size_t(levels));
    cv::Mat plain, half;
    grid.convertTo(plain, CV_32F);
    for (int level = 0; level < levels; level++) {
        if (level > 0) {
            cv::resize(plain, half, cv::Size((plain.cols + 1) / 2, (plain.rows + 1) / 2), 0, 0, cv::INTER_AREA);
            std::swap(plain, half);
        }
        cv::Sobel(plain, pyramid.dx[size_t(level)], CV_32F, 1, 0, 3, 1.0 / 8, 0, cv::BORDER_REPLICATE);
        cv::Sobel(plain, pyramid.dy[size_t(level)], CV_32F, 0, 1, 3, 1.0 / 8, 0, cv::BORDER_REPLICATE);
        const int b = Pyramid::border;
        cv::copyMakeBorder(plain, pyramid.image[size_t(level)], b, b, b, b, cv::BORDER_REPLICATE);
    }
}

void searchFlow(const Pyramid &from, const Pyramid &to, const SearchSettings &settings, cv::Mat &flow) {
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (from.size(0).width < patch || from.size(0).height < patch) {
        // Too narrow for a patch (a grid so long it is a few samples across): no motion.
        flow = cv::Mat::zeros(from.size(0), CV_32FC2);
        return;
    }
    Scales scales;
    for (int level = from.levels() - 1; level >= 0; level--) {
        const Level l = levelOf(from, to, level, settings.stride);
        cv::Mat &into = level == 0 ? flow : scales.fine;
        if (avx2) searchLevelAVX2(l, settings, scales, into);
        else searchLevelPlain(l, settings, scales, into);
        if (level > 0) std::swap(scales.coarse, scales.fine);
    }
}

}  // namespace sv

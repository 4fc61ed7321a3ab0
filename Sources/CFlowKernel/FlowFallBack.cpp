#include "FlowFallBack.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace sv {
namespace {

/// The squares' half widths: 5x5 close by, 15x15 around. A row of the
/// larger square is three of the smaller side by side.
constexpr int nearRadius = 2, aroundRadius = 7, nearWidth = 2 * nearRadius + 1;
static_assert(2 * aroundRadius + 1 == 3 * nearWidth);

/// Sample `i` of an axis of `count` samples, reflected at its ends as
/// OpenCV's blur does (2 1 | 0 1 2 … n−1 | n−2 n−3); `i` is at most
/// aroundRadius beyond an end, and every plane is wider and taller than
/// that.
__attribute__((always_inline)) inline int reflect(int i, int count) {
    return i < 0 ? -i : i >= count ? 2 * count - 2 - i : i;
}

/// What every run of rows shares.
template <typename T>
struct FallBack {
    const cv::Mat &a, &b, &apart;
    cv::Mat &output;
    float t, one;
};

/// One thread's rows of whole numbers (kept from one run to the next): the
/// sums down each column of the squares around the run's current row, of
/// standing still (how far apart a and b are) and of apart, 5 and 15 rows
/// high; a row of them brought out beyond both edges; the sums of five side
/// by side across it; and the squares' sums.
struct Rows {
    int cols = 0;
    std::vector<int32_t> columns, wide, fives, squares;
    /// Rows for a plane `cols` wide, the column sums 0.
    void fit(int width) {
        cols = width;
        columns.assign(size_t(cols) * 4, 0);
        wide.resize(size_t(cols) + 2 * aroundRadius);
        fives.resize(size_t(cols) + 2 * nearWidth);
        squares.resize(size_t(cols) * 4);
    }
    int32_t *stillNear() { return columns.data(); }
    int32_t *apartNear() { return columns.data() + cols; }
    int32_t *stillAround() { return columns.data() + 2 * cols; }
    int32_t *apartAround() { return columns.data() + 3 * cols; }
};

/// Takes row `out` away from the column sums `still` and `apart` and adds
/// row `in` (either may be -1: none).
template <typename T>
__attribute__((always_inline)) inline void slide(const FallBack<T> &f, int in, int out, int32_t *__restrict still,
                                                 int32_t *__restrict apart) {
    const int cols = f.output.cols;
    if (in >= 0) {
        const T *__restrict pa = f.a.template ptr<T>(in), *__restrict pb = f.b.template ptr<T>(in);
        const uint8_t *__restrict pd = f.apart.template ptr<uint8_t>(in);
        for (int x = 0; x < cols; x++) still[x] += std::abs(int32_t(pa[x]) - int32_t(pb[x])), apart[x] += pd[x];
    }
    if (out >= 0) {
        const T *__restrict pa = f.a.template ptr<T>(out), *__restrict pb = f.b.template ptr<T>(out);
        const uint8_t *__restrict pd = f.apart.template ptr<uint8_t>(out);
        for (int x = 0; x < cols; x++) still[x] -= std::abs(int32_t(pa[x]) - int32_t(pb[x])), apart[x] -= pd[x];
    }
}

/// The sums across of the squares `radius` either side of each sample of
/// the column sums `columns`, into `into`.
__attribute__((always_inline)) inline void across(Rows &r, const int32_t *__restrict columns, int radius, int32_t *__restrict into) {
    const int cols = r.cols;
    int32_t *__restrict wide = r.wide.data();
    for (int x = 1; x <= aroundRadius; x++) wide[aroundRadius - x] = columns[reflect(-x, cols)];
    for (int x = 0; x < cols; x++) wide[aroundRadius + x] = columns[x];
    for (int x = cols; x < cols + aroundRadius; x++) wide[aroundRadius + x] = columns[reflect(x, cols)];
    // fives[i]: the five of wide around wide[i + nearRadius], the
    // sample i - (aroundRadius - nearRadius) of the row.
    const int reach = aroundRadius - nearRadius, count = cols + 2 * reach;
    int32_t *__restrict fives = r.fives.data();
    for (int i = 0; i < count; i++) fives[i] = wide[i] + wide[i + 1] + wide[i + 2] + wide[i + 3] + wide[i + 4];
    if (radius == nearRadius) {
        for (int x = 0; x < cols; x++) into[x] = fives[x + reach];
    } else {
        for (int x = 0; x < cols; x++) into[x] = fives[x + reach - nearWidth] + fives[x + reach] + fives[x + reach + nearWidth];
    }
}

template <typename T>
__attribute__((always_inline)) inline void fallBackRows(const FallBack<T> &f, const cv::Range &range) {
    const int cols = f.output.cols, rows = f.output.rows;
    thread_local Rows r;
    r.fit(cols);
    for (int k = -aroundRadius; k <= aroundRadius; k++) {
        const int y = reflect(range.start + k, rows);
        slide(f, y, -1, r.stillAround(), r.apartAround());
        if (std::abs(k) <= nearRadius) slide(f, y, -1, r.stillNear(), r.apartNear());
    }
    const float agree = 3 * f.one, clearly = 2 * f.one, doubt = 4 * f.one, torn = 12 * f.one, t = f.t;
    const float nearArea = float(nearWidth * nearWidth), aroundArea = 9 * nearArea;
    // Apart is in grey levels, standing still in samples.
    const float nearApart = nearArea / f.one, aroundApart = aroundArea / f.one;
    int32_t *stillNear = r.squares.data(), *apartNear = stillNear + cols, *stillAround = apartNear + cols,
            *apartAround = stillAround + cols;
    for (int y = range.start; y < range.end; y++) {
        if (y > range.start) {
            slide(f, reflect(y + aroundRadius, rows), reflect(y - aroundRadius - 1, rows), r.stillAround(), r.apartAround());
            slide(f, reflect(y + nearRadius, rows), reflect(y - nearRadius - 1, rows), r.stillNear(), r.apartNear());
        }
        across(r, r.stillNear(), nearRadius, stillNear);
        across(r, r.apartNear(), nearRadius, apartNear);
        across(r, r.stillAround(), aroundRadius, stillAround);
        across(r, r.apartAround(), aroundRadius, apartAround);
        const T *__restrict pa = f.a.template ptr<T>(y), *__restrict pb = f.b.template ptr<T>(y);
        T *__restrict o = f.output.template ptr<T>(y);
        for (int x = 0; x < cols; x++) {
            const float sn = float(stillNear[x]) / nearArea, dn = float(apartNear[x]) / nearApart;
            const float s = float(stillAround[x]) / aroundArea, d = float(apartAround[x]) / aroundApart;
            const float mix = float(pa[x]) + t * (float(pb[x]) - float(pa[x]));
            const float around = d / (d + s + doubt), close = dn > torn ? dn / (dn + sn + doubt) : 0;
            const float part = sn <= agree && sn + clearly < dn ? 1 : std::max(around, close);
            o[x] = T(float(o[x]) + part * (mix - float(o[x])) + 0.5f);
        }
    }
}

template <typename T>
void fallBackPlain(const FallBack<T> &f, const cv::Range &range) {
    fallBackRows(f, range);
}

/// fallBackPlain in AVX2: the same arithmetic, eight samples at a time.
template <typename T>
__attribute__((target("avx2"))) void fallBackAVX2(const FallBack<T> &f, const cv::Range &range) {
    fallBackRows(f, range);
}

template <typename T>
void run(const FallBack<T> &f) {
    static const bool avx2 = __builtin_cpu_supports("avx2");
    // A few runs of rows for each thread: each run starts its column sums
    // over the 15 rows around its first.
    const double runs = 4.0 * std::max(1, cv::getNumThreads());
    cv::parallel_for_(cv::Range(0, f.output.rows), [&](const cv::Range &range) {
        if (avx2) {
            fallBackAVX2(f, range);
        } else {
            fallBackPlain(f, range);
        }
    }, runs);
}

}  // namespace

void fallBack(const cv::Mat &a, const cv::Mat &b, const cv::Mat &apart, float t, float one, cv::Mat &output) {
    if (output.depth() == CV_8U) {
        run(FallBack<uint8_t>{a, b, apart, output, t, one});
    } else {
        run(FallBack<uint16_t>{a, b, apart, output, t, one});
    }
}

}  // namespace sv

#include "FlowKernel.h"

#include "FlowFallBack.hpp"
#include "FlowProjection.hpp"
#include "FlowSearch.hpp"
#include "FlowWarp.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>
#include <vector>

struct sv_flow {
    int width, height, shiftX, shiftY, bytes, depth;
    /// The flow's grid is the luma's size over this (1, 2, 4, …).
    int divisor;
    /// How the motion is searched for; used by prepares only, as are the
    /// next: both pictures made ready for the search (b's kept for the next
    /// pair, whose a it is), luma at 8 bits, both pictures' on the grid,
    /// where each flow points, and the round trips and finds of the checks
    /// (kept from one pair to the next, so that a prepare allocates little
    /// once the first is done).
    sv::SearchSettings settings;
    sv::Pyramid pyramidA, pyramidB;
    cv::Mat eight, gridA, gridB, forwardAt, backwardAt, returned, found;
    /// For each grid point of the output instant: where it is in a and in b,
    /// and a's part of the mix (sv::gridChannels floats: ax, ay, bx, by,
    /// part; kept from one picture to the next). This and the next two are
    /// used by interpolations only.
    cv::Mat toBoth;
    /// The motion at the output instant (kept as toBoth is).
    sv::Projection projection;
    /// For each sample of a plane of the output, how far apart the two
    /// warped pictures are there: the corner of a luma-sized plane (kept
    /// as toBoth is).
    cv::Mat apart;
};

struct sv_flow_pair {
    /// The pictures' planes (the caller's, not copied).
    cv::Mat a[3], b[3];
    /// Flow a→b and b→a on the grid, and how much each picture's pixels are seen in the other (0…1).
    cv::Mat forward, backward, seenA, seenB;
    /// b does not show what a shows.
    bool cut = false;
};

namespace {

int matType(const sv_flow *flow) { return flow->bytes == 1 ? CV_8UC1 : CV_16UC1; }

cv::Size planeSize(const sv_flow *flow, int plane) {
    if (plane == 0) return cv::Size(flow->width, flow->height);
    return cv::Size(-((-flow->width) >> flow->shiftX), -((-flow->height) >> flow->shiftY));
}

/// Luma as 8-bit at the flow's grid, for the flow, into `grid`.
void flowInput(sv_flow *flow, const cv::Mat &luma, cv::Mat &grid) {
    const bool eightBits = flow->bytes == 1;
    if (!eightBits) luma.convertTo(flow->eight, CV_8U, 1.0 / double(1 << (flow->depth - 8)));
    const cv::Mat &eight = eightBits ? luma : flow->eight;
    if (flow->divisor == 1) {
        eight.copyTo(grid);
        return;
    }
    const int d = flow->divisor;
    cv::resize(eight, grid, cv::Size((flow->width + d - 1) / d, (flow->height + d - 1) / d), 0, 0, cv::INTER_AREA);
}

/// Where `flow` takes each of its points: the point plus its motion, into `map`.
void pointedAt(const cv::Mat &flow, cv::Mat &map) {
    map.create(flow.size(), CV_32FC2);
    for (int y = 0; y < flow.rows; y++) {
        const cv::Vec2f *f = flow.ptr<cv::Vec2f>(y);
        cv::Vec2f *m = map.ptr<cv::Vec2f>(y);
        for (int x = 0; x < flow.cols; x++) m[x] = cv::Vec2f(float(x) + f[x][0], float(y) + f[x][1]);
    }
}

/// How much each pixel of the picture `there` starts from is seen in the
/// other: 1 where following `there` (whose points go to `thereAt`,
/// pointedAt(there)) and then `back` returns near the start, falling to 0
/// as the round trip's error grows past what the motion allows (Sundaram,
/// Brox and Keutzer's test, softened), into `weight`; `returned` holds
/// the round trips.
void seen(const cv::Mat &there, const cv::Mat &thereAt, const cv::Mat &back, cv::Mat &returned, cv::Mat &weight) {
    cv::remap(back, returned, thereAt, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    weight.create(there.size(), CV_32FC1);
    for (int y = 0; y < there.rows; y++) {
        const cv::Vec2f *f = there.ptr<cv::Vec2f>(y);
        const cv::Vec2f *r = returned.ptr<cv::Vec2f>(y);
        float *w = weight.ptr<float>(y);
        for (int x = 0; x < there.cols; x++) {
            float ex = f[x][0] + r[x][0], ey = f[x][1] + r[x][1];
            float error = ex * ex + ey * ey;
            float allowed = 0.01f * (f[x][0] * f[x][0] + f[x][1] * f[x][1] + r[x][0] * r[x][0] + r[x][1] * r[x][1]) + 0.5f;
            w[x] = error <= allowed ? 1.0f : std::exp(-(error - allowed) / (2.0f * allowed));
        }
    }
}

/// Whether b shows another scene than a: a fifth of a or more is neither
/// found in b by the flow (its pixel more than 24 levels from what the flow
/// points at) nor seen there, and the flow as a whole either mostly fails
/// the consistency check (under 35% of a seen in b, on average) or finds
/// what it points at more than 30 levels off on average. Measured on the
/// whole of the real footage bench/footage takes its clips from, the 9 cuts
/// of bikes.mp4 and Megamind.avi (18 pairs at the full and half rates) lose
/// 21 to 89% of a so, with 2 to 40% seen and 20 to 78 levels off on
/// average; within a shot nothing lost more than 10% (a hand sweeping
/// across tree.avi close to the camera). The cut least clear, from a black
/// frame into Megamind's first shot, lost 21%, 40% seen, 30.3 levels off.
/// `forwardAt` is pointedAt of the flow a→b; `found` holds what it points at.
bool isCut(const cv::Mat &gridA, const cv::Mat &gridB, const cv::Mat &forwardAt, const cv::Mat &seenA, const cv::Mat &seenB,
           cv::Mat &found) {
    constexpr double mismatch = 24, unseen = 0.5, share = 0.2, inconsistent = 0.35, offAverage = 30;
    cv::remap(gridB, found, forwardAt, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    long lost = 0;
    double off = 0;
    for (int y = 0; y < gridA.rows; y++) {
        const uint8_t *a = gridA.ptr<uint8_t>(y), *b = found.ptr<uint8_t>(y);
        const float *seen = seenA.ptr<float>(y);
        for (int x = 0; x < gridA.cols; x++) {
            const int error = std::abs(int(a[x]) - int(b[x]));
            off += error;
            lost += error > mismatch && seen[x] < unseen;
        }
    }
    const double points = double(gridA.total());
    const double seenShare = (cv::mean(seenA)[0] + cv::mean(seenB)[0]) / 2;
    return double(lost) >= share * points && (seenShare < inconsistent || off / points > offAverage);
}

/// Whether two 8-bit grids are the same picture.
bool same(const cv::Mat &a, const cv::Mat &b) {
    if (a.size() != b.size()) return false;
    for (int y = 0; y < a.rows; y++) {
        if (memcmp(a.ptr(y), b.ptr(y), size_t(a.cols)) != 0) return false;
    }
    return true;
}

/// The pair's flows both ways, searched side by side. b's pyramid is kept
/// for the next pair, whose a is b: a is made ready only when its grid is
/// not the last b's.
void searchBoth(sv_flow *flow, sv_flow_pair *pair) {
    flowInput(flow, pair->a[0], flow->gridA);
    const int levels = sv::searchLevels(flow->gridA.size());
    if (flow->pyramidB.levels() == levels && same(flow->gridA, flow->gridB)) {
        std::swap(flow->pyramidA, flow->pyramidB);
    } else {
        sv::buildPyramid(flow->gridA, levels, flow->pyramidA);
    }
    flowInput(flow, pair->b[0], flow->gridB);
    sv::buildPyramid(flow->gridB, levels, flow->pyramidB);
    cv::parallel_for_(cv::Range(0, 2), [&](const cv::Range &range) {
        for (int way = range.start; way < range.end; way++) {
            if (way == 0) {
                sv::searchFlow(flow->pyramidA, flow->pyramidB, flow->settings, pair->forward);
            } else {
                sv::searchFlow(flow->pyramidB, flow->pyramidA, flow->settings, pair->backward);
            }
        }
    });
}

}  // namespace

extern "C" sv_flow *sv_flow_new(int width, int height, int shiftX, int shiftY, int bytes, int depth) {
    if (width < 16 || height < 16 || (bytes != 1 && bytes != 2)) return nullptr;
    try {
        sv_flow *flow = new sv_flow();
        flow->width = width;
        flow->height = height;
        flow->shiftX = shiftX;
        flow->shiftY = shiftY;
        flow->bytes = bytes;
        flow->depth = depth;
        const sv::Search search = sv::searchFor(width, height);
        flow->divisor = search.divisor;
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
        // OpenCV's pool (TBB) synchronises with locks ThreadSanitizer cannot
        // see, so it would take every row a worker writes for a race: under
        // it the loops run on the calling thread (they share only what they
        // read, each writing rows of its own).
        cv::setNumThreads(0);
#endif
#endif
        flow->settings = search.settings;
        return flow;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void sv_flow_free(sv_flow *flow) { delete flow; }

extern "C" sv_flow_pair *sv_flow_pair_new(void) { return new (std::nothrow) sv_flow_pair(); }

extern "C" void sv_flow_pair_free(sv_flow_pair *pair) { delete pair; }

extern "C" int sv_flow_is_cut(const sv_flow_pair *pair) { return pair->cut ? 1 : 0; }

extern "C" int sv_flow_prepare(sv_flow *flow, sv_flow_pair *pair, const uint8_t *const a[3], const int aStride[3],
                               const uint8_t *const b[3], const int bStride[3]) {
    try {
        for (int plane = 0; plane < 3; plane++) {
            const cv::Size size = planeSize(flow, plane);
            pair->a[plane] = cv::Mat(size, matType(flow), const_cast<uint8_t *>(a[plane]), size_t(aStride[plane]));
            pair->b[plane] = cv::Mat(size, matType(flow), const_cast<uint8_t *>(b[plane]), size_t(bStride[plane]));
        }
        searchBoth(flow, pair);
        pointedAt(pair->forward, flow->forwardAt);
        pointedAt(pair->backward, flow->backwardAt);
        seen(pair->forward, flow->forwardAt, pair->backward, flow->returned, pair->seenA);
        seen(pair->backward, flow->backwardAt, pair->forward, flow->returned, pair->seenB);
        pair->cut = isCut(flow->gridA, flow->gridB, flow->forwardAt, pair->seenA, pair->seenB, flow->found);
        return 0;
    } catch (...) {
        return -1;
    }
}

namespace {

/// `grid` (one float a sample) at (x, y), linearly between its four nearest
/// samples, the edge samples repeated beyond the edge.
inline float sampleAt(const cv::Mat &grid, float x, float y) {
    const sv::Tap column = sv::tapAt(x, grid.cols), row = sv::tapAt(y, grid.rows);
    const float fx = column.fraction, fy = row.fraction;
    const float *top = grid.ptr<float>(row.index) + column.index, *bottom = grid.ptr<float>(row.index + 1) + column.index;
    return (1 - fy) * ((1 - fx) * top[0] + fx * top[1]) + fy * ((1 - fx) * bottom[0] + fx * bottom[1]);
}

}  // namespace

extern "C" int sv_flow_interpolate(sv_flow *flow, const sv_flow_pair *pair, double weight, uint8_t *const out[3], const int outStride[3]) {
    try {
        const float t = float(weight);
        // Where the output instant's grid point is in a and in b: along the
        // motion the two pictures' points carried to the instant give it, or,
        // where none landed, along the two flows at the grid point itself
        // (the linear-motion estimate of Jiang et al.'s Super SloMo); and
        // each picture's part: its distance from the instant, taken down
        // where what it shows there is hidden in the other.
        sv::project(pair->forward, pair->backward, pair->seenA, pair->seenB, t, flow->projection);
        const cv::Size grid = pair->forward.size();
        flow->toBoth.create(grid, CV_32FC(sv::gridChannels));
        cv::parallel_for_(cv::Range(0, grid.height), [&](const cv::Range &range) {
            for (int y = range.start; y < range.end; y++) {
                const cv::Vec2f *f = pair->forward.ptr<cv::Vec2f>(y);
                const cv::Vec2f *g = pair->backward.ptr<cv::Vec2f>(y);
                float *m = flow->toBoth.ptr<float>(y);
                for (int x = 0; x < grid.width; x++, m += sv::gridChannels) {
                    cv::Vec2f motion;
                    const bool landed = flow->projection.motion(x, y, motion);
                    const cv::Vec2f fa = landed ? cv::Vec2f(-t * motion) : cv::Vec2f(-(1 - t) * t * f[x] + t * t * g[x]);
                    const cv::Vec2f fb = landed ? cv::Vec2f((1 - t) * motion) : cv::Vec2f((1 - t) * (1 - t) * f[x] - t * (1 - t) * g[x]);
                    m[0] = float(x) + fa[0];
                    m[1] = float(y) + fa[1];
                    m[2] = float(x) + fb[0];
                    m[3] = float(y) + fb[1];
                    const float wa = (1 - t) * sampleAt(pair->seenA, m[0], m[1]), wb = t * sampleAt(pair->seenB, m[2], m[3]);
                    m[4] = wa + wb > 1e-3f ? wa / (wa + wb) : 1 - t;
                }
            }
        });
        flow->apart.create(planeSize(flow, 0), CV_8UC1);
        const float one = float(1 << (flow->depth - 8));
        for (int plane = 0; plane < 3; plane++) {
            cv::Mat output(planeSize(flow, plane), matType(flow), out[plane], size_t(outStride[plane]));
            cv::Mat apart = flow->apart(cv::Rect(cv::Point(0, 0), output.size()));
            sv::warpPlane(flow->toBoth, pair->a[plane], pair->b[plane], one, output, apart);
            sv::fallBack(pair->a[plane], pair->b[plane], apart, t, one, output);
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

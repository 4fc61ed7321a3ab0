#include "FlowKernel.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include <algorithm>
#include <cmath>
#include <new>
#include <vector>

struct sv_flow {
    int width, height, shiftX, shiftY, bytes, depth;
    /// The flow's grid is the luma's size over this (1, 2, 4, …).
    int divisor;
    /// One DIS for each way, so that the two flows are found side by side.
    cv::Ptr<cv::DISOpticalFlow> dis[2];
    /// The prepared pictures' planes (their own copies).
    cv::Mat a[3], b[3];
    /// Flow a→b and b→a on the grid, and how much each picture's pixels are seen in the other (0…1).
    cv::Mat forward, backward, seenA, seenB;
    /// For each grid point of the output instant: where it is in a and in b,
    /// and a's part of the mix (gridChannels floats: ax, ay, bx, by, part;
    /// kept from one picture to the next).
    cv::Mat toBoth;
};

namespace {

int matType(const sv_flow *flow) { return flow->bytes == 1 ? CV_8UC1 : CV_16UC1; }

cv::Size planeSize(const sv_flow *flow, int plane) {
    if (plane == 0) return cv::Size(flow->width, flow->height);
    return cv::Size(-((-flow->width) >> flow->shiftX), -((-flow->height) >> flow->shiftY));
}

/// Floats a grid point of the output instant holds (see `sv_flow::toBoth`).
constexpr int gridChannels = 5;

/// Pictures narrower than this are followed at full size.
constexpr int smallWidth = 640;

/// The flow's grid for a picture `width` wide: full size below `smallWidth`,
/// else halved until it is narrower than that (DIS's medium preset then
/// works down to half the grid). On the held-out measure a 720p picture's
/// flow on a quarter-width grid was within 0.2 dB of a half-width one's on
/// three scenes of four (0.9 dB below on a finely detailed pan, at 43.6 dB),
/// at a third of the cost.
int divisorFor(int width) {
    int divisor = 1;
    while (width / divisor >= smallWidth) divisor *= 2;
    return divisor;
}

/// Luma as 8-bit at the flow's grid, for the flow.
cv::Mat flowInput(const sv_flow *flow, const cv::Mat &luma) {
    cv::Mat eight;
    if (flow->bytes == 1) {
        eight = luma;
    } else {
        luma.convertTo(eight, CV_8U, 1.0 / double(1 << (flow->depth - 8)));
    }
    if (flow->divisor == 1) return eight.clone();
    cv::Mat grid;
    const int d = flow->divisor;
    cv::resize(eight, grid, cv::Size((flow->width + d - 1) / d, (flow->height + d - 1) / d), 0, 0, cv::INTER_AREA);
    return grid;
}

/// How much each pixel of the picture `there` starts from is seen in the
/// other: 1 where following `there` and then `back` returns near the start,
/// falling to 0 as the round trip's error grows past what the motion allows
/// (Sundaram, Brox and Keutzer's test, softened).
cv::Mat seen(const cv::Mat &there, const cv::Mat &back) {
    cv::Mat map(there.size(), CV_32FC2);
    for (int y = 0; y < there.rows; y++) {
        const cv::Vec2f *f = there.ptr<cv::Vec2f>(y);
        cv::Vec2f *m = map.ptr<cv::Vec2f>(y);
        for (int x = 0; x < there.cols; x++) m[x] = cv::Vec2f(float(x) + f[x][0], float(y) + f[x][1]);
    }
    cv::Mat returned;
    cv::remap(back, returned, map, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    cv::Mat weight(there.size(), CV_32FC1);
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
    return weight;
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
        flow->divisor = divisorFor(width);
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
        // OpenCV's pool (TBB) synchronises with locks ThreadSanitizer cannot
        // see, so it would take every row a worker writes for a race: under
        // it the loops run on the calling thread (they share only what they
        // read, each writing rows of its own).
        cv::setNumThreads(0);
#endif
#endif
        for (auto &dis : flow->dis) {
            dis = cv::DISOpticalFlow::create(cv::DISOpticalFlow::PRESET_MEDIUM);
            // A small picture is followed at full size, with patches half as
            // large again: an object of a few patches still gets one of its own.
            if (width < smallWidth) dis->setPatchSize(12);
        }
        return flow;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void sv_flow_free(sv_flow *flow) { delete flow; }

extern "C" int sv_flow_prepare(sv_flow *flow, const uint8_t *const a[3], const int aStride[3], const uint8_t *const b[3],
                               const int bStride[3]) {
    try {
        for (int plane = 0; plane < 3; plane++) {
            cv::Size size = planeSize(flow, plane);
            cv::Mat(size, matType(flow), const_cast<uint8_t *>(a[plane]), size_t(aStride[plane])).copyTo(flow->a[plane]);
            cv::Mat(size, matType(flow), const_cast<uint8_t *>(b[plane]), size_t(bStride[plane])).copyTo(flow->b[plane]);
        }
        cv::Mat gridA = flowInput(flow, flow->a[0]), gridB = flowInput(flow, flow->b[0]);
        cv::Mat found[2];
        cv::parallel_for_(cv::Range(0, 2), [&](const cv::Range &range) {
            for (int way = range.start; way < range.end; way++) {
                flow->dis[way]->calc(way == 0 ? gridA : gridB, way == 0 ? gridB : gridA, found[way]);
            }
        });
        flow->forward = found[0];
        flow->backward = found[1];
        flow->seenA = seen(flow->forward, flow->backward);
        flow->seenB = seen(flow->backward, flow->forward);
        return 0;
    } catch (...) {
        return -1;
    }
}

namespace {

/// A position along an axis of samples: the sample before it and how far
/// towards the next.
struct Tap {
    int index;
    float fraction;
};

/// Position `p` on an axis of `count` samples, the edge samples repeated
/// beyond its ends.
inline Tap tapAt(float p, int count) {
    p = std::min(std::max(p, 0.0f), float(count - 1));
    const int index = std::min(int(p), count - 2);
    return Tap{index, p - float(index)};
}

/// `grid` (one float a sample) at (x, y), linearly between its four nearest
/// samples, the edge samples repeated beyond the edge.
inline float sampleAt(const cv::Mat &grid, float x, float y) {
    const Tap column = tapAt(x, grid.cols), row = tapAt(y, grid.rows);
    const float fx = column.fraction, fy = row.fraction;
    const float *top = grid.ptr<float>(row.index) + column.index, *bottom = grid.ptr<float>(row.index + 1) + column.index;
    return (1 - fy) * ((1 - fx) * top[0] + fx * top[1]) + fy * ((1 - fx) * bottom[0] + fx * bottom[1]);
}

/// Where each of a plane's `count` samples lies on a grid of `gridCount`
/// (a sample's centre at c of the grid is at (c + ½)·count/gridCount − ½ of
/// the plane).
std::vector<Tap> taps(int count, int gridCount) {
    std::vector<Tap> result(count);
    const float scale = float(gridCount) / float(count);
    for (int i = 0; i < count; i++) result[i] = tapAt((float(i) + 0.5f) * scale - 0.5f, gridCount);
    return result;
}

/// Writes plane `plane` of the output, row by row over the cores. For each
/// row: the grid's points brought to the row (linearly between its rows and
/// columns), so each sample has its positions in a and in b and a's part;
/// the four samples around each position fetched; both pictures' values
/// there found linearly and mixed. Fetching apart from the arithmetic keeps
/// the arithmetic in loops the compiler makes vector code of.
template <typename T>
void warpPlane(const sv_flow *flow, int plane, cv::Mat &output) {
    const cv::Mat &toBoth = flow->toBoth, &a = flow->a[plane], &b = flow->b[plane];
    const std::vector<Tap> columns = taps(output.cols, toBoth.cols), rows = taps(output.rows, toBoth.rows);
    const int cols = output.cols;
    const float sx = float(cols) / float(toBoth.cols), sy = float(output.rows) / float(toBoth.rows);
    const float ox = 0.5f * sx - 0.5f, oy = 0.5f * sy - 0.5f;
    const int width = a.cols, height = a.rows;  // b's too: both are the output's size
    const int stepA = int(a.step[0] / sizeof(T)), stepB = int(b.step[0] / sizeof(T));
    cv::parallel_for_(cv::Range(0, output.rows), [&](const cv::Range &range) {
        std::vector<float> line(size_t(toBoth.cols) * gridChannels), at(size_t(cols) * gridChannels), near(size_t(cols) * 8);
        std::vector<float> fractions(size_t(cols) * 4);
        std::vector<int> offsetA(cols), offsetB(cols);
        float *ax = &at[0], *ay = ax + cols, *bx = ay + cols, *by = bx + cols, *part = by + cols;
        float *fxa = &fractions[0], *fya = fxa + cols, *fxb = fya + cols, *fyb = fxb + cols;
        float *v0 = &near[0], *v1 = v0 + cols, *v2 = v1 + cols, *v3 = v2 + cols, *v4 = v3 + cols, *v5 = v4 + cols,
              *v6 = v5 + cols, *v7 = v6 + cols;
        for (int y = range.start; y < range.end; y++) {
            const Tap row = rows[y];
            const float *upper = toBoth.ptr<float>(row.index), *lower = toBoth.ptr<float>(row.index + 1);
            for (size_t i = 0; i < line.size(); i++) line[i] = upper[i] + row.fraction * (lower[i] - upper[i]);
            for (int x = 0; x < cols; x++) {
                const Tap column = columns[x];
                const float *p = &line[size_t(column.index) * gridChannels], *q = p + gridChannels;
                ax[x] = p[0] + column.fraction * (q[0] - p[0]);
                ay[x] = p[1] + column.fraction * (q[1] - p[1]);
                bx[x] = p[2] + column.fraction * (q[2] - p[2]);
                by[x] = p[3] + column.fraction * (q[3] - p[3]);
                part[x] = p[4] + column.fraction * (q[4] - p[4]);
            }
            // Positions on the plane.
            for (int x = 0; x < cols; x++) {
                const Tap xa = tapAt(ax[x] * sx + ox, width), ya = tapAt(ay[x] * sy + oy, height);
                const Tap xb = tapAt(bx[x] * sx + ox, width), yb = tapAt(by[x] * sy + oy, height);
                fxa[x] = xa.fraction;
                fya[x] = ya.fraction;
                fxb[x] = xb.fraction;
                fyb[x] = yb.fraction;
                offsetA[x] = ya.index * stepA + xa.index;
                offsetB[x] = yb.index * stepB + xb.index;
            }
            const T *firstA = a.ptr<T>(0), *firstB = b.ptr<T>(0);
            for (int x = 0; x < cols; x++) {
                const T *pa = firstA + offsetA[x], *pb = firstB + offsetB[x];
                v0[x] = float(pa[0]), v1[x] = float(pa[1]), v2[x] = float(pa[stepA]), v3[x] = float(pa[stepA + 1]);
                v4[x] = float(pb[0]), v5[x] = float(pb[1]), v6[x] = float(pb[stepB]), v7[x] = float(pb[stepB + 1]);
            }
            T *o = output.ptr<T>(y);
            for (int x = 0; x < cols; x++) {
                const float upperA = v0[x] + fxa[x] * (v1[x] - v0[x]), lowerA = v2[x] + fxa[x] * (v3[x] - v2[x]);
                const float upperB = v4[x] + fxb[x] * (v5[x] - v4[x]), lowerB = v6[x] + fxb[x] * (v7[x] - v6[x]);
                const float va = upperA + fya[x] * (lowerA - upperA), vb = upperB + fyb[x] * (lowerB - upperB);
                o[x] = T(vb + part[x] * (va - vb) + 0.5f);
            }
        }
    });
}

}  // namespace

extern "C" int sv_flow_interpolate(sv_flow *flow, double weight, uint8_t *const out[3], const int outStride[3]) {
    try {
        const float t = float(weight);
        // Where the output instant's grid point is in a and in b, from the two
        // flows there (the linear-motion estimate of Jiang et al.'s Super
        // SloMo), and each picture's part: its distance from the instant,
        // taken down where what it shows there is hidden in the other.
        const cv::Size grid = flow->forward.size();
        flow->toBoth.create(grid, CV_32FC(gridChannels));
        cv::parallel_for_(cv::Range(0, grid.height), [&](const cv::Range &range) {
            for (int y = range.start; y < range.end; y++) {
                const cv::Vec2f *f = flow->forward.ptr<cv::Vec2f>(y);
                const cv::Vec2f *g = flow->backward.ptr<cv::Vec2f>(y);
                float *m = flow->toBoth.ptr<float>(y);
                for (int x = 0; x < grid.width; x++, m += gridChannels) {
                    const cv::Vec2f fa = -(1 - t) * t * f[x] + t * t * g[x];
                    const cv::Vec2f fb = (1 - t) * (1 - t) * f[x] - t * (1 - t) * g[x];
                    m[0] = float(x) + fa[0];
                    m[1] = float(y) + fa[1];
                    m[2] = float(x) + fb[0];
                    m[3] = float(y) + fb[1];
                    const float wa = (1 - t) * sampleAt(flow->seenA, m[0], m[1]), wb = t * sampleAt(flow->seenB, m[2], m[3]);
                    m[4] = wa + wb > 1e-3f ? wa / (wa + wb) : 1 - t;
                }
            }
        });
        for (int plane = 0; plane < 3; plane++) {
            cv::Mat output(planeSize(flow, plane), matType(flow), out[plane], size_t(outStride[plane]));
            if (flow->bytes == 1) {
                warpPlane<uint8_t>(flow, plane, output);
            } else {
                warpPlane<uint16_t>(flow, plane, output);
            }
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

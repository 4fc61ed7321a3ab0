#include "FlowKernel.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include <cmath>
#include <new>

struct sv_flow {
    int width, height, shiftX, shiftY, bytes, depth;
    cv::Ptr<cv::DISOpticalFlow> dis;
    /// The prepared pictures' planes (their own copies).
    cv::Mat a[3], b[3];
    /// Flow a→b and b→a (at the size flowInput gives), and how much each picture's pixels are seen in the other (0…1).
    cv::Mat forward, backward, seenA, seenB;
    /// Working buffers, kept from one picture to the next.
    cv::Mat toA, toB, weightA, weightB, warpedA, warpedB, scaledA, scaledB, mapA, mapB, planeA, planeB;
};

namespace {

int matType(const sv_flow *flow) { return flow->bytes == 1 ? CV_8UC1 : CV_16UC1; }

cv::Size planeSize(const sv_flow *flow, int plane) {
    if (plane == 0) return cv::Size(flow->width, flow->height);
    return cv::Size(-((-flow->width) >> flow->shiftX), -((-flow->height) >> flow->shiftY));
}

/// Pictures narrower than this are followed at full size.
constexpr int smallWidth = 640;

/// Luma as 8-bit, for the flow: at half size from `smallWidth` samples wide
/// on (the flow of a larger picture loses nothing measurable there, at a
/// quarter of the cost), at full size below.
cv::Mat flowInput(const sv_flow *flow, const cv::Mat &luma) {
    cv::Mat eight;
    if (flow->bytes == 1) {
        eight = luma;
    } else {
        luma.convertTo(eight, CV_8U, 1.0 / double(1 << (flow->depth - 8)));
    }
    if (flow->width < smallWidth) return eight.clone();
    cv::Mat half;
    cv::resize(eight, half, cv::Size((flow->width + 1) / 2, (flow->height + 1) / 2), 0, 0, cv::INTER_AREA);
    return half;
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
        flow->dis = cv::DISOpticalFlow::create(cv::DISOpticalFlow::PRESET_MEDIUM);
        // A small picture is followed at full size, with patches half as
        // large again: an object of a few patches still gets one of its own.
        if (width < smallWidth) flow->dis->setPatchSize(12);
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
        cv::Mat lumaA(planeSize(flow, 0), matType(flow), const_cast<uint8_t *>(a[0]), size_t(aStride[0]));
        cv::Mat lumaB(planeSize(flow, 0), matType(flow), const_cast<uint8_t *>(b[0]), size_t(bStride[0]));
        cv::Mat halfA = flowInput(flow, lumaA), halfB = flowInput(flow, lumaB);
        cv::Mat forward, backward;
        flow->dis->calc(halfA, halfB, forward);
        flow->dis->calc(halfB, halfA, backward);
        flow->forward = forward;
        flow->backward = backward;
        flow->seenA = seen(flow->forward, flow->backward);
        flow->seenB = seen(flow->backward, flow->forward);
        return 0;
    } catch (...) {
        return -1;
    }
}

namespace {

/// Writes `plane` of the output: both pictures' samples fetched where the
/// maps say, blended by the weights (or by the instant's distance where
/// neither picture is seen).
template <typename T>
void blendPlane(sv_flow *flow, int plane, float t, const cv::Mat &mapA, const cv::Mat &mapB, const cv::Mat &wa, const cv::Mat &wb,
                cv::Mat &output) {
    cv::remap(flow->a[plane], flow->warpedA, mapA, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    cv::remap(flow->b[plane], flow->warpedB, mapB, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    for (int y = 0; y < output.rows; y++) {
        const T *pa = flow->warpedA.ptr<T>(y), *pb = flow->warpedB.ptr<T>(y);
        const float *qa = wa.ptr<float>(y), *qb = wb.ptr<float>(y);
        T *o = output.ptr<T>(y);
        for (int x = 0; x < output.cols; x++) {
            float total = qa[x] + qb[x];
            float value = total > 1e-3f ? (qa[x] * float(pa[x]) + qb[x] * float(pb[x])) / total
                                        : (1 - t) * float(pa[x]) + t * float(pb[x]);
            o[x] = T(value + 0.5f);
        }
    }
}

}  // namespace

extern "C" int sv_flow_interpolate(sv_flow *flow, double weight, uint8_t *const out[3], const int outStride[3]) {
    try {
        const float t = float(weight);
        const cv::Size half = flow->forward.size();
        // Where the output instant's pixel x is in a and in b, from the two
        // flows at x (the linear-motion estimate of Jiang et al.'s Super
        // SloMo), at the flows' size.
        flow->toA.create(half, CV_32FC2);
        flow->toB.create(half, CV_32FC2);
        for (int y = 0; y < half.height; y++) {
            const cv::Vec2f *f = flow->forward.ptr<cv::Vec2f>(y);
            const cv::Vec2f *g = flow->backward.ptr<cv::Vec2f>(y);
            cv::Vec2f *ma = flow->toA.ptr<cv::Vec2f>(y);
            cv::Vec2f *mb = flow->toB.ptr<cv::Vec2f>(y);
            for (int x = 0; x < half.width; x++) {
                cv::Vec2f fa = -(1 - t) * t * f[x] + t * t * g[x];
                cv::Vec2f fb = (1 - t) * (1 - t) * f[x] - t * (1 - t) * g[x];
                ma[x] = cv::Vec2f(float(x) + fa[0], float(y) + fa[1]);
                mb[x] = cv::Vec2f(float(x) + fb[0], float(y) + fb[1]);
            }
        }
        cv::remap(flow->seenA, flow->weightA, flow->toA, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        flow->weightA *= (1 - t);
        cv::remap(flow->seenB, flow->weightB, flow->toB, cv::noArray(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        flow->weightB *= t;
        for (int plane = 0; plane < 3; plane++) {
            cv::Size size = planeSize(flow, plane);
            const cv::Mat *mapA = &flow->toA, *mapB = &flow->toB, *wa = &flow->weightA, *wb = &flow->weightB;
            if (size != half) {
                // The maps and weights brought to the plane's size: a sample's
                // centre at c of the flows' grid is at (c + ½)·scale − ½.
                // Scaled first, at half size: resizing is linear.
                const float sx = float(size.width) / float(half.width), sy = float(size.height) / float(half.height);
                const cv::Scalar offset(0.5f * sx - 0.5f, 0.5f * sy - 0.5f);
                cv::multiply(flow->toA, cv::Scalar(sx, sy), flow->scaledA);
                cv::multiply(flow->toB, cv::Scalar(sx, sy), flow->scaledB);
                flow->scaledA += offset;
                flow->scaledB += offset;
                cv::resize(flow->scaledA, flow->mapA, size, 0, 0, cv::INTER_LINEAR);
                cv::resize(flow->scaledB, flow->mapB, size, 0, 0, cv::INTER_LINEAR);
                cv::resize(flow->weightA, flow->planeA, size, 0, 0, cv::INTER_LINEAR);
                cv::resize(flow->weightB, flow->planeB, size, 0, 0, cv::INTER_LINEAR);
                mapA = &flow->mapA;
                mapB = &flow->mapB;
                wa = &flow->planeA;
                wb = &flow->planeB;
            }
            cv::Mat output(size, matType(flow), out[plane], size_t(outStride[plane]));
            if (flow->bytes == 1) {
                blendPlane<uint8_t>(flow, plane, t, *mapA, *mapB, *wa, *wb, output);
            } else {
                blendPlane<uint16_t>(flow, plane, t, *mapA, *mapB, *wa, *wb, output);
            }
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

#include "FlowProjection.hpp"

#include <cmath>

namespace sv {
namespace {

/// A point landing `closeness` (0…1, its bilinear weight) of the way onto
/// a grid point wins it from one seen as much by up to this.
constexpr float closeness = 0.25f;

/// Points from a and from b seen within this of each other are averaged.
constexpr float alike = 0.5f;

/// Each point of `flow` carried `s` of the way along it; a grid point keeps
/// `sign` times the flow of the point landing there that scores highest.
void carry(const cv::Mat &flow, const cv::Mat &seen, float s, float sign, cv::Mat &carried, cv::Mat &scores) {
    carried.create(flow.size(), CV_32FC2);
    scores.create(flow.size(), CV_32FC1);
    scores.setTo(-1);
    const int cols = flow.cols, rows = flow.rows;
    for (int y = 0; y < rows; y++) {
        const cv::Vec2f *f = flow.ptr<cv::Vec2f>(y);
        const float *seenHere = seen.ptr<float>(y);
        for (int x = 0; x < cols; x++) {
            const float px = float(x) + s * f[x][0], py = float(y) + s * f[x][1];
            // A motion far beyond any picture (or not a number) lands nowhere.
            if (!(std::abs(px) < 1e6f && std::abs(py) < 1e6f)) continue;
            const int x0 = int(std::floor(px)), y0 = int(std::floor(py));
            const float fx = px - float(x0), fy = py - float(y0);
            for (int k = 0; k < 4; k++) {
                const int cx = x0 + (k & 1), cy = y0 + (k >> 1);
                if (cx < 0 || cy < 0 || cx >= cols || cy >= rows) continue;
                const float weight = ((k & 1) ? fx : 1 - fx) * ((k >> 1) ? fy : 1 - fy);
                const float score = seenHere[x] + closeness * weight;
                float &best = scores.ptr<float>(cy)[cx];
                if (score > best) best = score, carried.ptr<cv::Vec2f>(cy)[cx] = sign * f[x];
            }
        }
    }
}

}  // namespace

void project(const cv::Mat &forward, const cv::Mat &backward, const cv::Mat &seenA, const cv::Mat &seenB, float t,
             Projection &projection) {
    cv::parallel_for_(cv::Range(0, 2), [&](const cv::Range &range) {
        for (int way = range.start; way < range.end; way++) {
            if (way == 0) {
                carry(forward, seenA, t, 1, projection.carried[0], projection.seen[0]);
            } else {
                carry(backward, seenB, 1 - t, -1, projection.carried[1], projection.seen[1]);
            }
        }
    });
}

bool Projection::motion(int x, int y, cv::Vec2f &motion) const {
    const float fromA = seen[0].ptr<float>(y)[x], fromB = seen[1].ptr<float>(y)[x];
    if (fromA < 0 && fromB < 0) return false;
    const cv::Vec2f &a = carried[0].ptr<cv::Vec2f>(y)[x], &b = carried[1].ptr<cv::Vec2f>(y)[x];
    if (fromA >= 0 && fromB >= 0 && std::abs(fromA - fromB) <= alike) {
        motion = 0.5f * (a + b);
    } else {
        motion = fromA > fromB ? a : b;
    }
    return true;
}

}  // namespace sv

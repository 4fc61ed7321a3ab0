#include "FlowProjection.hpp"

#include <cmath>

namespace sv {
namespace {

/// Each point of `flow` carried `s` of the way along it, to the four grid
/// points around where it lands; a grid point keeps `sign` times the flow of
/// the point landing there that is seen most, of points seen alike the
/// first (in rows from the top, each from the left).
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
            for (int k = 0; k < 4; k++) {
                const int cx = x0 + (k & 1), cy = y0 + (k >> 1);
                if (cx < 0 || cy < 0 || cx >= cols || cy >= rows) continue;
                float &best = scores.ptr<float>(cy)[cx];
                if (seenHere[x] > best) best = seenHere[x], carried.ptr<cv::Vec2f>(cy)[cx] = sign * f[x];
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

}  // namespace sv

#ifndef FLOW_WARP_HPP
#define FLOW_WARP_HPP

#include <opencv2/core.hpp>

#include <algorithm>

namespace sv {

/// Floats a grid point of the output instant holds: where it is in a (x,
/// y) and in b (x, y), and a's part of the mix.
constexpr int gridChannels = 5;

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

/// Writes `output`, a plane of the picture at the output instant: each
/// sample the mix of a's and b's planes (8 or 16-bit, the output's size)
/// at the positions `toBoth` (a grid of `gridChannels` floats a point, in
/// the grid's units) gives, between its points linearly, each picture's
/// value there found by Catmull-Rom's cubic from the 4x4 samples around it
/// (the edge samples repeated beyond the edges), the mix kept between 0 and
/// the largest sample a grey level `one` allows (256·one − 1); and
/// `apart`, how far apart the two pictures' values were at each sample (in
/// grey levels, rounded, at most 255; 8-bit, made the output's size).
void warpPlane(const cv::Mat &toBoth, const cv::Mat &a, const cv::Mat &b, float one, cv::Mat &output, cv::Mat &apart);

}  // namespace sv

#endif

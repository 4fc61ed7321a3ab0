#ifndef FLOW_SEARCH_HPP
#define FLOW_SEARCH_HPP

#include <opencv2/core.hpp>

#include <vector>

namespace sv {

/// A picture made ready for the search, once, whichever way it is searched
/// from or to: its luma at each scale (level 0 the grid itself, each next
/// one half the last), as floats with `border` samples of the edge repeated
/// around them, and the gradients of each scale (Sobel's, unbordered).
struct Pyramid {
    static constexpr int border = 16;
    std::vector<cv::Mat> image, dx, dy;
    int levels() const { return int(dx.size()); }
    cv::Size size(int level) const { return dx[size_t(level)].size(); }
};

/// How the search runs: patches 8 samples a side `stride` apart, each
/// moved by up to `descent` Gauss-Newton steps on each of its two passes at
/// every scale, stopping once a step is under `still` (in the scale's
/// samples).
struct SearchSettings {
    int stride, descent;
    float still;
};

/// How a picture's motion is looked for: on a grid the picture's size over
/// `divisor`, searched so.
struct Search {
    int divisor;
    SearchSettings settings;
};

/// The search for a picture `width` x `height`.
Search searchFor(int width, int height);

/// The number of scales for a grid `size`: down until a patch is about a
/// third of its longer side or as tall as its shorter (as DIS does: on a
/// white square passing over black, fewer scales left the black beside it
/// with motions of its own, which the warp drew over the square).
int searchLevels(cv::Size size);

/// Makes `pyramid` from an 8-bit grid, with `levels` scales.
void buildPyramid(const cv::Mat &grid, int levels, Pyramid &pyramid);

/// The motion from `from` to `to` at each point of level 0 (CV_32FC2) into
/// `flow`: Kroeger et al.'s dense inverse search, coarse to fine.
void searchFlow(const Pyramid &from, const Pyramid &to, const SearchSettings &settings, cv::Mat &flow);

}  // namespace sv

#endif

#ifndef FLOW_KERNEL_H
#define FLOW_KERNEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Motion-compensated in-between pictures (SPEC §9 --motion flow): dense
/// optical flow both ways between two pictures (a dense inverse search after
/// Kroeger et al.'s, FlowSearch, on luma, on a
/// grid of half the picture's size (under 64 samples high or wide, its
/// own), halved again until it is under 1280 samples long: 4K's is a
/// quarter of its size),
/// both warped to the instant wanted along the motion their own points carry
/// there (FlowProjection), and blended by how far
/// the instant is from each, each picture's weight taken down where
/// forward-backward consistency says what it shows is hidden in the other;
/// taken towards the crossfade where the warped pictures disagree more than
/// the two pictures do, and what stands still in both shown as it stands.
typedef struct sv_flow sv_flow;

/// The flows between two pictures, for the in-betweens made from them.
typedef struct sv_flow_pair sv_flow_pair;

/// A kernel for planar pictures `width` x `height` with chroma subsampled by
/// 2^`chroma_shift_x` and 2^`chroma_shift_y`, samples of `bytes` (1 or 2)
/// bytes of `depth` bits. NULL when it cannot be made.
sv_flow *sv_flow_new(int width, int height, int chroma_shift_x, int chroma_shift_y, int bytes, int depth);

void sv_flow_free(sv_flow *flow);

/// A pair to prepare, empty; NULL when it cannot be made.
sv_flow_pair *sv_flow_pair_new(void);

void sv_flow_pair_free(sv_flow_pair *pair);

/// Computes into `pair` the flows between pictures a and b (three planes
/// each, with their strides in bytes), for the in-betweens that follow,
/// which read the two pictures again: they must stay as they are while the
/// pair is used. 0, or -1 when OpenCV fails. One prepare at a time on a
/// kernel; it may run on one thread while sv_flow_interpolate runs on
/// another, with another pair.
int sv_flow_prepare(sv_flow *flow, sv_flow_pair *pair, const uint8_t *const a[3], const int a_stride[3], const uint8_t *const b[3],
                    const int b_stride[3]);

/// 1 when the prepared pair's b shows another scene than its a (a cut: no
/// in-between is made across it), else 0.
int sv_flow_is_cut(const sv_flow_pair *pair);

/// Writes the picture `weight` of the way from the prepared pair's a to its b
/// (0 < weight < 1). One at a time on a kernel.
int sv_flow_interpolate(sv_flow *flow, const sv_flow_pair *pair, double weight, uint8_t *const out[3], const int out_stride[3]);

#ifdef __cplusplus
}
#endif

#endif

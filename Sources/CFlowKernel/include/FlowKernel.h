#ifndef FLOW_KERNEL_H
#define FLOW_KERNEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Motion-compensated in-between pictures (SPEC §9 --motion flow): dense
/// optical flow both ways between two pictures (OpenCV's DIS, on luma, on a
/// picture up to 640 samples wide at full size, a wider one on a grid halved
/// until it is under 640 samples wide),
/// both warped to the instant wanted along the motion their own points carry
/// there (FlowProjection), and blended by how far
/// the instant is from each, each picture's weight taken down where
/// forward-backward consistency says what it shows is hidden in the other;
/// taken towards the crossfade where the warped pictures disagree more than
/// the two pictures do, and what stands still in both shown as it stands.
typedef struct sv_flow sv_flow;

/// A kernel for planar pictures `width` x `height` with chroma subsampled by
/// 2^`chroma_shift_x` and 2^`chroma_shift_y`, samples of `bytes` (1 or 2)
/// bytes of `depth` bits. NULL when it cannot be made.
sv_flow *sv_flow_new(int width, int height, int chroma_shift_x, int chroma_shift_y, int bytes, int depth);

void sv_flow_free(sv_flow *flow);

/// Computes the flows between pictures a and b (three planes each, with
/// their strides in bytes), for the in-betweens that follow, which read the
/// two pictures again: they must stay as they are until the next prepare.
/// 0, or -1 when OpenCV fails.
int sv_flow_prepare(sv_flow *flow, const uint8_t *const a[3], const int a_stride[3], const uint8_t *const b[3],
                    const int b_stride[3]);

/// 1 when the prepared b shows another scene than a (a cut: no in-between
/// is made across it), else 0.
int sv_flow_is_cut(const sv_flow *flow);

/// Writes the picture `weight` of the way from the prepared a to b (0 < weight < 1).
int sv_flow_interpolate(sv_flow *flow, double weight, uint8_t *const out[3], const int out_stride[3]);

#ifdef __cplusplus
}
#endif

#endif

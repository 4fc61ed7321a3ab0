#ifndef SCALE_VIDEO_CFFMPEG_SHIM_H
#define SCALE_VIDEO_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libavutil/timecode.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

/* Stand-ins for the macros Swift cannot import. */

static inline int sv_averror(int posix_error) { return AVERROR(posix_error); }
static const int SV_AVERROR_EOF = AVERROR_EOF;
static const int SV_AVERROR_EAGAIN = AVERROR(EAGAIN);
static const int SV_AVERROR_INVALIDDATA = AVERROR_INVALIDDATA;
static const int SV_AVERROR_ENOMEM = AVERROR(ENOMEM);
static const int SV_AVERROR_DECODER_NOT_FOUND = AVERROR_DECODER_NOT_FOUND;
static const int64_t SV_NOPTS_VALUE = AV_NOPTS_VALUE;

/* AVFrame.data and linesize import as tuples; these hand out the arrays. */
static inline const uint8_t *const *sv_frame_planes(const AVFrame *frame) {
    return (const uint8_t *const *)frame->data;
}
static inline uint8_t **sv_frame_planes_mutable(AVFrame *frame) { return frame->data; }
static inline const int *sv_frame_linesizes(const AVFrame *frame) { return frame->linesize; }


#endif

#ifndef SCALE_VIDEO_CRUBBERBAND_SHIM_H
#define SCALE_VIDEO_CRUBBERBAND_SHIM_H

#include <rubberband/rubberband-c.h>

#endif

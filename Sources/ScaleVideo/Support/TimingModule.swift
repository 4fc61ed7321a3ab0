// The pure timing code is a target of its own (no C: the compiler keeps
// FFmpeg out of it); everything here, and every program that imports
// ScaleVideo, sees its types as ScaleVideo's own.
@_exported import Timing

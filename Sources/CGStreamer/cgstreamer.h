/* GStreamer 1.x (Debian's libgstreamer1.0-dev and libgstreamer-plugins-bad1.0-dev), found through
   pkg-config gstreamer-mpegts-1.0 (which brings gstreamer-1.0); GstVideo (screenshots) from
   libgstreamer-plugins-base1.0-dev, linked by CGstShim (Package.swift). Only adhost-gst, the helper
   process that runs the pipeline, links it. */
#include <gst/gst.h>
#define GST_USE_UNSTABLE_API 1 /* GstMpegts: its API is stable in practice since 1.4 */
#include <gst/mpegts/mpegts.h>

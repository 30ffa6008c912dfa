/* The rendition and forward buffer the host pins on the adaptive demuxers (hlsdemux2,
   dashdemux2): their min-/max-bitrate and high-watermark-time, set as each is created. */
#include "cgstshim.h"
#include "shim_state.h"

static struct {
  guint min_bitrate;     /* bits/s, 0: no floor */
  guint max_bitrate;     /* bits/s, 0: no ceiling */
  guint64 buffer_ns;     /* forward buffer, 0: the demuxer's default (30 s) */
} pinned;

void gs_pin_adaptive(uint32_t min_bitrate, uint32_t max_bitrate, double buffer_seconds) {
  pinned.min_bitrate = min_bitrate;
  pinned.max_bitrate = max_bitrate;
  pinned.buffer_ns = buffer_seconds > 0 ? (guint64)(buffer_seconds * GST_SECOND) : 0;
}

void shim_pin_adaptive(GstElement *element, const char *factory) {
  if (g_strcmp0(factory, "hlsdemux2") != 0 && g_strcmp0(factory, "dashdemux2") != 0) return;
  g_object_set(element, "min-bitrate", pinned.min_bitrate, "max-bitrate", pinned.max_bitrate, NULL);
  /* The first rendition too: hlsdemux2 1.22 starts on the playlist's first variant whatever
     start-bitrate says, unless the connection's speed is fixed. A fixed speed at the ceiling (else
     the floor) makes it play the highest rendition under it, from the start, as the headless
     player does (--max-bandwidth); with no pin it measures as usual. */
  guint speed = pinned.max_bitrate > 0 ? pinned.max_bitrate : pinned.min_bitrate;
  if (speed > 0) g_object_set(element, "connection-bitrate", speed, NULL);
  /* The high watermark is capped by max-buffering-time: both move. */
  if (pinned.buffer_ns > 0)
    g_object_set(element, "high-watermark-time", pinned.buffer_ns, "max-buffering-time", pinned.buffer_ns, NULL);
}

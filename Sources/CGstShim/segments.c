/* How the engine maps media timestamps to positions: for each output pad of the adaptive demuxer
   (hlsdemux2, dashdemux2; in 1.22 they demux inside and output elementary streams), every new
   SEGMENT event and the first buffer after it: its PTS, and that PTS in stream time (the scale of
   positions). With the first PTS the host reads from the same fragment's bytes, that places each
   tag the host reads at the engine's time. */
#include "shim_state.h"

#include <gst/gst.h>

typedef struct mapping {
  gchar *pad;
  double start, time, base, first_pts, first_stream_time;
} mapping;

static gboolean deliver(gpointer data) {
  mapping *found = data;
  shim_callbacks->segment(found->pad, found->start, found->time, found->base, found->first_pts,
                          found->first_stream_time);
  return G_SOURCE_REMOVE;
}

static void free_mapping(gpointer data) {
  mapping *found = data;
  g_free(found->pad);
  g_free(found);
}

/* A SEGMENT marks the pad ("adhost-segment-pending"); the first timestamped buffer after it is
   reported with that segment. */
static GstPadProbeReturn on_data(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
  (void)data;
  if (GST_PAD_PROBE_INFO_TYPE(info) & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM) {
    if (GST_EVENT_TYPE(GST_PAD_PROBE_INFO_EVENT(info)) == GST_EVENT_SEGMENT)
      g_object_set_data(G_OBJECT(pad), "adhost-segment-pending", GINT_TO_POINTER(1));
    return GST_PAD_PROBE_OK;
  }
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
  if (!buffer || !g_object_get_data(G_OBJECT(pad), "adhost-segment-pending") ||
      !GST_BUFFER_PTS_IS_VALID(buffer))
    return GST_PAD_PROBE_OK;
  GstEvent *sticky = gst_pad_get_sticky_event(pad, GST_EVENT_SEGMENT, 0);
  if (!sticky) return GST_PAD_PROBE_OK;
  g_object_set_data(G_OBJECT(pad), "adhost-segment-pending", NULL);
  const GstSegment *segment = NULL;
  gst_event_parse_segment(sticky, &segment);
  if (segment && segment->format == GST_FORMAT_TIME) {
    mapping *found = g_new0(mapping, 1);
    found->pad = gst_pad_get_name(pad);
    found->start = shim_seconds(segment->start);
    found->time = shim_seconds(segment->time);
    found->base = shim_seconds(segment->base);
    found->first_pts = shim_seconds(GST_BUFFER_PTS(buffer));
    found->first_stream_time =
        shim_seconds(gst_segment_to_stream_time(segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer)));
    shim_on_main(deliver, found, free_mapping);
  }
  gst_event_unref(sticky);
  return GST_PAD_PROBE_OK;
}

static void on_pad_added(GstElement *demux, GstPad *pad, gpointer data) {
  (void)demux;
  (void)data;
  if (GST_PAD_DIRECTION(pad) != GST_PAD_SRC) return;
  gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, on_data, NULL, NULL);
}

void shim_watch_segments(GstElement *element, const char *factory) {
  if (g_strcmp0(factory, "hlsdemux2") != 0 && g_strcmp0(factory, "dashdemux2") != 0) return;
  g_signal_connect(element, "pad-added", G_CALLBACK(on_pad_added), NULL);
}

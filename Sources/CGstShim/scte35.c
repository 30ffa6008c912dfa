/* SCTE-35 from the engine: every tsdemux the pipeline creates (the one inside hlsdemux2 too,
   reached through deep-element-added) forwards its SCTE-35 sections as events
   (send-scte35-events, GStreamer 1.20+), with the splice times mapped to running time; a probe
   on the demuxer's first source pad reads them (tsdemux pushes each on every pad). */
#include "shim_state.h"

#include <gst/gst.h>
#define GST_USE_UNSTABLE_API 1 /* GstMpegts: its API is stable in practice since 1.4 */
#include <gst/mpegts/mpegts.h>

typedef struct splice {
  gchar *hex;
  double running;
  double stream;
} splice;

static gboolean deliver(gpointer data) {
  splice *found = data;
  shim_callbacks->scte35(found->hex, found->running, found->stream);
  return G_SOURCE_REMOVE;
}

static void free_splice(gpointer data) {
  splice *found = data;
  g_free(found->hex);
  g_free(found);
}

/* The section's splice time in running time: "splice-time" (time_signal) or the first event's
   "event-N-splice-time" (splice_insert); GST_CLOCK_TIME_NONE without one. */
static GstClockTime splice_running_time(GstEvent *event) {
  const GstStructure *structure = gst_event_get_structure(event);
  GstStructure *map = NULL;
  if (!structure || !gst_structure_get(structure, "running-time-map", GST_TYPE_STRUCTURE, &map, NULL))
    return GST_CLOCK_TIME_NONE;
  guint64 time = GST_CLOCK_TIME_NONE;
  if (!gst_structure_get_uint64(map, "splice-time", &time)) {
    for (gint i = 0; i < gst_structure_n_fields(map); i++) {
      const gchar *name = gst_structure_nth_field_name(map, i);
      if (g_str_has_suffix(name, "-splice-time") && gst_structure_get_uint64(map, name, &time)) break;
    }
  }
  gst_structure_free(map);
  return time;
}

static GstClockTime stream_time_of(GstPad *pad, GstClockTime running) {
  if (!GST_CLOCK_TIME_IS_VALID(running)) return GST_CLOCK_TIME_NONE;
  GstEvent *sticky = gst_pad_get_sticky_event(pad, GST_EVENT_SEGMENT, 0);
  if (!sticky) return GST_CLOCK_TIME_NONE;
  const GstSegment *segment = NULL;
  gst_event_parse_segment(sticky, &segment);
  GstClockTime stream = GST_CLOCK_TIME_NONE;
  if (segment && segment->format == GST_FORMAT_TIME) {
    guint64 position = gst_segment_position_from_running_time(segment, GST_FORMAT_TIME, running);
    stream = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, position);
  }
  gst_event_unref(sticky);
  return stream;
}

static GstPadProbeReturn on_event(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
  (void)data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
  if (GST_EVENT_TYPE(event) != GST_EVENT_CUSTOM_DOWNSTREAM) return GST_PAD_PROBE_OK;
  GstMpegtsSection *section = gst_event_parse_mpegts_section(event);
  if (!section) return GST_PAD_PROBE_OK;
  if (section->section_type == GST_MPEGTS_SECTION_SCTE_SIT) {
    GBytes *bytes = gst_mpegts_section_get_data(section);
    gsize size = 0;
    const guint8 *raw = bytes ? g_bytes_get_data(bytes, &size) : NULL;
    GString *hex = g_string_sized_new(size * 2);
    for (gsize i = 0; i < size; i++) g_string_append_printf(hex, "%02x", raw[i]);
    if (bytes) g_bytes_unref(bytes);
    splice *found = g_new0(splice, 1);
    found->hex = g_string_free(hex, FALSE);
    GstClockTime running = splice_running_time(event);
    found->running = shim_seconds(running);
    found->stream = shim_seconds(stream_time_of(pad, running));
    shim_on_main(deliver, found, free_splice);
  }
  gst_mpegts_section_unref(section);
  return GST_PAD_PROBE_OK;
}

static void on_pad_added(GstElement *demux, GstPad *pad, gpointer data) {
  (void)data;
  if (g_object_get_data(G_OBJECT(demux), "adhost-probed")) return;
  g_object_set_data(G_OBJECT(demux), "adhost-probed", GINT_TO_POINTER(1));
  gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, on_event, NULL, NULL);
}

static void on_element_added(GstBin *bin, GstBin *sub_bin, GstElement *element, gpointer data) {
  (void)bin;
  (void)sub_bin;
  (void)data;
  GstElementFactory *factory = gst_element_get_factory(element);
  if (!factory) return;
  shim_watch_segments(element, GST_OBJECT_NAME(factory));
  shim_pin_adaptive(element, GST_OBJECT_NAME(factory));
  if (g_strcmp0(GST_OBJECT_NAME(factory), "tsdemux") != 0) return;
  g_object_set(element, "send-scte35-events", TRUE, NULL);
  g_signal_connect(element, "pad-added", G_CALLBACK(on_pad_added), NULL);
}

/* Every element the pipeline creates, in its bins too: tsdemux for SCTE-35, the adaptive demuxers
   for their segments (segments.c) and pinned renditions (adaptive.c). */
void shim_watch_scte35(GstElement *pipeline) {
  g_signal_connect(pipeline, "deep-element-added", G_CALLBACK(on_element_added), NULL);
}

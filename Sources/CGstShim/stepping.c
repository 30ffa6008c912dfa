/* The fast mode's pace when the host steps the engine (gs_step_enable): the video sink's buffers
   pass only up to the stream time the host allowed (gs_step_until). A buffer past it is reported
   as the playhead (the time callback, on the main thread), and its streaming thread waits until
   the host allows it, a flush (a seek) or the stop releases it. So the host's timers and cues, on
   media time, run at the media time they are due, however fast the machine decodes. */
#include "cgstshim.h"
#include "shim_state.h"

#include <gst/gst.h>

static GMutex step_lock;
static GCond step_moved;
static int step_enabled;
static int step_released;
static int step_flushing;
static double step_allowed;

void gs_step_enable(int enabled) {
  g_mutex_lock(&step_lock);
  step_enabled = enabled;
  step_released = 0;
  step_allowed = 0;
  g_mutex_unlock(&step_lock);
}

int shim_stepping(void) {
  g_mutex_lock(&step_lock);
  int enabled = step_enabled;
  g_mutex_unlock(&step_lock);
  return enabled;
}

void gs_step_until(double seconds) {
  g_mutex_lock(&step_lock);
  if (seconds > step_allowed) step_allowed = seconds;
  g_cond_broadcast(&step_moved);
  g_mutex_unlock(&step_lock);
}

void shim_step_restart(double seconds) {
  g_mutex_lock(&step_lock);
  step_allowed = seconds;
  g_cond_broadcast(&step_moved);
  g_mutex_unlock(&step_lock);
}

void shim_step_release(void) {
  g_mutex_lock(&step_lock);
  step_released = 1;
  g_cond_broadcast(&step_moved);
  g_mutex_unlock(&step_lock);
}

static gboolean report_position(gpointer data) {
  shim_report_time(*(double *)data);
  return G_SOURCE_REMOVE;
}

static GstPadProbeReturn on_buffer(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
  (void)data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
  GstEvent *sticky = gst_pad_get_sticky_event(pad, GST_EVENT_SEGMENT, 0);
  if (!sticky || !GST_BUFFER_PTS_IS_VALID(buffer)) {
    if (sticky) gst_event_unref(sticky);
    return GST_PAD_PROBE_OK;
  }
  const GstSegment *segment;
  gst_event_parse_segment(sticky, &segment);
  guint64 stream = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer));
  gst_event_unref(sticky);
  if (!GST_CLOCK_TIME_IS_VALID(stream)) return GST_PAD_PROBE_OK;
  double position = shim_seconds(stream);
  g_mutex_lock(&step_lock);
  if (step_enabled && !step_released && !step_flushing && position > step_allowed) {
    double *reported = g_new(double, 1);
    *reported = position;
    shim_on_main(report_position, reported, g_free);
    while (position > step_allowed && !step_released && !step_flushing) g_cond_wait(&step_moved, &step_lock);
  }
  g_mutex_unlock(&step_lock);
  return GST_PAD_PROBE_OK;
}

/* A seek's flush releases the waiting buffer (the sink drops it) until the flush ends. */
static GstPadProbeReturn on_flush(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
  (void)pad;
  (void)data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
  g_mutex_lock(&step_lock);
  if (GST_EVENT_TYPE(event) == GST_EVENT_FLUSH_START) step_flushing = 1;
  if (GST_EVENT_TYPE(event) == GST_EVENT_FLUSH_STOP) step_flushing = 0;
  g_cond_broadcast(&step_moved);
  g_mutex_unlock(&step_lock);
  return GST_PAD_PROBE_OK;
}

void shim_watch_steps(GstElement *sink) {
  if (!shim_stepping()) return;
  GstPad *pad = gst_element_get_static_pad(sink, "sink");
  if (!pad) return;
  gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, on_buffer, NULL, NULL);
  gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_FLUSH, on_flush, NULL, NULL);
  gst_object_unref(pad);
}

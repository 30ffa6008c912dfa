/* Screenshots: the video frame shown at a media time, written to a file as PNG. A buffer probe on
   the video sink's pad (fakesink, or the window's sink with show) takes the first frame whose
   display interval reaches the time asked for; the main thread converts it (GstVideo's
   convert_sample, what playbin's convert-sample action does with the sink's last frame) and
   writes the file. */
#include "shim_state.h"

#include <errno.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <stdio.h>
#include <string.h>

typedef struct shot {
  double at;
  char *file;
} shot;

/* Screenshots asked for and not yet taken; the probe runs on the sink's streaming thread. */
static GMutex pending_lock;
static GList *pending;

/* A frame the probe took, for the main thread. */
typedef struct taken_frame {
  shot *request;
  GstSample *sample;
  double frame_time;
} taken_frame;

static void free_shot(shot *request) {
  g_free(request->file);
  g_free(request);
}

static void report_failure(shot *request, const char *why) {
  shim_callbacks->screenshot(request->file, request->at, -1, 0, 0, why);
}

/* Writes bytes to path with plain stdio: a device path stays a device (no rename over it). */
static int write_file(const char *path, const guint8 *bytes, gsize size, char *why, gsize why_size) {
  FILE *file = fopen(path, "wb");
  if (!file) {
    g_snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
    return -1;
  }
  int failed = fwrite(bytes, 1, size, file) != size;
  failed |= fclose(file) != 0;
  if (failed) g_snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
  return failed ? -1 : 0;
}

static gboolean convert_and_write(gpointer data) {
  taken_frame *frame = data;
  GstCaps *png = gst_caps_new_empty_simple("image/png");
  GError *error = NULL;
  GstSample *converted = gst_video_convert_sample(frame->sample, png, 5 * GST_SECOND, &error);
  gst_caps_unref(png);
  char why[512];
  if (!converted) {
    g_snprintf(why, sizeof why, "cannot convert the frame at %.3f s to PNG: %s", frame->frame_time,
               error ? error->message : "no reason given");
    g_clear_error(&error);
    report_failure(frame->request, why);
    return G_SOURCE_REMOVE;
  }
  GstMapInfo map;
  GstBuffer *buffer = gst_sample_get_buffer(converted);
  int width = 0, height = 0;
  GstStructure *format = gst_caps_get_structure(gst_sample_get_caps(frame->sample), 0);
  gst_structure_get_int(format, "width", &width);
  gst_structure_get_int(format, "height", &height);
  if (!buffer || !gst_buffer_map(buffer, &map, GST_MAP_READ)) {
    report_failure(frame->request, "the PNG encoder gave no bytes");
  } else {
    if (write_file(frame->request->file, map.data, map.size, why, sizeof why) == 0)
      shim_callbacks->screenshot(frame->request->file, frame->request->at, frame->frame_time, width, height,
                                 NULL);
    else
      report_failure(frame->request, why);
    gst_buffer_unmap(buffer, &map);
  }
  gst_sample_unref(converted);
  return G_SOURCE_REMOVE;
}

static void free_taken_frame(gpointer data) {
  taken_frame *frame = data;
  gst_sample_unref(frame->sample);
  free_shot(frame->request);
  g_free(frame);
}

static gboolean report_passed(gpointer data) {
  taken_frame *frame = data;
  char why[256];
  g_snprintf(why, sizeof why,
             "the video was past %.3f s when the screenshot was asked for (its next frame is at %.3f s)",
             frame->request->at, frame->frame_time);
  report_failure(frame->request, why);
  return G_SOURCE_REMOVE;
}

static GstPadProbeReturn on_frame(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
  (void)data;
  g_mutex_lock(&pending_lock);
  gboolean waiting = pending != NULL;
  g_mutex_unlock(&pending_lock);
  if (!waiting) return GST_PAD_PROBE_OK;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
  GstEvent *segment_event = gst_pad_get_sticky_event(pad, GST_EVENT_SEGMENT, 0);
  if (!segment_event || !GST_BUFFER_PTS_IS_VALID(buffer)) {
    if (segment_event) gst_event_unref(segment_event);
    return GST_PAD_PROBE_OK;
  }
  const GstSegment *segment = NULL;
  gst_event_parse_segment(segment_event, &segment);
  double start = shim_seconds(gst_segment_to_stream_time(segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer)));
  double length = GST_BUFFER_DURATION_IS_VALID(buffer) ? shim_seconds(GST_BUFFER_DURATION(buffer)) : 0.04;
  GstCaps *caps = gst_pad_get_current_caps(pad);
  g_mutex_lock(&pending_lock);
  for (GList *item = pending; item && start >= 0 && caps;) {
    GList *next = item->next;
    shot *request = item->data;
    if (start + length > request->at) {
      pending = g_list_delete_link(pending, item);
      taken_frame *frame = g_new0(taken_frame, 1);
      frame->request = request;
      frame->frame_time = start;
      frame->sample = gst_sample_new(buffer, caps, segment, NULL);
      /* A frame that starts a whole frame after the time: the one shown then went by unseen. */
      shim_on_main(start - request->at > length ? report_passed : convert_and_write, frame, free_taken_frame);
    }
    item = next;
  }
  g_mutex_unlock(&pending_lock);
  if (caps) gst_caps_unref(caps);
  gst_event_unref(segment_event);
  return GST_PAD_PROBE_OK;
}

void shim_watch_frames(GstElement *sink) {
  GstPad *pad = gst_element_get_static_pad(sink, "sink");
  if (!pad) return;
  gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, on_frame, NULL, NULL);
  gst_object_unref(pad);
}

void gs_screenshot(double seconds, const char *file) {
  shot *request = g_new0(shot, 1);
  request->at = seconds;
  request->file = g_strdup(file);
  g_mutex_lock(&pending_lock);
  pending = g_list_append(pending, request);
  g_mutex_unlock(&pending_lock);
}

void shim_fail_screenshots(const char *why, double position) {
  g_mutex_lock(&pending_lock);
  GList *left = pending;
  pending = NULL;
  g_mutex_unlock(&pending_lock);
  for (GList *item = left; item; item = item->next) {
    shot *request = item->data;
    char message[256];
    if (position < 0)
      g_snprintf(message, sizeof message, "%s before the frame at %.3f s", why, request->at);
    else
      g_snprintf(message, sizeof message, "%s at %.3f s, before the frame at %.3f s", why, position, request->at);
    report_failure(request, message);
    free_shot(request);
  }
  g_list_free(left);
}

/* The pipeline's bus: state changes, buffering, seeks done, the end, errors and the adaptive
   demuxer's fragment statistics, turned into the shim's callbacks on the main thread. */
#include "shim_state.h"

#include <gst/gst.h>
#include <string.h>

static double position_now(void) {
  gint64 position = -1;
  if (!gst_element_query_position(shim_pipeline, GST_FORMAT_TIME, &position)) return -1;
  return shim_seconds(position);
}

static void report_playing(void) {
  if (shim_play.reported_playing) return;
  shim_play.reported_playing = 1;
  shim_callbacks->state("playing", position_now());
}

/* Buffering below 100 % while playing is "waiting", and full again "playing". In real time the
   pipeline pauses meanwhile, as a player's would, lest its synchronised sinks run dry. The fast
   mode's unsynchronised sinks just wait for what comes, so the pipeline stays in PLAYING: after
   a PLAYING → PAUSED → PLAYING round of the fast pipeline (GStreamer 1.22) the video sink renders
   fewer frames than the decoder pushed; adhost-bench engine at 160x90 saw rounds end with a
   third of their frames after an early buffering dip. */
static void on_buffering(GstMessage *message) {
  gint percent = 0;
  gst_message_parse_buffering(message, &percent);
  if (percent < 100 && !shim_play.buffering) {
    shim_play.buffering = 1;
    if (shim_play.target == GST_STATE_PLAYING) {
      if (!shim_play.fast) gst_element_set_state(shim_pipeline, GST_STATE_PAUSED);
      shim_play.reported_playing = 0;
      shim_callbacks->state("waiting", position_now());
    }
  } else if (percent >= 100 && shim_play.buffering) {
    shim_play.buffering = 0;
    if (shim_play.target != GST_STATE_PLAYING) return;
    if (shim_play.fast) report_playing();
    else gst_element_set_state(shim_pipeline, GST_STATE_PLAYING);
  }
}

/* "seeked" at the engine's position. Right after a seek's ASYNC_DONE the pipeline sometimes cannot
   answer a position query yet: it is asked again every 20 ms, for up to half a second, before the
   seek's target stands in for it. A stepped sink waits at the target (an accurate seek), while
   the pipeline's position is the unsynchronised audio sink's, ahead of it: the target it is. */
static gboolean report_seeked(gpointer data) {
  int *attempts = data;
  double position = shim_pipeline && !shim_stepping() ? position_now() : -1;
  if (shim_stepping()) *attempts = 25;
  if (position < 0 && shim_pipeline && ++*attempts < 25) return G_SOURCE_CONTINUE;
  if (!shim_pipeline) return G_SOURCE_REMOVE;
  shim_callbacks->state("seeked", position < 0 ? shim_play.seek_target : position);
  GstState now = GST_STATE_NULL;
  gst_element_get_state(shim_pipeline, &now, NULL, 0);
  if (now == GST_STATE_PLAYING) report_playing();
  return G_SOURCE_REMOVE;
}

/* A state change or a seek finished: after the flush of the seek waited for, the seek's. */
static void on_async_done(void) {
  if (!g_atomic_int_get(&shim_play.seek_seqnum) || !g_atomic_int_get(&shim_play.seek_flushed)) return;
  g_atomic_int_set(&shim_play.seek_seqnum, 0);
  int *attempts = g_new0(int, 1);
  if (report_seeked(attempts) == G_SOURCE_CONTINUE) g_timeout_add_full(G_PRIORITY_DEFAULT, 20, report_seeked, attempts, g_free);
  else g_free(attempts);
}

/* GStreamer 1.22's adaptivedemux2 fails a stream whose manifest it has downloaded to its end before
   it exposed its pads ("Can't push EOS on non-exposed pad", then "Couldn't download fragments"): a
   VOD of a segment or two on a loaded machine. Before the pipeline first prerolled that says
   nothing of the content, so the pipeline is built and loaded again (playbin3 1.22 cannot preroll
   again after NULL: it asserts in reconfigure_output), up to max_loads_again times: the race is
   lost about one load in three at a load average of 8; the next failure is the error. */
enum { max_loads_again = 5 };
static gboolean load_again(gpointer data) {
  (void)data;
  shim_load_again();
  return G_SOURCE_REMOVE;
}

static int loads_again(GstMessage *message, const GError *error) {
  static int loaded_again;
  const char *source = GST_MESSAGE_SRC_NAME(message);
  if (loaded_again >= max_loads_again || shim_play.prerolled || !error || !error->message || !source) return 0;
  if (!g_str_has_prefix(source, "hlsdemux2") && !g_str_has_prefix(source, "dashdemux2")) return 0;
  if (!strstr(error->message, "Couldn't download fragments")) return 0;
  loaded_again++;
  g_idle_add(load_again, NULL);
  return 1;
}

static void on_error(GstMessage *message) {
  GError *error = NULL;
  gchar *debug = NULL;
  gst_message_parse_error(message, &error, &debug);
  if (loads_again(message, error)) {
    g_clear_error(&error);
    g_free(debug);
    return;
  }
  shim_callbacks->error(error ? error->message : "unknown error", debug ? debug : "",
                        GST_MESSAGE_SRC_NAME(message) ? GST_MESSAGE_SRC_NAME(message) : "");
  g_clear_error(&error);
  g_free(debug);
}

/* adaptivedemux2's "adaptive-streaming-statistics": one per downloaded fragment. */
static void on_element(GstMessage *message) {
  const GstStructure *structure = gst_message_get_structure(message);
  if (!structure || !gst_structure_has_name(structure, "adaptive-streaming-statistics")) return;
  const gchar *uri = gst_structure_get_string(structure, "uri");
  if (!uri) return;
  guint64 size = 0;
  GstClockTime download = GST_CLOCK_TIME_NONE;
  gst_structure_get_uint64(structure, "fragment-size", &size);
  gst_structure_get_clock_time(structure, "fragment-download-time", &download);
  shim_callbacks->fragment(uri, size, shim_seconds(download));
}

static gboolean on_message(GstBus *bus, GstMessage *message, gpointer data) {
  (void)bus;
  (void)data;
  if (!shim_pipeline) return G_SOURCE_REMOVE;
  switch (GST_MESSAGE_TYPE(message)) {
    case GST_MESSAGE_STATE_CHANGED:
      if (GST_MESSAGE_SRC(message) == GST_OBJECT(shim_pipeline)) {
        GstState old, now, pending;
        gst_message_parse_state_changed(message, &old, &now, &pending);
        if (now >= GST_STATE_PAUSED) shim_play.prerolled = 1;
        if (now == GST_STATE_PLAYING) report_playing();
      }
      break;
    case GST_MESSAGE_ASYNC_DONE: on_async_done(); break;
    case GST_MESSAGE_BUFFERING: on_buffering(message); break;
    case GST_MESSAGE_EOS:
      shim_play.reported_playing = 0;
      shim_fail_screenshots("the stream ended", position_now());
      shim_callbacks->state("ended", position_now());
      shim_report_frames();
      break;
    case GST_MESSAGE_ERROR: on_error(message); break;
    case GST_MESSAGE_ELEMENT: on_element(message); break;
    default: break;
  }
  return G_SOURCE_CONTINUE;
}

void shim_watch_bus(void) {
  GstBus *bus = gst_element_get_bus(shim_pipeline);
  gst_bus_add_watch(bus, on_message, NULL);
  gst_object_unref(bus);
}

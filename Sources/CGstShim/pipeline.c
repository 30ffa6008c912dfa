/* The pipeline: playbin3 built for a URI, the host's commands, the position timer, the frame
   counts. The main loop and stdin are in mainloop.c, bus messages in bus.c, SCTE-35 in scte35.c. */
#include "cgstshim.h"
#include "shim_state.h"

#include <gst/gst.h>
#define GST_USE_UNSTABLE_API 1 /* GstMpegts: its API is stable in practice since 1.4 */
#include <gst/mpegts/mpegts.h>

GstElement *shim_pipeline;
GstElement *shim_video_sink;
shim_playback shim_play = {.target = GST_STATE_PAUSED};

const char *gs_init(void) {
  gst_init(NULL, NULL);
  gst_mpegts_initialize();
  shim_loop = g_main_loop_new(NULL, FALSE);
  static char version[64];
  gchar *text = gst_version_string();
  g_strlcpy(version, text, sizeof version);
  g_free(text);
  return version;
}

int gs_has_element(const char *element) {
  GstElementFactory *factory = gst_element_factory_find(element);
  if (!factory) return 0;
  gst_object_unref(factory);
  return 1;
}

double shim_seconds(GstClockTime time) {
  return GST_CLOCK_TIME_IS_VALID(time) ? (double)time / GST_SECOND : -1;
}

/* The playhead, while the pipeline plays. A stepped sink reports its own (stepping.c): the
   pipeline's position, which an unsynchronised audio sink leads, would step it too far. */
static gboolean report_time(gpointer data) {
  (void)data;
  if (!shim_pipeline || !shim_play.reported_playing || shim_stepping()) return G_SOURCE_CONTINUE;
  gint64 position = -1, duration = -1;
  if (!gst_element_query_position(shim_pipeline, GST_FORMAT_TIME, &position)) return G_SOURCE_CONTINUE;
  if (!gst_element_query_duration(shim_pipeline, GST_FORMAT_TIME, &duration)) duration = -1;
  shim_callbacks->time(shim_seconds(position), duration < 0 ? -1 : shim_seconds(duration));
  return G_SOURCE_CONTINUE;
}

void shim_report_time(double position) {
  gint64 duration = -1;
  if (!shim_pipeline || !gst_element_query_duration(shim_pipeline, GST_FORMAT_TIME, &duration)) duration = -1;
  shim_callbacks->time(position, duration < 0 ? -1 : shim_seconds(duration));
}

static GstElement *make_sink(const char *factory, int sync) {
  GstElement *sink = gst_element_factory_make(factory, NULL);
  if (sink && g_object_class_find_property(G_OBJECT_GET_CLASS(sink), "sync"))
    g_object_set(sink, "sync", sync ? TRUE : FALSE, NULL);
  return sink;
}

static struct {
  gchar *uri;
  int fast, show;
} loaded;

int gs_load(const char *uri, int fast, int show) {
  if (shim_pipeline) return -1;
  if (!loaded.uri) g_timeout_add(100, report_time, NULL);
  g_free(loaded.uri);
  loaded.uri = g_strdup(uri);
  loaded.fast = fast;
  loaded.show = show;
  shim_pipeline = gst_element_factory_make("playbin3", NULL);
  if (!shim_pipeline) return -1;
  shim_play.fast = fast;
  shim_video_sink = make_sink(show ? "autovideosink" : "fakesink", !fast);
  GstElement *audio_sink = make_sink(show ? "autoaudiosink" : "fakesink", !fast);
  if (!shim_video_sink || !audio_sink) return -1;
  shim_watch_seek_flush(shim_video_sink);
  shim_watch_frames(shim_video_sink);
  shim_watch_seek_flush(audio_sink);
  shim_watch_steps(shim_video_sink);
  g_object_set(shim_pipeline, "uri", uri, "video-sink", shim_video_sink, "audio-sink", audio_sink, NULL);
  shim_watch_scte35(shim_pipeline);
  shim_watch_bus();
  shim_play.target = GST_STATE_PAUSED;
  return gst_element_set_state(shim_pipeline, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE ? -1 : 0;
}

void shim_load_again(void) {
  if (!shim_pipeline || !loaded.uri) return;
  GstState target = shim_play.target;
  int stepped = shim_stepping();
  shim_step_release();
  GstElement *old = shim_pipeline;
  shim_pipeline = NULL;
  shim_video_sink = NULL;
  gst_element_set_state(old, GST_STATE_NULL);
  gst_object_unref(old);
  gs_step_enable(stepped);
  shim_play.buffering = 0;
  shim_play.reported_playing = 0;
  gchar *uri = g_strdup(loaded.uri);
  int failed = gs_load(uri, loaded.fast, loaded.show);
  g_free(uri);
  if (failed)
    shim_callbacks->error("playbin3 could not be built again after the adaptive demuxer failed at its start "
                          "(GStreamer 1.22 on a short VOD stream); run the source again",
                          "", "adhost-gst");
  else if (target == GST_STATE_PLAYING) gs_play();
}

void gs_play(void) {
  shim_play.target = GST_STATE_PLAYING;
  if (shim_pipeline && (shim_play.fast || !shim_play.buffering)) gst_element_set_state(shim_pipeline, GST_STATE_PLAYING);
}

void gs_pause(void) {
  shim_play.target = GST_STATE_PAUSED;
  shim_play.reported_playing = 0;
  if (shim_pipeline) gst_element_set_state(shim_pipeline, GST_STATE_PAUSED);
}

void gs_seek(double seconds) {
  if (!shim_pipeline) return;
  shim_play.reported_playing = 0;
  GstEvent *seek = gst_event_new_seek(1.0, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE,
                                      GST_SEEK_TYPE_SET, (gint64)(seconds * GST_SECOND), GST_SEEK_TYPE_NONE, 0);
  shim_play.seek_target = seconds;
  shim_step_restart(seconds);
  g_atomic_int_set(&shim_play.seek_flushed, 0);
  g_atomic_int_set(&shim_play.seek_seqnum, (gint)gst_event_get_seqnum(seek));
  gst_element_send_event(shim_pipeline, seek);
}

static GstPadProbeReturn on_flush(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
  (void)pad;
  (void)data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
  /* Flush events carry the seqnum of the seek that caused them. */
  if (GST_EVENT_TYPE(event) == GST_EVENT_FLUSH_STOP &&
      (gint)gst_event_get_seqnum(event) == g_atomic_int_get(&shim_play.seek_seqnum))
    g_atomic_int_set(&shim_play.seek_flushed, 1);
  return GST_PAD_PROBE_OK;
}

void shim_watch_seek_flush(GstElement *sink) {
  GstPad *pad = gst_element_get_static_pad(sink, "sink");
  if (!pad) return;
  gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_FLUSH, on_flush, NULL, NULL);
  gst_object_unref(pad);
}

/* The video sink itself: autovideosink is a bin around the real one. */
static GstElement *rendering_sink(void) {
  if (!GST_IS_BIN(shim_video_sink)) return gst_object_ref(shim_video_sink);
  GstIterator *sinks = gst_bin_iterate_sinks(GST_BIN(shim_video_sink));
  GValue item = G_VALUE_INIT;
  GstElement *found = NULL;
  if (gst_iterator_next(sinks, &item) == GST_ITERATOR_OK) {
    found = gst_object_ref(g_value_get_object(&item));
    g_value_unset(&item);
  }
  gst_iterator_free(sinks);
  return found;
}

void shim_report_frames(void) {
  if (!shim_video_sink) return;
  GstElement *sink = rendering_sink();
  guint64 rendered = 0, dropped = 0;
  if (sink && g_object_class_find_property(G_OBJECT_GET_CLASS(sink), "stats")) {
    GstStructure *stats = NULL;
    g_object_get(sink, "stats", &stats, NULL);
    if (stats) {
      gst_structure_get_uint64(stats, "rendered", &rendered);
      gst_structure_get_uint64(stats, "dropped", &dropped);
      gst_structure_free(stats);
    }
  }
  if (sink) gst_object_unref(sink);
  shim_callbacks->frames(rendered, dropped);
}

void gs_stop(void) {
  shim_step_release();
  gint64 position = -1;
  if (shim_pipeline) gst_element_query_position(shim_pipeline, GST_FORMAT_TIME, &position);
  shim_fail_screenshots("the engine stopped", position < 0 ? -1 : (double)position / GST_SECOND);
  if (shim_pipeline) {
    shim_report_frames();
    gst_element_set_state(shim_pipeline, GST_STATE_NULL);
    gst_object_unref(shim_pipeline);
    shim_pipeline = NULL;
    shim_video_sink = NULL;
  }
  gs_quit();
}


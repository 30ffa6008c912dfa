/* What the shim's files share. Touched on the GLib main thread only. */
#ifndef SHIM_STATE_H
#define SHIM_STATE_H

#include "cgstshim.h"

#include <gst/gst.h>

extern const gs_callbacks *shim_callbacks;
extern GMainLoop *shim_loop;
extern GstElement *shim_pipeline;
extern GstElement *shim_video_sink;

/* Where the host wants the pipeline and what the engine reported last. */
typedef struct shim_playback {
  GstState target;       /* PAUSED or PLAYING, as the host asked */
  int buffering;         /* below 100 %: real time holds the pipeline in PAUSED until it is full */
  int fast;              /* unsynchronised sinks: buffering reports waiting but does not pause */
  /* The last seek's seqnum, and whether its flush reached a sink: only an ASYNC_DONE after that is
     the seek's (one of a pause just before carries no seqnum of the seek). Both atomic: a sink's
     streaming thread sets the flag. */
  gint seek_seqnum;
  gint seek_flushed;
  double seek_target;    /* seconds the last seek went to */
  int reported_playing;  /* "playing" was the last state reported */
  int prerolled;         /* the pipeline reached PAUSED once */
} shim_playback;
extern shim_playback shim_play;

/* Watches a sink's pad for the flush of the seek being waited for. */
void shim_watch_seek_flush(GstElement *sink);

/* Takes the screenshots asked for from the frames reaching a video sink (screenshot.c). */
void shim_watch_frames(GstElement *sink);

/* Reports every screenshot not yet taken as failed: why (the stream ended, the engine stopped),
   at position seconds. */
void shim_fail_screenshots(const char *why, double position);

/* Reports the video sink's frame counts. */
void shim_report_frames(void);

/* Hands fn(data) to the main thread; free_data frees data afterwards. */
void shim_on_main(GSourceFunc fn, gpointer data, GDestroyNotify free_data);

/* Builds the pipeline again for the URI loaded and brings it where the host wanted it (pipeline.c). */
void shim_load_again(void);

/* Watches the bus of shim_pipeline. */
void shim_watch_bus(void);

/* Has every tsdemux the pipeline creates forward SCTE-35 sections, and reports them. */
void shim_watch_scte35(GstElement *pipeline);

/* Reports each output pad's segments and first timestamps of an adaptive demuxer (factory). */
void shim_watch_segments(GstElement *element, const char *factory);

/* Sets the pinned bitrates and buffer (gs_pin_adaptive) on an adaptive demuxer (factory). */
void shim_pin_adaptive(GstElement *element, const char *factory);

/* Whether the host steps the video sink (gs_step_enable). */
int shim_stepping(void);
/* Steps the sink's buffers when gs_step_enable asked for it (stepping.c). */
void shim_watch_steps(GstElement *sink);
/* A seek to seconds: the stepped sink may go there and waits after it. */
void shim_step_restart(double seconds);
/* The stop: no buffer waits any more. */
void shim_step_release(void);
/* Reports the playhead at position with the pipeline's duration (the time callback). */
void shim_report_time(double position);

/* Seconds of a clock time, or -1 for GST_CLOCK_TIME_NONE. */
double shim_seconds(GstClockTime time);

#endif

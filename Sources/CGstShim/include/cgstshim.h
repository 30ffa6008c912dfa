#ifndef CGSTSHIM_H
#define CGSTSHIM_H

/* The GStreamer side of adhost-gst: one playbin3 pipeline, driven from Swift. GLib signals, pad
   probes and bus messages need C callbacks and GStreamer's macros do not import into Swift, so
   they live here; Swift owns the protocol (JSON lines). Every callback runs on the GLib main
   thread (what a streaming thread sees is handed over to it), in the order it happened. */

#include <stdint.h>

typedef struct gs_callbacks {
  /* A line read from stdin (without its newline); NULL at end of input. */
  void (*line)(const char *line);
  /* The engine's state: "playing", "waiting" (buffering), "seeked", "ended"; position in seconds
     (negative when unknown). */
  void (*state)(const char *name, double position);
  /* The playhead, at least 4 times a second while the pipeline plays; duration negative when
     unknown (live). */
  void (*time)(double position, double duration);
  /* An error of the pipeline: GStreamer's message, its debug text, the element that posted it. */
  void (*error)(const char *message, const char *debug, const char *element);
  /* A SCTE-35 splice_info_section tsdemux forwarded (send-scte35-events): its bytes as hex, and
     its splice time as tsdemux mapped it, in the pipeline's running time and in stream time
     (the position scale); negative when the section gives no splice time. */
  void (*scte35)(const char *hex, double splice_running_time, double splice_stream_time);
  /* A fragment the adaptive demuxer downloaded: its URI, size and download time. */
  void (*fragment)(const char *uri, uint64_t bytes, double seconds);
  /* A new segment on an output pad of the adaptive demuxer (pad: its name) and the first buffer
     after it: the segment's start, time and base, the buffer's PTS and its stream time (seconds). */
  void (*segment)(const char *pad, double start, double time, double base, double first_pts,
                  double first_stream_time);
  /* The video sink's counts: frames rendered and dropped. */
  void (*frames)(uint64_t rendered, uint64_t dropped);
  /* A screenshot asked for with gs_screenshot: the PNG written to file, of the frame shown at
     `at` (its stream time frame_time, its size); or, when why is not NULL, why none was written
     (frame_time negative). */
  void (*screenshot)(const char *file, double at, double frame_time, int width, int height, const char *why);
} gs_callbacks;

/* Initialises GStreamer; returns its version text (static). */
const char *gs_init(void);

/* Whether GStreamer has an element factory of this name. */
int gs_has_element(const char *element);

/* Reads stdin lines into callbacks->line from the main loop; keeps callbacks. */
void gs_watch_stdin(const gs_callbacks *callbacks);

/* Builds the pipeline for uri and takes it to PAUSED. fast: sinks unsynchronised (as fast as the
   machine decodes); show: a window (autovideosink) instead of fakesink. 0 on success. */
int gs_load(const char *uri, int fast, int show);

/* To PLAYING (or waits for buffering to finish first). */
void gs_play(void);

/* To PAUSED. */
void gs_pause(void);

/* A flushing, accurate seek to seconds. */
void gs_seek(double seconds);

/* Writes the video frame shown at `seconds` (stream time, the position's scale) to file as PNG,
   when the video reaches it (callbacks->screenshot); asked before that frame is shown. */
void gs_screenshot(double seconds, const char *file);

/* Reports the frame counts, takes the pipeline to NULL and ends the main loop. */
void gs_stop(void);

/* Pins the adaptive demuxers of the next load: the lowest and highest bitrate of the renditions
   they may play (bits/s, 0: none) and their forward buffer (seconds, 0: their default). */
void gs_pin_adaptive(uint32_t min_bitrate, uint32_t max_bitrate, double buffer_seconds);

/* Whether the next load's video sink is stepped by the host (the fast mode driven by adhost's
   scheduler): its buffers pass up to the stream time gs_step_until allowed; one past it is
   reported as the playhead (time) and waits. */
void gs_step_enable(int enabled);
/* Lets the stepped video sink's buffers pass up to seconds of stream time. */
void gs_step_until(double seconds);
/* Runs the main loop until gs_stop (or gs_quit). */
void gs_run(void);

/* Ends the main loop. */
void gs_quit(void);

#endif

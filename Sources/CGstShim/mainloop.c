/* The GLib main loop, the host's command lines on stdin, and the hand-over of what streaming
   threads see to the main thread. */
#include "cgstshim.h"
#include "shim_state.h"

#include <gst/gst.h>

const gs_callbacks *shim_callbacks;
GMainLoop *shim_loop;

typedef struct main_call {
  GSourceFunc fn;
  gpointer data;
  GDestroyNotify free_data;
} main_call;

static gboolean run_main_call(gpointer pointer) {
  main_call *call = pointer;
  call->fn(call->data);
  return G_SOURCE_REMOVE;
}

static void free_main_call(gpointer pointer) {
  main_call *call = pointer;
  if (call->free_data) call->free_data(call->data);
  g_free(call);
}

void shim_on_main(GSourceFunc fn, gpointer data, GDestroyNotify free_data) {
  main_call *call = g_new(main_call, 1);
  call->fn = fn;
  call->data = data;
  call->free_data = free_data;
  g_main_context_invoke_full(NULL, G_PRIORITY_DEFAULT, run_main_call, call, free_main_call);
}

static gboolean stdin_ready(GIOChannel *channel, GIOCondition condition, gpointer data) {
  (void)condition;
  (void)data;
  for (;;) {
    gchar *line = NULL;
    gsize terminator = 0;
    GIOStatus status = g_io_channel_read_line(channel, &line, NULL, &terminator, NULL);
    if (status == G_IO_STATUS_NORMAL && line) {
      line[terminator] = '\0';
      shim_callbacks->line(line);
      g_free(line);
      /* Another complete line may already sit in the channel's buffer. */
      if (!(g_io_channel_get_buffer_condition(channel) & G_IO_IN)) return G_SOURCE_CONTINUE;
      continue;
    }
    g_free(line);
    if (status == G_IO_STATUS_AGAIN) return G_SOURCE_CONTINUE;
    shim_callbacks->line(NULL);
    return G_SOURCE_REMOVE;
  }
}

void gs_watch_stdin(const gs_callbacks *callbacks) {
  shim_callbacks = callbacks;
  GIOChannel *channel = g_io_channel_unix_new(0);
  g_io_channel_set_encoding(channel, NULL, NULL);
  g_io_channel_set_flags(channel, G_IO_FLAG_NONBLOCK, NULL);
  g_io_add_watch(channel, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_ready, NULL);
}

void gs_run(void) { g_main_loop_run(shim_loop); }

void gs_quit(void) { g_main_loop_quit(shim_loop); }

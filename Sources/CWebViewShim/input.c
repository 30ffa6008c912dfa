/* What the host does to the view: snapshots, clicks as GDK input, round trips through the web
   process. */
#include "cwebviewshim.h"
#include "shim_state.h"

#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

static void snapshot_done(GObject *source, GAsyncResult *result, gpointer data) {
  char *path = data;
  GError *error = NULL;
  cairo_surface_t *surface = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(source), result, &error);
  if (!surface) {
    shim_callbacks->snapshot(shim_callbacks->context, path, 0, 0, error ? error->message : "no snapshot");
    g_clear_error(&error);
  } else {
    cairo_status_t status = cairo_surface_write_to_png(surface, path);
    shim_callbacks->snapshot(shim_callbacks->context, path, cairo_image_surface_get_width(surface),
                 cairo_image_surface_get_height(surface),
                 status == CAIRO_STATUS_SUCCESS ? NULL : cairo_status_to_string(status));
    cairo_surface_destroy(surface);
  }
  g_free(path);
}

void wv_snapshot(const char *path) {
  webkit_web_view_get_snapshot(shim_view, WEBKIT_SNAPSHOT_REGION_VISIBLE,
                               WEBKIT_SNAPSHOT_OPTIONS_TRANSPARENT_BACKGROUND, NULL, snapshot_done,
                               g_strdup(path));
}

static void send_pointer(GdkEventType type, double x, double y) {
  GdkWindow *target = gtk_widget_get_window(GTK_WIDGET(shim_view));
  GdkEvent *event = gdk_event_new(type);
  GdkSeat *seat = gdk_display_get_default_seat(gdk_window_get_display(target));
  gint origin_x = 0, origin_y = 0;
  gdk_window_get_origin(target, &origin_x, &origin_y);
  if (type == GDK_MOTION_NOTIFY) {
    event->motion.window = g_object_ref(target);
    event->motion.time = GDK_CURRENT_TIME;
    event->motion.x = x;
    event->motion.y = y;
    event->motion.x_root = origin_x + x;
    event->motion.y_root = origin_y + y;
  } else {
    event->button.window = g_object_ref(target);
    event->button.time = GDK_CURRENT_TIME;
    event->button.x = x;
    event->button.y = y;
    event->button.x_root = origin_x + x;
    event->button.y_root = origin_y + y;
    event->button.button = 1;
    event->button.state = type == GDK_BUTTON_RELEASE ? GDK_BUTTON1_MASK : 0;
  }
  gdk_event_set_device(event, gdk_seat_get_pointer(seat));
  gtk_main_do_event(event);
  gdk_event_free(event);
}

int wv_click(double x, double y) {
  if (!shim_view || !gtk_widget_get_window(GTK_WIDGET(shim_view))) return 0;
  send_pointer(GDK_MOTION_NOTIFY, x, y);
  send_pointer(GDK_BUTTON_PRESS, x, y);
  send_pointer(GDK_BUTTON_RELEASE, x, y);
  return 1;
}

static void sync_done(GObject *source, GAsyncResult *result, gpointer data) {
  uint64_t *token = data;
  GError *error = NULL;
  JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, &error);
  shim_callbacks->synced(shim_callbacks->context, *token, error ? error->message : NULL);
  g_clear_error(&error);
  if (value) g_object_unref(value);
  g_free(token);
}

void wv_sync(uint64_t token) {
  webkit_web_view_evaluate_javascript(shim_view, "0", -1, NULL, NULL, NULL, sync_done,
                                      g_memdup2(&token, sizeof token));
}


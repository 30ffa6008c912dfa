#include "cwebviewshim.h"
#include "proxy_trust.h"

#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

static const wv_callbacks *cb;
static GtkWidget *window;
static WebKitWebView *view;
static GHashTable *pending; /* navigation id -> WebKitPolicyDecision (owned reference) */
static uint64_t next_navigation = 1;

/* Forwards what the page writes to the console (and uncaught errors) to the console bridge:
   WebKitGTK has no console signal in the UI process; WKWebView has none either, and apps use
   the same bridge (a script message handler). */
static const char *console_bridge =
    "(function(){var h=window.webkit&&window.webkit.messageHandlers&&"
    "window.webkit.messageHandlers.adhostConsole;if(!h)return;"
    "function text(a){try{return typeof a==='string'?a:JSON.stringify(a);}catch(e){return String(a);}}"
    "['log','info','warn','error','debug'].forEach(function(level){var original=console[level];"
    "console[level]=function(){var parts=[];for(var i=0;i<arguments.length;i++)parts.push(text(arguments[i]));"
    "try{h.postMessage({level:level,message:parts.join(' ')});}catch(e){}"
    "return original.apply(console,arguments);};});"
    "window.addEventListener('error',function(e){try{h.postMessage({level:'error',message:"
    "'uncaught '+e.message+' ('+e.filename+':'+e.lineno+')'});}catch(x){}});})();";

int wv_init(void) { return gtk_init_check(NULL, NULL) ? 1 : 0; }

static gboolean stdin_ready(GIOChannel *channel, GIOCondition condition, gpointer data) {
  (void)condition;
  (void)data;
  for (;;) {
    gchar *line = NULL;
    gsize terminator = 0;
    GIOStatus status = g_io_channel_read_line(channel, &line, NULL, &terminator, NULL);
    if (status == G_IO_STATUS_NORMAL && line) {
      line[terminator] = '\0';
      cb->line(cb->context, line);
      g_free(line);
      /* Another complete line may already sit in the channel's buffer. */
      if (!(g_io_channel_get_buffer_condition(channel) & G_IO_IN)) return G_SOURCE_CONTINUE;
      continue;
    }
    g_free(line);
    if (status == G_IO_STATUS_AGAIN) return G_SOURCE_CONTINUE;
    cb->line(cb->context, NULL);
    return G_SOURCE_REMOVE;
  }
}

void wv_watch_stdin(const wv_callbacks *callbacks) {
  proxy_trust_set_callbacks(callbacks);
  cb = callbacks;
  GIOChannel *channel = g_io_channel_unix_new(0);
  g_io_channel_set_encoding(channel, NULL, NULL);
  g_io_channel_set_flags(channel, G_IO_FLAG_NONBLOCK, NULL);
  g_io_add_watch(channel, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_ready, NULL);
}

static const char *navigation_kind(WebKitNavigationType type) {
  switch (type) {
  case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: return "link";
  case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: return "form";
  case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: return "back-forward";
  case WEBKIT_NAVIGATION_TYPE_RELOAD: return "reload";
  case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: return "form-resubmit";
  default: return "other";
  }
}

static gboolean on_decide_policy(WebKitWebView *v, WebKitPolicyDecision *decision,
                                 WebKitPolicyDecisionType type, gpointer data) {
  (void)v;
  (void)data;
  if (type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE) return FALSE;
  WebKitNavigationPolicyDecision *nav = WEBKIT_NAVIGATION_POLICY_DECISION(decision);
  WebKitNavigationAction *action = webkit_navigation_policy_decision_get_navigation_action(nav);
  WebKitURIRequest *request = webkit_navigation_action_get_request(action);
  uint64_t id = next_navigation++;
  g_hash_table_insert(pending, g_memdup2(&id, sizeof id), g_object_ref(decision));
  cb->navigation(cb->context, id, webkit_uri_request_get_uri(request),
                 webkit_navigation_action_is_user_gesture(action),
                 type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION,
                 navigation_kind(webkit_navigation_action_get_navigation_type(action)),
                 webkit_navigation_action_get_frame_name(action));
  return TRUE;
}

int wv_decide(uint64_t id, int allow) {
  WebKitPolicyDecision *decision = g_hash_table_lookup(pending, &id);
  if (!decision) return 0;
  if (allow) webkit_policy_decision_use(decision);
  else webkit_policy_decision_ignore(decision);
  g_hash_table_remove(pending, &id);
  return 1;
}

static void on_load_changed(WebKitWebView *v, WebKitLoadEvent event, gpointer data) {
  (void)data;
  static const char *phases[] = {"started", "redirected", "committed", "finished"};
  const char *uri = webkit_web_view_get_uri(v);
  cb->load(cb->context, phases[event], uri ? uri : "");
}

static gboolean on_load_failed(WebKitWebView *v, WebKitLoadEvent event, gchar *uri, GError *error,
                               gpointer data) {
  (void)v;
  (void)event;
  (void)data;
  int by_policy = g_error_matches(error, WEBKIT_POLICY_ERROR,
                                  WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE) ||
                  g_error_matches(error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED);
  cb->load_failed(cb->context, uri ? uri : "", error->message, by_policy);
  return TRUE; /* no error page */
}

static void on_console(WebKitUserContentManager *manager, WebKitJavascriptResult *result,
                       gpointer data) {
  (void)manager;
  (void)data;
  JSCValue *value = webkit_javascript_result_get_js_value(result);
  char *json = jsc_value_to_json(value, 0);
  if (json) cb->console(cb->context, json);
  g_free(json);
}

static void on_close(WebKitWebView *v, gpointer data) {
  (void)v;
  (void)data;
  cb->close_requested(cb->context);
}

static GtkWidget *on_create(WebKitWebView *v, WebKitNavigationAction *action, gpointer data) {
  (void)v;
  (void)data;
  cb->create_refused(cb->context, webkit_uri_request_get_uri(webkit_navigation_action_get_request(action)),
                     webkit_navigation_action_is_user_gesture(action));
  return NULL;
}

/* The guide's view does not scroll (scrollView.isScrollEnabled = false): wheel input stops here. */
static gboolean on_scroll(GtkWidget *widget, GdkEvent *event, gpointer data) {
  (void)widget;
  (void)event;
  (void)data;
  return TRUE;
}

static void on_terminated(WebKitWebView *v, WebKitWebProcessTerminationReason reason, gpointer data) {
  (void)v;
  (void)data;
  const char *text = reason == WEBKIT_WEB_PROCESS_CRASHED              ? "crashed"
                     : reason == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT ? "exceeded its memory limit"
                                                                          : "terminated by the host";
  cb->web_process_terminated(cb->context, text);
}

static WebKitWebContext *make_context(const char *proxy, const char *certificate_pem) {
  WebKitWebsiteDataManager *data = webkit_website_data_manager_new_ephemeral();
  if (proxy) {
    /* Every scheme and no ignore list: loopback and every other host go through the proxy too. */
    const char *const none[] = {NULL};
    WebKitNetworkProxySettings *settings = webkit_network_proxy_settings_new(proxy, none);
    webkit_website_data_manager_set_network_proxy_settings(data, WEBKIT_NETWORK_PROXY_MODE_CUSTOM,
                                                           settings);
    webkit_network_proxy_settings_free(settings);
  }
  WebKitWebContext *context = webkit_web_context_new_with_website_data_manager(data);
  g_object_unref(data);
  webkit_web_context_set_cache_model(context, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER);
  if (proxy && certificate_pem && !proxy_trust_init(context, certificate_pem)) {
    g_object_unref(context);
    return NULL;
  }
  return context;
}

int wv_open(int width, int height, const char *proxy, const char *proxy_certificate_pem) {
  if (view) return 1;
  WebKitWebContext *context = make_context(proxy, proxy_certificate_pem);
  if (!context) return 1;
  pending = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
  WebKitUserContentManager *content = webkit_user_content_manager_new();
  webkit_user_content_manager_add_script(
      content, webkit_user_script_new(console_bridge, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                      WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, NULL, NULL));
  webkit_user_content_manager_register_script_message_handler(content, "adhostConsole");
  g_signal_connect(content, "script-message-received::adhostConsole", G_CALLBACK(on_console), NULL);
  /* The guide's WKWebViewConfiguration: inline media, media without a user action. */
  WebKitSettings *settings = webkit_settings_new_with_settings(
      "enable-javascript", TRUE, "media-playback-allows-inline", TRUE,
      "media-playback-requires-user-gesture", FALSE, "javascript-can-open-windows-automatically",
      FALSE, "enable-developer-extras", FALSE, NULL);
  view = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "web-context", context, "settings", settings,
                                      "user-content-manager", content, NULL));
  g_object_unref(settings);
  g_object_unref(content);
  g_object_unref(context);
  /* isOpaque = false, backgroundColor = .clear */
  GdkRGBA clear = {0, 0, 0, 0};
  webkit_web_view_set_background_color(view, &clear);
  g_signal_connect(view, "decide-policy", G_CALLBACK(on_decide_policy), NULL);
  g_signal_connect(view, "load-changed", G_CALLBACK(on_load_changed), NULL);
  g_signal_connect(view, "load-failed", G_CALLBACK(on_load_failed), NULL);
  g_signal_connect(view, "close", G_CALLBACK(on_close), NULL);
  g_signal_connect(view, "create", G_CALLBACK(on_create), NULL);
  g_signal_connect(view, "scroll-event", G_CALLBACK(on_scroll), NULL);
  g_signal_connect(view, "web-process-terminated", G_CALLBACK(on_terminated), NULL);

  window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
  gtk_window_set_default_size(GTK_WINDOW(window), width, height);
  gtk_widget_set_size_request(GTK_WIDGET(view), width, height);
  gtk_window_move(GTK_WINDOW(window), 0, 0);
  gtk_container_add(GTK_CONTAINER(window), GTK_WIDGET(view));
  gtk_widget_show_all(window);
  return 0;
}

void wv_load_uri(const char *uri) { webkit_web_view_load_uri(view, uri); }

void wv_load_html(const char *html, const char *base_uri) {
  webkit_web_view_load_alternate_html(view, html, base_uri, base_uri);
}

static void snapshot_done(GObject *source, GAsyncResult *result, gpointer data) {
  char *path = data;
  GError *error = NULL;
  cairo_surface_t *surface = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(source), result, &error);
  if (!surface) {
    cb->snapshot(cb->context, path, 0, 0, error ? error->message : "no snapshot");
    g_clear_error(&error);
  } else {
    cairo_status_t status = cairo_surface_write_to_png(surface, path);
    cb->snapshot(cb->context, path, cairo_image_surface_get_width(surface),
                 cairo_image_surface_get_height(surface),
                 status == CAIRO_STATUS_SUCCESS ? NULL : cairo_status_to_string(status));
    cairo_surface_destroy(surface);
  }
  g_free(path);
}

void wv_snapshot(const char *path) {
  webkit_web_view_get_snapshot(view, WEBKIT_SNAPSHOT_REGION_VISIBLE,
                               WEBKIT_SNAPSHOT_OPTIONS_TRANSPARENT_BACKGROUND, NULL, snapshot_done,
                               g_strdup(path));
}

static void send_pointer(GdkEventType type, double x, double y) {
  GdkWindow *target = gtk_widget_get_window(GTK_WIDGET(view));
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
  if (!view || !gtk_widget_get_window(GTK_WIDGET(view))) return 0;
  send_pointer(GDK_MOTION_NOTIFY, x, y);
  send_pointer(GDK_BUTTON_PRESS, x, y);
  send_pointer(GDK_BUTTON_RELEASE, x, y);
  return 1;
}

static void sync_done(GObject *source, GAsyncResult *result, gpointer data) {
  uint64_t *token = data;
  GError *error = NULL;
  JSCValue *value = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(source), result, &error);
  cb->synced(cb->context, *token, error ? error->message : NULL);
  g_clear_error(&error);
  if (value) g_object_unref(value);
  g_free(token);
}

void wv_sync(uint64_t token) {
  webkit_web_view_evaluate_javascript(view, "0", -1, NULL, NULL, NULL, sync_done,
                                      g_memdup2(&token, sizeof token));
}

void wv_terminate_web_process(void) {
  if (view) webkit_web_view_terminate_web_process(view);
}

void wv_run(void) { gtk_main(); }
void wv_quit(void) { gtk_main_quit(); }

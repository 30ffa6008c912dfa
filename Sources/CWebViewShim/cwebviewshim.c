/* The helper's view: the main loop, stdin, the web context behind the host's proxy, the window
   and the view, loads. Signals and policy decisions are in signals.c, input and snapshots in
   input.c. */
#include "cwebviewshim.h"
#include "proxy_trust.h"
#include "shim_state.h"

#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

const wv_callbacks *shim_callbacks;
WebKitWebView *shim_view;
static GtkWidget *window;

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
      shim_callbacks->line(shim_callbacks->context, line);
      g_free(line);
      /* Another complete line may already sit in the channel's buffer. */
      if (!(g_io_channel_get_buffer_condition(channel) & G_IO_IN)) return G_SOURCE_CONTINUE;
      continue;
    }
    g_free(line);
    if (status == G_IO_STATUS_AGAIN) return G_SOURCE_CONTINUE;
    shim_callbacks->line(shim_callbacks->context, NULL);
    return G_SOURCE_REMOVE;
  }
}

void wv_watch_stdin(const wv_callbacks *callbacks) {
  proxy_trust_set_callbacks(callbacks);
  shim_callbacks = callbacks;
  GIOChannel *channel = g_io_channel_unix_new(0);
  g_io_channel_set_encoding(channel, NULL, NULL);
  g_io_channel_set_flags(channel, G_IO_FLAG_NONBLOCK, NULL);
  g_io_add_watch(channel, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_ready, NULL);
}

static WebKitWebContext *make_context(const char *proxy, const char *certificate_pem,
                                      unsigned memory_limit_mb) {
  WebKitWebsiteDataManager *data = webkit_website_data_manager_new_ephemeral();
  if (proxy) {
    /* Every scheme and no ignore list: loopback and every other host go through the proxy too. */
    const char *const none[] = {NULL};
    WebKitNetworkProxySettings *settings = webkit_network_proxy_settings_new(proxy, none);
    webkit_website_data_manager_set_network_proxy_settings(data, WEBKIT_NETWORK_PROXY_MODE_CUSTOM,
                                                           settings);
    webkit_network_proxy_settings_free(settings);
  }
  /* The web process's memory: WebKit's memory-pressure handler polls its use, releases caches
     past fractions of the limit and, at the limit itself, ends the process ("exceeded its memory
     limit"). Without a kill threshold it never ends it, and it polls only every 30 s. */
  WebKitMemoryPressureSettings *memory = webkit_memory_pressure_settings_new();
  webkit_memory_pressure_settings_set_memory_limit(memory, memory_limit_mb);
  webkit_memory_pressure_settings_set_kill_threshold(memory, 1.0);
  webkit_memory_pressure_settings_set_poll_interval(memory, 0.5);
  WebKitWebContext *context = WEBKIT_WEB_CONTEXT(g_object_new(
      WEBKIT_TYPE_WEB_CONTEXT, "website-data-manager", data, "memory-pressure-settings", memory, NULL));
  webkit_memory_pressure_settings_free(memory);
  g_object_unref(data);
  webkit_web_context_set_cache_model(context, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER);
  if (proxy && certificate_pem && !proxy_trust_init(context, certificate_pem)) {
    g_object_unref(context);
    return NULL;
  }
  return context;
}

/* The host's proxy refuses every request without the view's secret: its 407 challenge comes
   here, and only the proxy's challenge is answered with the secret (a server's own 401 gets
   WebKit's default handling). */
static char *proxy_user, *proxy_secret;

static gboolean on_authenticate(WebKitWebView *v, WebKitAuthenticationRequest *request, gpointer data) {
  (void)v;
  (void)data;
  if (!webkit_authentication_request_is_for_proxy(request) || !proxy_secret) return FALSE;
  WebKitCredential *credential =
      webkit_credential_new(proxy_user, proxy_secret, WEBKIT_CREDENTIAL_PERSISTENCE_FOR_SESSION);
  webkit_authentication_request_authenticate(request, credential);
  webkit_credential_free(credential);
  return TRUE;
}

int wv_open(int width, int height, const char *proxy, const char *proxy_certificate_pem,
            const char *proxy_user_name, const char *proxy_password, unsigned memory_limit_mb) {
  if (shim_view) return 1;
  WebKitWebContext *context = make_context(proxy, proxy_certificate_pem, memory_limit_mb);
  if (!context) return 1;
  WebKitUserContentManager *content = webkit_user_content_manager_new();
  /* The guide's WKWebViewConfiguration: inline media, media without a user action. */
  WebKitSettings *settings = webkit_settings_new_with_settings(
      "enable-javascript", TRUE, "media-playback-allows-inline", TRUE,
      "media-playback-requires-user-gesture", FALSE, "javascript-can-open-windows-automatically",
      FALSE, "enable-developer-extras", FALSE, NULL);
  shim_view = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "web-context", context, "settings",
                                           settings, "user-content-manager", content, NULL));
  g_object_unref(settings);
  g_object_unref(context);
  /* isOpaque = false, backgroundColor = .clear */
  GdkRGBA clear = {0, 0, 0, 0};
  webkit_web_view_set_background_color(shim_view, &clear);
  shim_connect_signals(shim_view, content);
  if (proxy_user_name && proxy_password) {
    proxy_user = g_strdup(proxy_user_name);
    proxy_secret = g_strdup(proxy_password);
    g_signal_connect(shim_view, "authenticate", G_CALLBACK(on_authenticate), NULL);
  }
  g_object_unref(content);

  window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
  gtk_window_set_default_size(GTK_WINDOW(window), width, height);
  gtk_widget_set_size_request(GTK_WIDGET(shim_view), width, height);
  gtk_window_move(GTK_WINDOW(window), 0, 0);
  gtk_container_add(GTK_CONTAINER(window), GTK_WIDGET(shim_view));
  gtk_widget_show_all(window);
  return 0;
}

void wv_load_uri(const char *uri) { webkit_web_view_load_uri(shim_view, uri); }

void wv_load_html(const char *html, const char *base_uri) {
  webkit_web_view_load_alternate_html(shim_view, html, base_uri, base_uri);
}

void wv_terminate_web_process(void) {
  if (shim_view) webkit_web_view_terminate_web_process(shim_view);
}

void wv_run(void) { gtk_main(); }
void wv_quit(void) { gtk_main_quit(); }

#ifndef CWEBVIEWSHIM_H
#define CWEBVIEWSHIM_H

/* The GTK side of adhost-webview: one WebKitGTK view in a toplevel window, driven from Swift.
   GLib signals need C callbacks and GTK's macros do not import into Swift, so the signal wiring,
   the policy decisions waiting for an answer, snapshots and synthesized input live here; Swift
   owns the protocol (JSON lines) and calls these functions on GTK's main thread only. */

#include <stdint.h>

/* A navigation waiting for wv_decide(id, …). kind: "link", "form", "back-forward", "reload",
   "form-resubmit", "other"; new_window when the page asked for a new window (window.open,
   target=_blank); redirect when the server redirected an allowed navigation here; target_frame:
   the named target (NULL for none). */
typedef struct wv_navigation {
  uint64_t id;
  const char *uri;
  int user_gesture;
  int new_window;
  int redirect;
  const char *kind;
  const char *target_frame;
} wv_navigation;

typedef struct wv_callbacks {
  void *context;
  /* A line read from stdin (without its newline); NULL at end of input. */
  void (*line)(void *context, const char *line);
  /* phase: "started", "redirected", "committed" or "finished". */
  void (*load)(void *context, const char *phase, const char *uri);
  void (*load_failed)(void *context, const char *uri, const char *message, int cancelled_by_policy);
  /* A navigation waiting for wv_decide(navigation->id, …). */
  void (*navigation)(void *context, const wv_navigation *navigation);
  /* The main resource of an allowed navigation was answered (a response arrived): of the main
     frame (main_frame 1) or of another frame. */
  void (*response)(void *context, const char *uri, int main_frame);
  /* Resource load id (a document or a subresource) started (1) or ended, answered or not (0).
     uri: the request's at the start, the resource's (after redirects) at the end. */
  void (*resource)(void *context, uint64_t id, const char *uri, int started);
  /* A message the page posted to the console bridge ({level, message}): the message cut to
     WV_CONSOLE_MESSAGE_BYTES, more_bytes the length of the rest. */
  void (*console)(void *context, const char *level, const char *message, uint64_t more_bytes);
  /* The page called window.close() (WebKit's "close" signal); the view stays. */
  void (*close_requested)(void *context);
  /* The page asked for a new view (window.open; a target=_blank link whose navigation was
     allowed); none is created, as in a WKWebView without a UIDelegate. */
  void (*create_refused)(void *context, const char *uri, int user_gesture);
  /* A snapshot written (error NULL) or failed. */
  void (*snapshot)(void *context, const char *path, int width, int height, const char *error);
  void (*web_process_terminated)(void *context, const char *reason);
  /* The web process ran a script posted by wv_sync after everything sent to it before. */
  void (*synced)(void *context, uint64_t token, const char *error);
  /* wv_trust_host(host, token) took effect in WebKit's network process (ok), or could not. */
  void (*trusted)(void *context, uint64_t token, int ok);
} wv_callbacks;

/* The console's bounds: the bytes of a message kept, the messages of a view passed on. */
#define WV_CONSOLE_MESSAGE_BYTES 4096
#define WV_CONSOLE_LINES 1000

/* The console messages dropped past WV_CONSOLE_LINES. */
uint64_t wv_console_dropped(void);
/* Connects to the display ($DISPLAY); 0 when there is none. */
int wv_init(void);
/* Reads stdin line by line on the main loop, handing each line to callbacks->line. */
void wv_watch_stdin(const wv_callbacks *callbacks);
/* Creates the window and the view. proxy: the proxy URI ("http://127.0.0.1:port") every request
   goes to (NULL for direct connections), https as a tunnel the proxy answers with its own
   certificate, proxy_certificate_pem, which the view accepts for the hosts wv_trust_host names.
   proxy_user and proxy_secret: the credentials the proxy's 407 challenge is answered with (NULL:
   none). memory_limit_mb: the web process's memory limit in MiB (it is ended past it).
   Returns 0 on success, 1 when a view exists or the certificate is not one. */
int wv_open(int width, int height, const char *proxy, const char *proxy_certificate_pem,
            const char *proxy_user, const char *proxy_secret, unsigned memory_limit_mb);
/* Accepts the proxy's certificate for host from now on (the proxy is about to tunnel to it);
   callbacks->trusted reports token once WebKit's network process has it. */
void wv_trust_host(const char *host, uint64_t token);
/* A round trip through the web process: input and commands sent before it have been handled
   there when synced reports token. */
void wv_sync(uint64_t token);
void wv_load_uri(const char *uri);
void wv_load_html(const char *html, const char *base_uri);
/* Answers navigation id: allow 1 uses it, 0 ignores it. Returns 0 for an unknown id. */
int wv_decide(uint64_t id, int allow);
void wv_snapshot(const char *path);
/* A left click at (x, y) in the view's coordinates, as GDK input events. 0 when no view. */
int wv_click(double x, double y);
/* Stops the web process (a page that loops in JavaScript); the view shows nothing after it. */
void wv_terminate_web_process(void);
void wv_run(void);
void wv_quit(void);

#endif

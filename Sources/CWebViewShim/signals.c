/* The view's signals for the host: navigation policy (each decision waits for wv_decide),
   responses to navigations, load progress, the console bridge, window.close(), new windows, the
   web process's end. */
#include "cwebviewshim.h"
#include "shim_state.h"

#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

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

/* A response to a frame's navigation (main frame or not): the navigation's main resource was
   answered. Not decided here: WebKit shows it (or downloads what it cannot show). */
static void report_response(WebKitPolicyDecision *decision) {
  WebKitResponsePolicyDecision *response = WEBKIT_RESPONSE_POLICY_DECISION(decision);
  WebKitURIRequest *request = webkit_response_policy_decision_get_request(response);
  shim_callbacks->response(shim_callbacks->context, webkit_uri_request_get_uri(request),
                           webkit_response_policy_decision_is_main_frame_main_resource(response));
}

static gboolean on_decide_policy(WebKitWebView *v, WebKitPolicyDecision *decision,
                                 WebKitPolicyDecisionType type, gpointer data) {
  (void)v;
  (void)data;
  if (type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE) {
    report_response(decision);
    return FALSE;
  }
  WebKitNavigationPolicyDecision *nav = WEBKIT_NAVIGATION_POLICY_DECISION(decision);
  WebKitNavigationAction *action = webkit_navigation_policy_decision_get_navigation_action(nav);
  WebKitURIRequest *request = webkit_navigation_action_get_request(action);
  uint64_t id = next_navigation++;
  g_hash_table_insert(pending, g_memdup2(&id, sizeof id), g_object_ref(decision));
  wv_navigation navigation = {
      .id = id,
      .uri = webkit_uri_request_get_uri(request),
      .user_gesture = webkit_navigation_action_is_user_gesture(action),
      .new_window = type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION,
      .redirect = webkit_navigation_action_is_redirect(action),
      .kind = navigation_kind(webkit_navigation_action_get_navigation_type(action)),
      .target_frame = webkit_navigation_action_get_frame_name(action),
  };
  shim_callbacks->navigation(shim_callbacks->context, &navigation);
  return TRUE;
}

int wv_decide(uint64_t id, int allow) {
  if (!pending) return 0;
  WebKitPolicyDecision *decision = g_hash_table_lookup(pending, &id);
  if (!decision) return 0;
  if (allow) webkit_policy_decision_use(decision);
  else webkit_policy_decision_ignore(decision);
  g_hash_table_remove(pending, &id);
  return 1;
}

/* For a navigation the page started, the view's URI stays the old page's until the new one
   commits (WebKit shows no URL a page chose before it has content). So a load's start is reported
   with the URL of its main resource, whose load begins right after; or with the view's URI when
   the load ends before one began. */
static gboolean start_unreported;

static void report_start(const char *uri) {
  if (!start_unreported) return;
  start_unreported = FALSE;
  shim_callbacks->load(shim_callbacks->context, "started", uri ? uri : "");
}

static void on_load_changed(WebKitWebView *v, WebKitLoadEvent event, gpointer data) {
  (void)data;
  static const char *phases[] = {"started", "redirected", "committed", "finished"};
  if (event == WEBKIT_LOAD_STARTED) {
    start_unreported = TRUE;
    return;
  }
  const char *uri = webkit_web_view_get_uri(v);
  report_start(uri);
  shim_callbacks->load(shim_callbacks->context, phases[event], uri ? uri : "");
}

/* Each resource the page loads (documents, subresources), from its start to its end, so the host
   can wait until the requests a click set off were answered. "failed" comes before "finished":
   the end is reported once. */
static void on_resource_end(WebKitWebResource *resource, gpointer data) {
  (void)data;
  uint64_t *id = g_object_steal_data(G_OBJECT(resource), "adhost-resource");
  if (!id) return;
  const char *uri = webkit_web_resource_get_uri(resource);
  shim_callbacks->resource(shim_callbacks->context, *id, uri ? uri : "", 0);
  g_free(id);
}

static void on_resource_failed(WebKitWebResource *resource, GError *error, gpointer data) {
  (void)error;
  on_resource_end(resource, data);
}

static void on_resource_started(WebKitWebView *v, WebKitWebResource *resource, WebKitURIRequest *request,
                                gpointer data) {
  (void)data;
  if (webkit_web_view_get_main_resource(v) == resource) report_start(webkit_uri_request_get_uri(request));
  static uint64_t next_resource = 1;
  uint64_t id = next_resource++;
  g_object_set_data_full(G_OBJECT(resource), "adhost-resource", g_memdup2(&id, sizeof id), g_free);
  const char *uri = webkit_uri_request_get_uri(request);
  shim_callbacks->resource(shim_callbacks->context, id, uri ? uri : "", 1);
  g_signal_connect(resource, "failed", G_CALLBACK(on_resource_failed), NULL);
  g_signal_connect(resource, "finished", G_CALLBACK(on_resource_end), NULL);
}

static gboolean on_load_failed(WebKitWebView *v, WebKitLoadEvent event, gchar *uri, GError *error,
                               gpointer data) {
  (void)v;
  (void)event;
  (void)data;
  report_start(uri);
  int by_policy = g_error_matches(error, WEBKIT_POLICY_ERROR,
                                  WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE) ||
                  g_error_matches(error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED);
  shim_callbacks->load_failed(shim_callbacks->context, uri ? uri : "", error->message, by_policy);
  return TRUE; /* no error page */
}

static void on_close(WebKitWebView *v, gpointer data) {
  (void)v;
  (void)data;
  shim_callbacks->close_requested(shim_callbacks->context);
}

static GtkWidget *on_create(WebKitWebView *v, WebKitNavigationAction *action, gpointer data) {
  (void)v;
  (void)data;
  shim_callbacks->create_refused(shim_callbacks->context, webkit_uri_request_get_uri(webkit_navigation_action_get_request(action)),
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
  start_unreported = FALSE;
  shim_callbacks->web_process_terminated(shim_callbacks->context, text);
}


void shim_connect_signals(WebKitWebView *view, WebKitUserContentManager *content) {
  pending = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
  webkit_user_content_manager_add_script(
      content, webkit_user_script_new(console_bridge, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                      WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, NULL, NULL));
  webkit_user_content_manager_register_script_message_handler(content, "adhostConsole");
  g_signal_connect(content, "script-message-received::adhostConsole", G_CALLBACK(shim_console_message), NULL);
  g_signal_connect(view, "decide-policy", G_CALLBACK(on_decide_policy), NULL);
  g_signal_connect(view, "load-changed", G_CALLBACK(on_load_changed), NULL);
  g_signal_connect(view, "load-failed", G_CALLBACK(on_load_failed), NULL);
  g_signal_connect(view, "resource-load-started", G_CALLBACK(on_resource_started), NULL);
  g_signal_connect(view, "close", G_CALLBACK(on_close), NULL);
  g_signal_connect(view, "create", G_CALLBACK(on_create), NULL);
  g_signal_connect(view, "scroll-event", G_CALLBACK(on_scroll), NULL);
  g_signal_connect(view, "web-process-terminated", G_CALLBACK(on_terminated), NULL);
}

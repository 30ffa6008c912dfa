#ifndef SHIM_STATE_H
#define SHIM_STATE_H

#include "cwebviewshim.h"
#include <webkit2/webkit2.h>

/* What the shim's files share: the callbacks (wv_watch_stdin) and the one view (wv_open). */
extern const wv_callbacks *shim_callbacks;
extern WebKitWebView *shim_view;

/* Connects the view's signals (policy, load, close, new windows, scrolling, the web process) and
   the console bridge of its content manager to the callbacks. */
void shim_connect_signals(WebKitWebView *view, WebKitUserContentManager *content);

/* A message of the console bridge: bounded, then handed to the callbacks (console.c). */
void shim_console_message(WebKitUserContentManager *manager, WebKitJavascriptResult *result, gpointer data);

#endif

/* The console bridge's messages, bounded: each message is cut to WV_CONSOLE_MESSAGE_BYTES bytes
   (at a UTF-8 character boundary, the rest counted), and after WV_CONSOLE_LINES messages of a
   view the others are only counted (wv_console_dropped). The page can post to the bridge
   directly, with any value: nothing of it is trusted to be small. */
#include "cwebviewshim.h"
#include "shim_state.h"

#include <string.h>
#include <webkit2/webkit2.h>

static uint64_t console_lines;
static uint64_t console_dropped;

uint64_t wv_console_dropped(void) { return console_dropped; }

/* The property `name` of an object value as a string, or NULL. */
static char *string_property(JSCValue *value, const char *name) {
  if (!jsc_value_is_object(value)) return NULL;
  JSCValue *property = jsc_value_object_get_property(value, name);
  char *text = property && jsc_value_is_string(property) ? jsc_value_to_string(property) : NULL;
  if (property) g_object_unref(property);
  return text;
}

void shim_console_message(WebKitUserContentManager *manager, WebKitJavascriptResult *result, gpointer data) {
  (void)manager;
  (void)data;
  if (console_lines >= WV_CONSOLE_LINES) {
    console_dropped++;
    return;
  }
  console_lines++;
  JSCValue *value = webkit_javascript_result_get_js_value(result);
  char *level = string_property(value, "level");
  char *message = string_property(value, "message");
  if (!message) message = jsc_value_to_string(value);
  size_t length = message ? strlen(message) : 0;
  size_t kept = length;
  if (kept > WV_CONSOLE_MESSAGE_BYTES) {
    kept = WV_CONSOLE_MESSAGE_BYTES;
    /* Back to the start of a character: never half of one. */
    while (kept > 0 && ((unsigned char)message[kept] & 0xC0) == 0x80) kept--;
    message[kept] = '\0';
  }
  const char *shown_level = level && strlen(level) <= 16 ? level : "log";
  shim_callbacks->console(shim_callbacks->context, shown_level, message ? message : "", length - kept);
  g_free(level);
  g_free(message);
}

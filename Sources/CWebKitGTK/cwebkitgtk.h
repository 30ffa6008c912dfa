/* WebKitGTK (Debian's libwebkit2gtk-4.1-dev, GTK 3), found through pkg-config webkit2gtk-4.1.
   Only adhost-webview (the helper process that hosts the engine) links it. */
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

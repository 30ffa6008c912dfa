#ifndef PROXY_TRUST_H
#define PROXY_TRUST_H

#include "cwebviewshim.h"
#include <webkit2/webkit2.h>

/* Keeps the context and the host proxy's certificate (PEM) for wv_trust_host. 0 when the PEM is
   not a certificate. */
int proxy_trust_init(WebKitWebContext *context, const char *certificate_pem);
/* The callbacks wv_trust_host answers through (those wv_watch_stdin got). */
void proxy_trust_set_callbacks(const wv_callbacks *callbacks);

#endif

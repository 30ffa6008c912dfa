#include "cwebviewshim.h"
#include "proxy_trust.h"

/* The one certificate this view accepts without a check: the host proxy's, made for the run, and
   only for the hosts the proxy tunnels to (wv_trust_host, before the proxy answers the CONNECT).
   Every other certificate gets WebKit's normal check. */
static const wv_callbacks *trust_callbacks;
static WebKitWebContext *trust_context;
static GTlsCertificate *proxy_certificate;

void proxy_trust_set_callbacks(const wv_callbacks *callbacks) { trust_callbacks = callbacks; }

int proxy_trust_init(WebKitWebContext *context, const char *certificate_pem) {
  GError *error = NULL;
  GTlsCertificate *certificate = g_tls_certificate_new_from_pem(certificate_pem, -1, &error);
  if (!certificate) {
    g_clear_error(&error);
    return 0;
  }
  trust_context = context;
  proxy_certificate = certificate;
  return 1;
}

static void fetched(GObject *source, GAsyncResult *result, gpointer data) {
  uint64_t *token = data;
  GList *items = webkit_website_data_manager_fetch_finish(WEBKIT_WEBSITE_DATA_MANAGER(source), result, NULL);
  g_list_free_full(items, (GDestroyNotify)webkit_website_data_unref);
  trust_callbacks->trusted(trust_callbacks->context, *token, 1);
  g_free(token);
}

void wv_trust_host(const char *host, uint64_t token) {
  if (!trust_context || !proxy_certificate || !host || !*host) {
    trust_callbacks->trusted(trust_callbacks->context, token, 0);
    return;
  }
  /* The allowance is a message to WebKit's network process, which does the TLS; it is not
     answered. A website-data fetch after it, on the same connection, is: once that answer came,
     the network process has the allowance, and the proxy may open the tunnel. */
  webkit_web_context_allow_tls_certificate_for_host(trust_context, proxy_certificate, host);
  WebKitWebsiteDataManager *data = webkit_web_context_get_website_data_manager(trust_context);
  webkit_website_data_manager_fetch(data, WEBKIT_WEBSITE_DATA_COOKIES, NULL, fetched,
                                    g_memdup2(&token, sizeof token));
}

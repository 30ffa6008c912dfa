/* GnuTLS (Debian's libgnutls28-dev), found through pkg-config gnutls: the TLS server of the display
   engine's loopback proxy (CTLSShim), and the tests' TLS client. */
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

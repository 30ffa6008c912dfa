#include "ctlsshim.h"

#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include <gnutls/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Holds the credentials only: GnuTLS copies the certificate and key into them. */
struct tls_identity {
  gnutls_certificate_credentials_t credentials;
  char *certificate_pem; /* for the client that is told to accept it (NUL-terminated) */
};

static int fail(char *error, size_t error_size, const char *step, int code) {
  snprintf(error, error_size, "%s: %s", step, gnutls_strerror(code));
  return code;
}

/* Signs a self-signed server certificate for key into certificate. */
static int make_certificate(gnutls_x509_crt_t certificate, gnutls_x509_privkey_t key, char *error,
                            size_t error_size) {
  unsigned char serial[16];
  int code = gnutls_rnd(GNUTLS_RND_NONCE, serial, sizeof serial);
  if (code < 0) return fail(error, error_size, "random serial", code);
  serial[0] &= 0x7f; /* a positive integer */
  static const char name[] = "adhost loopback proxy";
  time_t now = time(NULL);
  if ((code = gnutls_x509_crt_set_version(certificate, 3)) < 0 ||
      (code = gnutls_x509_crt_set_serial(certificate, serial, sizeof serial)) < 0 ||
      (code = gnutls_x509_crt_set_activation_time(certificate, now - 3600)) < 0 ||
      (code = gnutls_x509_crt_set_expiration_time(certificate, now + 7 * 24 * 3600)) < 0 ||
      (code = gnutls_x509_crt_set_dn_by_oid(certificate, GNUTLS_OID_X520_COMMON_NAME, 0, name,
                                            sizeof name - 1)) < 0 ||
      (code = gnutls_x509_crt_set_key(certificate, key)) < 0 ||
      (code = gnutls_x509_crt_set_basic_constraints(certificate, 0, -1)) < 0 ||
      (code = gnutls_x509_crt_set_key_usage(certificate, GNUTLS_KEY_DIGITAL_SIGNATURE)) < 0 ||
      (code = gnutls_x509_crt_set_key_purpose_oid(certificate, GNUTLS_KP_TLS_WWW_SERVER, 0)) < 0 ||
      (code = gnutls_x509_crt_sign2(certificate, certificate, key, GNUTLS_DIG_SHA256, 0)) < 0)
    return fail(error, error_size, "self-signed certificate", code);
  return 0;
}

/* The certificate as PEM text, in a malloc'd NUL-terminated string. */
static int export_pem(gnutls_x509_crt_t certificate, char **pem) {
  gnutls_datum_t data = {NULL, 0};
  int code = gnutls_x509_crt_export2(certificate, GNUTLS_X509_FMT_PEM, &data);
  if (code < 0) return code;
  *pem = malloc(data.size + 1);
  if (*pem) {
    memcpy(*pem, data.data, data.size);
    (*pem)[data.size] = '\0';
  }
  gnutls_free(data.data);
  return *pem ? 0 : GNUTLS_E_MEMORY_ERROR;
}

tls_identity *tls_identity_new(char *error, size_t error_size) {
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t certificate = NULL;
  tls_identity *identity = calloc(1, sizeof *identity);
  int code = identity ? 0 : GNUTLS_E_MEMORY_ERROR;
  if (code < 0) {
    fail(error, error_size, "identity", code);
  } else if ((code = gnutls_x509_privkey_init(&key)) < 0 ||
             (code = gnutls_x509_privkey_generate(
                  key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0)) < 0) {
    fail(error, error_size, "ECDSA P-256 key", code);
  } else if ((code = gnutls_x509_crt_init(&certificate)) < 0) {
    fail(error, error_size, "certificate", code);
  } else if ((code = make_certificate(certificate, key, error, error_size)) < 0) {
    /* error says why */
  } else if ((code = export_pem(certificate, &identity->certificate_pem)) < 0) {
    fail(error, error_size, "certificate as PEM", code);
  } else if ((code = gnutls_certificate_allocate_credentials(&identity->credentials)) < 0 ||
             (code = gnutls_certificate_set_x509_key(identity->credentials, &certificate, 1, key)) < 0) {
    fail(error, error_size, "server credentials", code);
  }
  if (certificate) gnutls_x509_crt_deinit(certificate);
  if (key) gnutls_x509_privkey_deinit(key);
  if (code < 0) {
    tls_identity_free(identity);
    return NULL;
  }
  return identity;
}

void tls_identity_free(tls_identity *identity) {
  if (!identity) return;
  if (identity->credentials) gnutls_certificate_free_credentials(identity->credentials);
  free(identity->certificate_pem);
  free(identity);
}

/* The credentials, for tls_session.c. */
gnutls_certificate_credentials_t tls_identity_credentials(const tls_identity *identity) {
  return identity->credentials;
}

const char *tls_identity_certificate_pem(const tls_identity *identity) { return identity->certificate_pem; }

#include "ctlsshim.h"

#include <gnutls/gnutls.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/time.h>

gnutls_certificate_credentials_t tls_identity_credentials(const tls_identity *identity);

struct tls_session {
  gnutls_session_t session;
};

static void describe(char *error, size_t error_size, const char *step, int code) {
  snprintf(error, error_size, "%s: %s", step, gnutls_strerror(code));
}

tls_session *tls_session_accept(tls_identity *identity, int fd, unsigned timeout_ms, char *error,
                                size_t error_size) {
  /* Writes block at most timeout_ms too: a peer that stops reading fails the write. */
  struct timeval limit = {.tv_sec = timeout_ms / 1000, .tv_usec = (timeout_ms % 1000) * 1000};
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
  tls_session *result = calloc(1, sizeof *result);
  if (!result) {
    describe(error, error_size, "session", GNUTLS_E_MEMORY_ERROR);
    return NULL;
  }
  /* GNUTLS_NO_SIGNAL: a client that already left must fail a write, not end the host by SIGPIPE. */
  int code = gnutls_init(&result->session, GNUTLS_SERVER | GNUTLS_NO_SIGNAL);
  if (code < 0) {
    describe(error, error_size, "session", code);
    free(result);
    return NULL;
  }
  gnutls_session_t session = result->session;
  if ((code = gnutls_set_default_priority(session)) < 0 ||
      (code = gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, tls_identity_credentials(identity))) <
          0) {
    describe(error, error_size, "session", code);
    tls_session_close(result);
    return NULL;
  }
  gnutls_certificate_server_set_request(session, GNUTLS_CERT_IGNORE);
  gnutls_transport_set_int(session, fd);
  gnutls_handshake_set_timeout(session, timeout_ms);
  gnutls_record_set_timeout(session, timeout_ms);
  do {
    code = gnutls_handshake(session);
  } while (code < 0 && !gnutls_error_is_fatal(code) && code != GNUTLS_E_AGAIN);
  if (code < 0) {
    describe(error, error_size, "TLS handshake", code);
    gnutls_deinit(session);
    free(result);
    return NULL;
  }
  return result;
}

ssize_t tls_session_read(tls_session *session, void *buffer, size_t size, char *error, size_t error_size) {
  for (;;) {
    ssize_t count = gnutls_record_recv(session->session, buffer, size);
    if (count >= 0) return count;
    /* A peer that closes its socket without a TLS goodbye has still closed. */
    if (count == GNUTLS_E_PREMATURE_TERMINATION) return 0;
    if (count == GNUTLS_E_INTERRUPTED) continue;
    /* A warning alert or a renegotiation request: not data, go on reading. */
    if (count == GNUTLS_E_WARNING_ALERT_RECEIVED || count == GNUTLS_E_REHANDSHAKE) continue;
    describe(error, error_size, "TLS read", (int)count);
    return -1;
  }
}

int tls_session_write(tls_session *session, const void *bytes, size_t size, char *error, size_t error_size) {
  const char *next = bytes;
  while (size > 0) {
    ssize_t count = gnutls_record_send(session->session, next, size);
    if (count == GNUTLS_E_INTERRUPTED) continue;
    if (count < 0) {
      /* GNUTLS_E_AGAIN here is the send timeout: the peer stopped reading. */
      describe(error, error_size, "TLS write", (int)count);
      return -1;
    }
    next += count;
    size -= (size_t)count;
  }
  return 0;
}

void tls_session_close(tls_session *session) {
  if (!session) return;
  gnutls_bye(session->session, GNUTLS_SHUT_WR);
  gnutls_deinit(session->session);
  free(session);
}

#ifndef CTLSSHIM_H
#define CTLSSHIM_H

/* The TLS server of the display engine's loopback proxy, over GnuTLS: a certificate and key made
   in memory when the proxy starts (never written anywhere), and server sessions on sockets the
   proxy accepted. GnuTLS's handles and its error codes stay in C; Swift sees two opaque types. */

#include <stddef.h>
#include <sys/types.h>

typedef struct tls_identity tls_identity;
typedef struct tls_session tls_session;

/* A fresh ECDSA P-256 key and a self-signed certificate for it (CN "adhost loopback proxy"),
   as server credentials. NULL on failure, with why in error. */
tls_identity *tls_identity_new(char *error, size_t error_size);
void tls_identity_free(tls_identity *identity);
/* The certificate as PEM text (no key), owned by the identity: for the client told to accept it. */
const char *tls_identity_certificate_pem(const tls_identity *identity);

/* A server handshake on the connected socket fd, which stays the caller's. Every read and the
   handshake give up after timeout_ms without data, every write after timeout_ms without progress.
   NULL on failure (not a TLS client, a timeout, the peer left), with why in error. */
tls_session *tls_session_accept(tls_identity *identity, int fd, unsigned timeout_ms, char *error,
                                size_t error_size);
/* Reads decrypted bytes: their count, 0 when the peer closed, -1 on an error or timeout (why in
   error). */
ssize_t tls_session_read(tls_session *session, void *buffer, size_t size, char *error, size_t error_size);
/* Writes all bytes encrypted: 0, or -1 (why in error). */
int tls_session_write(tls_session *session, const void *bytes, size_t size, char *error, size_t error_size);
/* Says goodbye (without waiting for the peer's) and frees the session; the socket stays open. */
void tls_session_close(tls_session *session);

#endif

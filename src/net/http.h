/* http.h - an HTTP(S) client on libcurl's multi interface, driven by a
** libuv loop, that connects only where the host policy allows.
**
** libcurl is opened on first use (dlopen), so a run that never touches the
** network does not pay to load it. No redirect is followed here: a 3xx is
** an ordinary response, and the caller starts a new request, which is
** checked again. Events are delivered from the loop, never from inside a
** call of this API and never from inside libcurl, so a callback may call
** any function here (abort, pause, write, start). */
#ifndef ACS_NET_HTTP_H
#define ACS_NET_HTTP_H

#include "acs.h"
#include "../base/base.h"

#include <stdbool.h>
#include <stddef.h>
#include <uv.h>

struct acs__hosts;
typedef struct acs__http acs__http;

typedef struct acs__http_events {
  /* The final response's head. names[i]/values[i] are lower-cased names and
  ** values as received; version is "1.0", "1.1", "2" or "3". All borrowed
  ** for the call. */
  void (*response)(void *user, int status, const char *reason, const char *const *names,
                   const char *const *values, size_t count, const char *version);
  void (*data)(void *user, const char *bytes, size_t len); /* borrowed */
  void (*end)(void *user);
  /* code: "EACCES_POLICY", "ENOTFOUND", "ECONNREFUSED", "ECONNRESET",
  ** "ETIMEDOUT", "ECERT", "EPROTO", "EBUSY" or "EIO". */
  void (*error)(void *user, const char *code, const char *message);
  /* Called once after end or error, or when an aborted request is released:
  ** the request's id is no longer valid and user may be freed. */
  void (*done)(void *user);
  /* A streamed request body that acs__http_write reported as above
  ** ACS__HTTP_UP_HIGH bytes held has gone down to a quarter of that: the
  ** owner may write again. */
  void (*drain)(void *user);
  /* Optional, just before `response`: the final head as received (status
  ** line and header lines, names in their case, CRLFs kept), for a client
  ** that shows it (curl -i). Borrowed for the call. */
  void (*raw_head)(void *user, const char *text, size_t len);
} acs__http_events;

#define ACS__HTTP_UP_HIGH (256 * 1024)

typedef struct acs__http_request {
  const char *method;
  const char *url;      /* absolute http: or https: URL (WHATWG-serialized) */
  const char *const *names, *const *values; /* header pairs, sent in order */
  size_t header_count;
  const char *body;     /* the whole body, or NULL */
  size_t body_len;
  bool stream;          /* body comes through acs__http_write/_end */
  bool decode;          /* ask for and undo gzip/deflate/br/zstd */
} acs__http_request;

typedef struct acs__http_config {
  const struct acs__hosts *policy; /* where requests may go */
  /* "host:port:address" items pinning names, as curl's --resolve (the
  ** address is still checked at connect time) */
  const char *const *resolve;
  size_t resolve_count;
  /* The operator's proxies (ACS_GUEST_PROXY): a proxied request is checked
  ** by name only, since the proxy, not us, resolves and dials the host.
  ** NULL: none. no_proxy: NO_PROXY's comma-separated names. */
  const char *http_proxy, *https_proxy, *no_proxy;
  /* A box's programs open no sockets: when set, every connection is made
  ** by dial(host, port) (the box's kernel, which resolves the name and
  ** applies the box's policy itself) and handed to libcurl connected; no
  ** name is resolved and no policy checked here, and no proxy is used.
  ** Returns a connected fd (libcurl's to close) or -errno with why set. */
  int (*dial)(const char *host, int port, char *why, size_t why_len);
} acs__http_config;

/* A client on `loop`; cfg and what it points to are borrowed and must
** outlive the client. Returns NULL on allocation failure. */
acs__http *acs__http_new(uv_loop_t *loop, const acs__http_config *cfg);

/* Start a request. Returns an id > 0 whose events arrive through ev with
** user; the request, its URL and headers are copied. Refusals and failures
** arrive as an error event, never as a return value, except for a client
** that could not load libcurl (returns ACS_EENV with err filled). */
int acs__http_start(acs__http *c, const acs__http_request *req, const acs__http_events *ev,
                    void *user, acs_err *err);

/* The streamed request body. acs__http_write returns how many bytes are
** held, not yet sent (above ACS__HTTP_UP_HIGH the owner should wait for
** `drain`), or -1 for an unknown or finished id; _end returns 0 or -1. */
long acs__http_write(acs__http *c, int id, const char *bytes, size_t len);
int acs__http_end(acs__http *c, int id);
/* Hold back or let through the response body. */
int acs__http_pause(acs__http *c, int id, bool pause);
/* Stop a request: no more events but `done`. */
int acs__http_abort(acs__http *c, int id);

/* Check a URL against the policy by name (scheme, host, port), without
** starting anything. Returns true, or false with the reason in why. */
bool acs__http_check(acs__http *c, const char *url, char *why, size_t why_len);

/* The host's own requests (the npm registry), outside any guest policy:
** a blocking GET that follows https redirects and decodes compression. */
typedef struct acs__fetch_result {
  int status;      /* HTTP status, or 0 when nothing came */
  acs__buf body;
  char *etag;      /* the ETag header, or NULL */
  long max_age;    /* Cache-Control max-age in seconds, or -1 */
  size_t max_body;
} acs__fetch_result;

/* Whether two URLs share scheme, host and port (compared without case). */
bool acs__url_same_origin(const char *a, const char *b);

/* GET url with "Name: value" headers into *out (free with
** acs__fetch_result_free, also after a failure). max_body 0: 256 MiB.
** Redirects are followed only within url's origin; one elsewhere fails.
** A transfer slower than 1 KiB/s for 20 s, or longer than 10 minutes,
** fails. cancel_fd (or -1): when it turns readable the transfer stops and
** ACS_ECANCELED is returned.
** Returns 0 whatever the status, or ACS_EENV (err names the URL and what
** failed: DNS, connect, TLS, a body past max_body). */
int acs__fetch(const char *url, const char *const *headers, size_t header_count, size_t max_body,
               int cancel_fd, acs__fetch_result *out, acs_err *err);
void acs__fetch_result_free(acs__fetch_result *r);

#endif

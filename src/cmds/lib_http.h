/* lib_http.h - one HTTP(S) request from a command (curl, wget), blocking:
** src/net's client on a loop of its own, every connection dialled by the
** box's kernel (acs_sys_dial), which applies the box's network policy. No
** redirect is followed here: the command decides (curl -L, wget). */
#ifndef ACS_CMDS_LIB_HTTP_H
#define ACS_CMDS_LIB_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct lh_head {
  int status;
  const char *reason, *version;
  const char *const *names, *const *values; /* lower-cased names */
  size_t count;
  const char *raw;   /* the head as received (curl -i, wget -S) */
  size_t raw_len;
} lh_head;

typedef struct lh_request {
  const char *method, *url;
  const char *const *names, *const *values;
  size_t header_count;
  const char *body;
  size_t body_len;
  bool decode;          /* ask for and undo compression (curl --compressed) */
  int64_t timeout_ms;   /* the whole transfer; 0: none */
  /* head: return false to stop (nothing more is read); data: false stops */
  bool (*on_head)(void *user, const lh_head *h);
  bool (*on_data)(void *user, const char *bytes, size_t len);
  void *user;
} lh_request;

typedef struct lh_result {
  bool ok;              /* a response came and was read to its end (or stopped) */
  const char *code;     /* when not ok: ENOTFOUND, ECONNREFUSED, EACCES_POLICY,
                           ETIMEDOUT, ECERT, EPROTO, EVERSION, ERECV, ECONNRESET, EEMPTY, EIO */
  char message[1200];
  uint64_t received;    /* body bytes */
  double ms;            /* the transfer's time */
} lh_result;

/* Run one request to its end. Returns 0, or -1 when the client could not
** start at all (libcurl missing: message says so). A request to the box
** itself (localhost, loopback, the box's name) goes to lh_run_box. */
int lh_run(const lh_request *q, lh_result *out);

/* Whether url's host is the box itself, as the box's kernel decides it
** (names, every loopback spelling, the any-address). */
bool lh_is_box_host(const char *url);

/* lh_run for the box's own servers: HTTP/1.1 spoken on the socketpair the
** kernel hands over (libcurl cannot use one). code EEMPTY: no response. */
int lh_run_box(const lh_request *q, lh_result *out);

/* The address the last connection reached ("127.0.0.1", "::1"), or ""
** when not known; wget prints it. */
const char *lh_peer(void);
void lh__set_peer(int fd, const char *text); /* text, then getpeername of fd (-1: none) */

/* The value of header `name` (lower case) in h, or NULL. */
const char *lh_header(const lh_head *h, const char *name);

/* base against ref as a browser resolves a Location: into out. */
void lh_resolve(const char *base, const char *ref, char *out, size_t size);

#endif

/* serve_request.h - one request line of `acs serve` (docs/protocol.md),
** checked and turned into acs_exec options. Apart from serve.c's queue and
** threads so that it can be tested alone (tests/fuzz/serve_fuzz.c).
** Every refusal comes as the answer to send: an error message object. */
#ifndef ACS_SERVER_SERVE_REQUEST_H
#define ACS_SERVER_SERVE_REQUEST_H

#include "acs.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct acs__serve_request {
  json_t *req;     /* the request object: owns every string below */
  json_t *id;      /* borrowed from req */
  bool cancel;     /* {"id": ..., "cancel": true} */
  acs_exec_options o; /* by acs__serve_parse_options; cancel and pool unset */
  const char **ro, **domains, **argv, **env, **pkgs; /* NULL-terminated */
  char **env_items;
  size_t env_n;
} acs__serve_request;

/* {"id": id (null when NULL), "error": {"type": type, "message": message}};
** a NULL message reads "out of memory". NULL when out of memory. */
json_t *acs__serve_error(json_t *id, const char *type, const char *message);

/* Step one: `line` (len bytes, without its '\n'; trailing '\r' and spaces
** do not count) as a request object with a usable id, and its cancel flag.
** Returns 1 for a blank line (nothing to answer), 0 with r->req, r->id and
** r->cancel set, or -1 with *error the answer to send (NULL when out of
** memory). *r is zeroed first; release it with acs__serve_request_clear. */
int acs__serve_parse_request(const char *line, size_t len, acs__serve_request *r, json_t **error);

/* Step two, for a run (once the server has accepted its id): every field
** checked and set in r->o, borrowing from r->req. Returns 0, or -1 with
** *error as above. */
int acs__serve_parse_options(acs__serve_request *r, json_t **error);

void acs__serve_request_clear(acs__serve_request *r);

#endif

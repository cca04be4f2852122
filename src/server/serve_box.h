/* serve_box.h - the box methods of `acs serve` ({"method": "box.*"},
** docs/protocol.md "Boxes"): boxes that live across requests, owned by
** the client that made them. serve.c hands such requests here; each runs
** on a thread of its own (an exec may take long) and answers through the
** client's send function. */
#ifndef ACS_SERVER_SERVE_BOX_H
#define ACS_SERVER_SERVE_BOX_H

#include <jansson.h>

typedef struct acs__serve_box_client {
  void *cl;                               /* serve.c's client */
  void (*send)(void *cl, json_t *msg);    /* takes msg */
  void (*begin)(void *cl);                /* a request of the client is in flight */
  void (*end)(void *cl);                  /* ... and answered */
} acs__serve_box_client;

/* Handle one box request (takes req; id borrowed from it). */
void acs__serve_box_request(const acs__serve_box_client *c, json_t *req, json_t *id);

/* The client is gone or its input ended: its boxes are disposed (their
** processes killed), after which no event of theirs is sent. Waits for
** the threads that watch their processes. */
void acs__serve_box_client_gone(void *cl);

#endif

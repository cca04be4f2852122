/* result.c - an acs_exec_result as the exec contract's JSON object, for
** `acs run --json` and `acs box --json`. */
#include "cli.h"

#include "../base/base.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static json_t *json_text(const char *s, size_t len)
{
  size_t n;
  char *clean = acs__utf8_sanitize(s, len, &n);
  json_t *j = json_stringn(clean ? clean : "", clean ? n : 0);
  free(clean);
  return j;
}

void acs__cli_print_json(const acs_exec_result *r)
{
  json_t *o = json_object();
  json_object_set_new(o, "stdout", json_text(r->stdout_data, r->stdout_len));
  json_object_set_new(o, "stderr", json_text(r->stderr_data, r->stderr_len));
  json_object_set_new(o, "exitCode", r->has_exit_code ? json_integer(r->exit_code) : json_null());
  json_object_set_new(o, "timedOut", json_boolean(r->timed_out));
  json_object_set_new(o, "truncated", json_boolean(r->truncated));
  json_object_set_new(o, "durationMs", json_real((double)(long long)(r->duration_ms * 100) / 100));
  json_object_set_new(o, "stoppedBy", r->stopped_by ? json_string(r->stopped_by) : json_null());
  /* durationMs to 0.01 ms, without binary noise (317.77, not 317.76999...) */
  char *s = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(12));
  if (s) {
    acs__write_all(1, s, strlen(s));
    acs__write_all(1, "\n", 1);
  }
  free(s);
  json_decref(o);
}

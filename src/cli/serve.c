/* serve.c - `acs serve`: the JSON-lines server (docs/protocol.md). */
#include "cli.h"

#include "../server/serve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: acs serve (--stdio | --socket PATH) [--jobs N] [--max-queue N]\n"
    "\n"
    "Serve runs as newline-delimited JSON: {\"id\":1,\"code\":\"...\"} in,\n"
    "{\"id\":1,\"result\":{...}} or {\"id\":1,\"error\":{...}} out, many at once;\n"
    "{\"id\":1,\"cancel\":true} stops one. See docs/protocol.md.\n"
    "\n"
    "  --stdio          one client on stdin/stdout; exits when stdin ends and\n"
    "                   its runs have answered\n"
    "  --socket PATH    every client of a Unix socket at PATH (mode 0600)\n"
    "  --jobs N         runs at once (default: cores x 2)\n"
    "  --max-queue N    requests that may wait beyond those (default 1000)\n"
    "  --pool N         workers kept started ahead, engine ready, each for one\n"
    "                   run (default: cores; 0: start each run from scratch)\n";

static int number(const char *s, int *out)
{
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < 1 || v > 100000) return -1;
  *out = (int)v;
  return 0;
}

int acs__cli_serve(int argc, char **argv)
{
  acs__serve_opts o = {0};
  const char *sock = NULL;
  bool stdio = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strcmp(a, "--stdio")) {
      stdio = true;
    } else if (!strcmp(a, "--socket") && i + 1 < argc) {
      sock = argv[++i];
    } else if (!strcmp(a, "--pool") && i + 1 < argc) {
      if (!strcmp(argv[i + 1], "0")) o.pool = -1;
      else if (number(argv[i + 1], &o.pool) || o.pool > 256) {
        fprintf(stderr, "acs serve: --pool takes a number from 0 to 256, not '%s'\n", argv[i + 1]);
        return 2;
      }
      i++;
    } else if ((!strcmp(a, "--jobs") || !strcmp(a, "--max-queue")) && i + 1 < argc) {
      if (number(argv[i + 1], !strcmp(a, "--jobs") ? &o.jobs : &o.max_queue)) {
        fprintf(stderr, "acs serve: %s takes a number from 1 to 100000, not '%s'\n", a, argv[i + 1]);
        return 2;
      }
      i++;
    } else {
      fprintf(stderr, "acs serve: unknown or incomplete option '%s'\n%s", a, usage);
      return 2;
    }
  }
  if (stdio == !!sock) {
    fprintf(stderr, "acs serve: give exactly one of --stdio and --socket PATH\n%s", usage);
    return 2;
  }
  acs_err err = {0};
  int rc = stdio ? acs__serve_fds(0, 1, &o, &err) : acs__serve_socket(sock, &o, &err);
  if (rc) {
    fprintf(stderr, "acs serve: %s\n", err.message ? err.message : acs_strerror(rc));
    acs_err_clear(&err);
    return rc == ACS_ECONFIG ? 2 : 3;
  }
  return 0;
}

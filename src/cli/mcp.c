/* mcp.c - `acs mcp`: an MCP server on stdin/stdout (docs/mcp.md). The
** operator's flags bound every tool call; the protocol is in
** src/server/mcp*.c. stdout carries the protocol only: every message of
** ours goes to stderr. */
#include "cli.h"

#include "../server/mcp.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char mcp_help[] =
    "usage: acs mcp [--work-dir DIR] [OPTIONS]\n"
    "       acs mcp --box [BOX OPTIONS]   tools on one box (acs mcp --box --help)\n"
    "\n"
    "Serve the Model Context Protocol on stdin/stdout (JSON-RPC, one message per\n"
    "line) for an agent: tools run_code, read_file, write_file and list_files.\n"
    "Every call is bound by these options; a call may narrow them, never widen.\n"
    "\n"
    "  --work-dir DIR        the directory runs and file tools work in (must exist;\n"
    "                        the file tools cannot leave it). Without it: a fresh\n"
    "                        temporary directory, removed when the server exits\n"
    "  --read-only DIR       a directory runs may read (repeatable)\n"
    "  --allow-domain HOST   a host runs may connect to when a call lists it in\n"
    "                        `domains` (repeatable; same forms as acs run). Default: none\n"
    "  --env NAME=VALUE      an environment variable every run sees (repeatable)\n"
    "  --allow-package SPEC  an npm package runs may import (repeatable; name or\n"
    "                        name@range); a call's `packages` may narrow it. Default: any\n"
    "  --no-packages         no npm packages\n"
    "  --timeout-ms N        time limit of a run, and the most a call may ask for\n"
    "                        (default 60000; 0: none)\n"
    "  --memory-mb N         memory limit of a run (default: a 4096 MB backstop)\n"
    "  --max-output-bytes N  bytes kept of each of stdout and stderr (default 1048576)\n"
    "  --jobs N              runs at once (default: the number of cores); more wait\n"
    "  --pool N              workers kept started ahead (default 2; 0: none)\n"
    "\n"
    "Exits 0 when stdin ends (runs still going are stopped), 2 for a bad option,\n"
    "3 when the server cannot start.\n";

static acs__mcp *running;

static void on_signal(int sig)
{
  (void)sig;
  acs__mcp_stop(running);
}

static bool parse_count(const char *s, int64_t max, int64_t *out)
{
  if (!s || *s < '0' || *s > '9') return false;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || *end || v < 0 || v > max) return false;
  *out = v;
  return true;
}

static int usage(const char *fmt, const char *arg)
{
  fputs("acs mcp: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs(" (see acs mcp --help)\n", stderr);
  return 2;
}

int acs__cli_mcp_serve(const acs__mcp_opts *o)
{
  acs_err err = {0};
  acs__mcp *m = NULL;
  int rc = acs__mcp_new(o, &m, &err);
  if (!rc) {
    /* a client that vanished must not kill us mid-answer; a signal stops
    ** the server the way the end of stdin does, runs included */
    signal(SIGPIPE, SIG_IGN);
    running = m;
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    acs__mcp_serve(m, 0, 1);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    running = NULL;
  }
  if (rc) fprintf(stderr, "acs mcp: %s\n", err.message ? err.message : acs_strerror(rc));
  int status = !rc ? 0 : rc == ACS_ECONFIG ? 2 : 3;
  acs__mcp_free(m);
  acs_err_clear(&err);
  return status;
}

int acs__cli_mcp(int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--box")) return acs__cli_mcp_box(argc, argv);
  acs__mcp_opts o = {.timeout_ms = 60000};
  const char **ro = calloc((size_t)argc + 1, sizeof *ro);
  const char **domains = calloc((size_t)argc + 1, sizeof *domains);
  const char **pkgs = calloc((size_t)argc + 1, sizeof *pkgs);
  const char **env = calloc((size_t)argc + 1, sizeof *env);
  int status = 2;
  if (!ro || !domains || !env || !pkgs) goto out;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val = NULL;
    /* --flag=value and --flag value are the same */
    char name[64];
    const char *eq = strchr(a, '=');
    if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) {
      snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
      val = eq + 1;
    } else {
      snprintf(name, sizeof name, "%s", a);
    }
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
      fputs(mcp_help, stdout);
      status = 0;
      goto out;
    }
    if (!strcmp(name, "--no-packages")) {
      o.limit_packages = true;
      continue;
    }
    static const char *const valued[] = {"--work-dir", "--read-only", "--allow-domain", "--env",
                                         "--allow-package",
                                         "--timeout-ms", "--memory-mb", "--max-output-bytes",
                                         "--jobs", "--pool"};
    bool known = false;
    for (size_t k = 0; k < sizeof valued / sizeof *valued && !known; k++)
      known = !strcmp(name, valued[k]);
    if (!known) {
      status = usage("unknown option '%s'", a);
      goto out;
    }
    if (!val) {
      if (i + 1 >= argc) {
        status = usage("%s needs a value", name);
        goto out;
      }
      val = argv[++i];
    }
    int64_t n = 0;
    if (!strcmp(name, "--work-dir")) o.work_dir = val;
    else if (!strcmp(name, "--read-only")) ro[o.read_only_count++] = val;
    else if (!strcmp(name, "--allow-domain")) domains[o.allowed_domain_count++] = val;
    else if (!strcmp(name, "--env")) env[o.env_count++] = val;
    else if (!strcmp(name, "--allow-package")) pkgs[o.allowed_package_count++] = val;
    else if (!strcmp(name, "--jobs") || !strcmp(name, "--pool")) {
      bool jobs = !strcmp(name, "--jobs");
      if (!parse_count(val, jobs ? 100000 : 256, &n) || (jobs && n == 0)) {
        status = usage(jobs ? "--jobs takes a number from 1 to 100000, not '%s'"
                            : "--pool takes a number from 0 to 256, not '%s'", val);
        goto out;
      }
      if (jobs) o.jobs = (int)n;
      else o.pool = n ? (int)n : -1;
    } else {
      if (!parse_count(val, INT64_MAX, &n)) {
        fprintf(stderr, "acs mcp: %s takes a whole number >= 0, not '%s'\n", name, val);
        goto out;
      }
      if (!strcmp(name, "--timeout-ms")) o.timeout_ms = n;
      else if (!strcmp(name, "--memory-mb")) o.memory_mb = n;
      else o.max_output_bytes = n;
    }
  }
  o.read_only_dirs = ro;
  o.allowed_domains = domains;
  o.allowed_packages = pkgs;
  if (o.limit_packages && o.allowed_package_count) {
    status = usage("%s", "--no-packages and --allow-package contradict each other: give one");
    goto out;
  }
  o.env = env;

  status = acs__cli_mcp_serve(&o);
out:
  free(ro);
  free(domains);
  free(pkgs);
  free(env);
  return status;
}

/* run.c - `acs run`: the exec contract on the command line. */
#include "cli.h"

#include "../base/base.h"

#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char run_usage[] =
    "usage: acs run [OPTIONS] (FILE | -c CODE | -) [-- ARGS...]\n";

static const char run_help[] =
    "usage: acs run [OPTIONS] (FILE | -c CODE | -) [-- ARGS...]\n"
    "\n"
    "Run JavaScript in a fresh sandbox and pass its output through.\n"
    "\n"
    "  FILE                  the entrypoint, relative to --work-dir\n"
    "  -c CODE               run CODE\n"
    "  -                     run the code read from standard input\n"
    "                        (with -c or -, and no --work-dir, a temporary directory is\n"
    "                        the working directory and is removed afterwards)\n"
    "  -- ARGS...            extra items of process.argv\n"
    "\n"
    "  --work-dir DIR        working directory, read-write; must exist\n"
    "                        (default for FILE: the current directory)\n"
    "  --env NAME=VALUE      an environment variable the code can see (repeatable);\n"
    "                        no other host variable is visible. Names starting with\n"
    "                        LD_, DYLD_, DENO_, ACS_ and the proxy variables are refused\n"
    "  --timeout-ms N        stop the code after N ms of running (default: no limit)\n"
    "  --memory-mb N         stop the code when it uses more than N MB (default: a\n"
    "                        4096 MB backstop)\n"
    "  --max-output-bytes N  bytes kept of each of stdout and stderr (default 1048576);\n"
    "                        beyond it the middle is dropped and a marker line says so\n"
    "  --json                print one ExecResult object instead of the streams\n"
    "  --read-only DIR       a directory the code can read (repeatable), visible at its\n"
    "                        own path; writes there fail with EROFS\n"
    "  --allow-domain HOST   a host the code may connect to (repeatable): name,\n"
    "                        name:port, *.name (subdomains), an address or a range\n"
    "                        (10.0.0.0/8). Loopback, private and metadata addresses\n"
    "                        need an address entry. Default: no network\n"
    "  --resolve H:P:ADDR    connect to ADDR for host H, port P (as curl --resolve);\n"
    "                        ADDR is still checked against the allowed hosts\n"
    "  --allow-package SPEC  an npm package the code may import (repeatable): name or\n"
    "                        name@range (papaparse@5, date-fns@^3.1). Packages the code\n"
    "                        imports are installed from the registry before it runs\n"
    "                        (ACS_NPM_REGISTRY, cache in ACS_CACHE_DIR). Default: any\n"
    "  --no-packages         no npm packages at all\n"
    "\n"
    "exit status: the code's exit code; 124 when stopped by the time limit or a\n"
    "signal; 125 when stopped by the memory limit; 2 for a configuration error\n"
    "(SandboxConfigError); 3 for an environment error (SandboxError).\n";

static acs_cancel_token *sig_token;

static void on_signal(int sig)
{
  (void)sig;
  acs_cancel(sig_token);
}

static void live_output(void *user, int stream, const char *data, size_t len)
{
  (void)user;
  (void)acs__write_all(stream == 2 ? 2 : 1, data, len);
}

static void progress_line(void *user, const char *line)
{
  (void)user;
  dprintf(2, "acs: %s\n", line);
}

static int config_error(bool json, const char *type, const char *msg, int status)
{
  if (json) {
    json_t *o = json_pack("{s:{s:s,s:s}}", "error", "type", type, "message", msg);
    char *s = json_dumps(o, JSON_COMPACT);
    if (s) printf("%s\n", s);
    free(s);
    json_decref(o);
  } else {
    fprintf(stderr, "acs: %s: %s\n", type, msg);
  }
  return status;
}

static int usage_error(bool json, const char *fmt, const char *arg)
{
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg);
  if (!json) fprintf(stderr, "acs run: %s\n%s", msg, run_usage);
  else config_error(true, "SandboxConfigError", msg, 2);
  return 2;
}

/* Parse a non-negative integer flag value; false when it is not one. */
static bool parse_count(const char *s, int64_t *out)
{
  if (!s || !*s) return false;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || *end || v < 0 || s[0] == '-' || s[0] == '+') return false;
  *out = v;
  return true;
}

static char *read_stdin(void)
{
  acs__buf b = {0};
  char chunk[65536];
  for (;;) {
    ssize_t n = read(0, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    acs__buf_append(&b, chunk, (size_t)n);
  }
  return acs__buf_take(&b, NULL);
}

int acs__cli_run(int argc, char **argv)
{
  acs_exec_options o = {.version = ACS_EXEC_OPTIONS_VERSION};
  bool json = false, from_stdin = false;
  const char *file = NULL, *code = NULL;
  const char **env = calloc((size_t)argc + 1, sizeof *env);
  const char **args = calloc((size_t)argc + 1, sizeof *args);
  const char **ro = calloc((size_t)argc + 1, sizeof *ro);
  const char **domains = calloc((size_t)argc + 1, sizeof *domains);
  const char **pins = calloc((size_t)argc + 1, sizeof *pins);
  const char **pkgs = calloc((size_t)argc + 1, sizeof *pkgs);
  bool no_packages = false;
  char *stdin_code = NULL;
  int status = 2;
  if (!env || !args || !ro || !domains || !pins || !pkgs) goto out;

  /* --json anywhere changes how errors are reported, so find it first. */
  for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
    if (!strcmp(argv[i], "--json")) json = true;

  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      for (i++; i < argc; i++) args[o.argc++] = argv[i];
      break;
    }
    /* --flag=value and --flag value are the same. */
    char name[64];
    const char *val = NULL;
    const char *eq = strchr(a, '=');
    if (a[0] == '-' && a[1] == '-' && eq && (size_t)(eq - a) < sizeof name) {
      snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
      val = eq + 1;
    } else {
      snprintf(name, sizeof name, "%s", a);
    }
#define VALUE()                                                              \
  do {                                                                        \
    if (!val) {                                                               \
      if (i + 1 >= argc) {                                                    \
        status = usage_error(json, "%s needs a value", name);                 \
        goto out;                                                             \
      }                                                                       \
      val = argv[++i];                                                        \
    }                                                                         \
  } while (0)
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
      fputs(run_help, stdout);
      status = 0;
      goto out;
    } else if (!strcmp(name, "--json")) {
      json = true;
    } else if (!strcmp(name, "-c")) {
      VALUE();
      if (code || file || from_stdin) {
        status = usage_error(json, "%s: give exactly one of FILE, -c CODE and -", "-c");
        goto out;
      }
      code = val;
    } else if (!strcmp(name, "--work-dir")) {
      VALUE();
      o.work_dir = val;
    } else if (!strcmp(name, "--env")) {
      VALUE();
      env[o.env_count++] = val;
    } else if (!strcmp(name, "--timeout-ms") || !strcmp(name, "--memory-mb") ||
               !strcmp(name, "--max-output-bytes")) {
      VALUE();
      int64_t v;
      if (!parse_count(val, &v)) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s takes a whole number >= 0, not '%.200s'", name, val);
        status = usage_error(json, "%s", msg);
        goto out;
      }
      if (!strcmp(name, "--timeout-ms")) o.timeout_ms = v;
      else if (!strcmp(name, "--memory-mb")) o.memory_mb = v;
      else o.max_output_bytes = v;
    } else if (!strcmp(name, "--read-only")) {
      VALUE();
      ro[o.read_only_count++] = val;
    } else if (!strcmp(name, "--allow-domain")) {
      VALUE();
      domains[o.allowed_domain_count++] = val;
    } else if (!strcmp(name, "--resolve")) {
      VALUE();
      pins[o.resolve_count++] = val;
    } else if (!strcmp(name, "--allow-package")) {
      VALUE();
      pkgs[o.allowed_package_count++] = val;
      o.limit_packages = true;
    } else if (!strcmp(name, "--no-packages")) {
      no_packages = true;
    } else if (!strcmp(a, "-")) {
      if (code || file || from_stdin) {
        status = usage_error(json, "%s: give exactly one of FILE, -c CODE and -", "-");
        goto out;
      }
      from_stdin = true;
    } else if (a[0] == '-') {
      status = usage_error(json, "unknown option '%s' (see acs run --help)", a);
      goto out;
    } else {
      if (code || file || from_stdin) {
        status = usage_error(json, "'%s': give exactly one of FILE, -c CODE and -", a);
        goto out;
      }
      file = a;
      /* What follows the entry belongs to the program, as with node. */
      for (i++; i < argc; i++) {
        if (!strcmp(argv[i], "--") && o.argc == 0) continue;
        args[o.argc++] = argv[i];
      }
      break;
    }
#undef VALUE
  }
  if (!code && !file && !from_stdin) {
    status = usage_error(json, "%s", "nothing to run: give FILE, -c CODE or -");
    goto out;
  }
  if (from_stdin) code = stdin_code = read_stdin();
  o.code = code;
  if (file) {
    o.entrypoint = file;
    if (!o.work_dir) o.work_dir = ".";
  }
  o.env = env;
  o.argv = args;
  o.read_only_dirs = ro;
  o.allowed_domains = domains;
  o.resolve = pins;
  if (no_packages && o.allowed_package_count) {
    status = usage_error(json, "%s", "--no-packages and --allow-package contradict each other: give one");
    goto out;
  }
  o.allowed_packages = pkgs;
  if (no_packages) o.limit_packages = true;
  /* Install progress for a person at a terminal; never in --json output. */
  if (!json && isatty(2)) o.on_progress = progress_line;

  acs_cancel_token *tok = NULL;
  if (acs_cancel_token_new(&tok) == 0) {
    sig_token = tok;
    o.cancel = tok;
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
  }
  if (!json) o.on_output = live_output;

  acs_err err = {0};
  acs_exec_result *res = NULL;
  int rc = acs_exec(&o, &res, &err);
  if (rc) {
    status = config_error(json, err.type ? err.type : "SandboxError",
                          err.message ? err.message : acs_strerror(rc),
                          rc == ACS_ECONFIG ? 2 : 3);
  } else {
    if (json) acs__cli_print_json(res);
    status = acs_exec_result_status(res);
  }
  acs_exec_result_free(res);
  acs_err_clear(&err);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  sig_token = NULL;
  acs_cancel_token_free(tok);
out:
  free(env);
  free(args);
  free(ro);
  free(domains);
  free(pins);
  free(pkgs);
  free(stdin_code);
  return status;
}

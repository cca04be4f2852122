/* box.c - `acs box`: boot a box, run one program in it, end the box.
** The shell (and with it -c SCRIPT and the interactive terminal) is the
** shell issue's; until then --exec runs a program directly. */
#include "cli.h"

#include "../base/base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char box_usage[] =
    "usage: acs box [OPTIONS] --exec PROGRAM [ARGS...]\n"
    "\n"
    "Boot a box (an in-memory Linux-like system: /etc, /home/agent, /tmp, /dev,\n"
    "the commands in /usr/bin), run PROGRAM in it, and end the box. PROGRAM is a\n"
    "box path or a name in the box's PATH. Standard input, when it is not a\n"
    "terminal, is the program's stdin.\n"
    "\n"
    "  --exec PROGRAM [ARGS...]  run one program without the shell (the rest of\n"
    "                        the command line is its arguments)\n"
    "  -w, --workdir DIR     working directory in the box (default: the user's home)\n"
    "  --copy HOST:BOX[:OWNER]  copy a host file or tree into the box before PROGRAM\n"
    "                        runs, modes and times kept (cp -a); owned by root, or by\n"
    "                        OWNER (root or agent); repeatable\n"
    "  --user NAME           root (default) or agent\n"
    "  --hostname NAME       the box's host name (default: box)\n"
    "  --env NAME=VALUE      add to the program's environment (repeatable)\n"
    "  --timeout-ms N        kill the program after N ms (exit status 124)\n"
    "  --max-output-bytes N  bytes kept of each of stdout and stderr (default 1048576)\n"
    "  --fs-mb N             bytes the box's filesystem may hold (default 256 MB)\n"
    "  --max-processes N     processes at once (default 256)\n"
    "  --json                print {stdout, stderr, exitCode, timedOut, truncated,\n"
    "                        durationMs, stoppedBy}\n"
    "\n"
    "Exit status: the program's own (128+N when signal N killed it), 124 at the\n"
    "time limit, 2 for a configuration error, 3 when the box cannot start.\n"
    "-c SCRIPT and the interactive shell come with the box's shell.\n";

static int usage(const char *fmt, const char *arg)
{
  fputs("acs box: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs(" (see acs box --help)\n", stderr);
  return 2;
}

static bool count(const char *s, int64_t *out)
{
  if (!s || *s < '0' || *s > '9') return false;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || *end || v < 0) return false;
  *out = v;
  return true;
}

static void live(void *user, int stream, const char *data, size_t len)
{
  (void)user;
  (void)acs__write_all(stream == 2 ? 2 : 1, data, len);
}

static char *read_all_stdin(size_t *len)
{
  acs__buf b = {0};
  char chunk[65536];
  for (;;) {
    ssize_t n = read(0, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    if (acs__buf_append(&b, chunk, (size_t)n)) break;
  }
  return acs__buf_take(&b, len);
}

int acs__cli_box(int argc, char **argv)
{
  acs_box_options bo = {.version = ACS_BOX_OPTIONS_VERSION};
  acs_box_spawn_options so = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION};
  const char **env = calloc((size_t)argc + 1, sizeof *env);
  const char **copies = calloc((size_t)argc + 1, sizeof *copies);
  size_t ncopies = 0;
  if (!env || !copies) {
    free(env);
    free(copies);
    return 3;
  }
  bool json = false;
  int exec_at = -1, status = 2;
  for (int i = 1; i < argc && exec_at < 0; i++) {
    const char *a = argv[i], *val = NULL;
    char name[64];
    const char *eq = strchr(a, '=');
    if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) {
      snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
      val = eq + 1;
    } else {
      snprintf(name, sizeof name, "%s", a);
    }
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
      fputs(box_usage, stdout);
      status = 0;
      goto out;
    }
    if (!strcmp(name, "--json")) {
      json = true;
      continue;
    }
    if (!strcmp(name, "--exec")) {
      exec_at = i + 1;
      break;
    }
    if (!strcmp(name, "-c")) {
      status = usage("%s", "-c needs the box's shell, which is not built yet: run one "
                           "program with --exec PROGRAM [ARGS...]");
      goto out;
    }
    static const char *const valued[] = {"-w", "--workdir", "--copy", "--user", "--hostname", "--env",
                                         "--timeout-ms", "--max-output-bytes", "--fs-mb",
                                         "--max-processes"};
    bool known = false;
    for (size_t k = 0; k < sizeof valued / sizeof *valued && !known; k++)
      known = !strcmp(name, valued[k]);
    if (!known) {
      status = usage(a[0] == '-' ? "unknown option '%s'"
                                 : "'%s': a script file needs the box's shell, which is not "
                                   "built yet; use --exec PROGRAM [ARGS...]", a);
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
    if (!strcmp(name, "-w") || !strcmp(name, "--workdir")) so.cwd = val;
    else if (!strcmp(name, "--copy")) {
      const char *colon = strchr(val, ':');
      if (!colon || colon == val || colon[1] != '/') {
        status = usage("--copy takes HOST:BOX[:OWNER] with an absolute BOX path, not '%s'", val);
        goto out;
      }
      copies[ncopies++] = val;
    }
    else if (!strcmp(name, "--user")) so.user = val;
    else if (!strcmp(name, "--hostname")) bo.hostname = val;
    else if (!strcmp(name, "--env")) env[so.env_count++] = val;
    else if (!count(val, &n)) {
      status = usage("%s takes a whole number >= 0", name);
      goto out;
    } else if (!strcmp(name, "--timeout-ms")) so.timeout_ms = n;
    else if (!strcmp(name, "--max-output-bytes")) so.max_output_bytes = n;
    else if (!strcmp(name, "--fs-mb")) bo.max_fs_mb = n;
    else if (n > 1000000) {
      status = usage("%s", "--max-processes takes a number up to 1000000");
      goto out;
    } else bo.max_processes = (int)n;
  }
  if (exec_at < 0 || exec_at >= argc) {
    status = usage("%s", exec_at < 0 ? "nothing to run: give --exec PROGRAM [ARGS...]"
                                     : "--exec needs a PROGRAM");
    goto out;
  }
  so.argv = (const char *const *)argv + exec_at;
  so.argc = (size_t)(argc - exec_at);
  so.env = env;
  if (!json) {
    so.on_output = live;
  }
  char *in = NULL;
  size_t in_len = 0;
  if (!isatty(0)) in = read_all_stdin(&in_len);
  so.stdin_data = in;
  so.stdin_len = in_len;

  acs_err err = {0};
  acs_box *box = NULL;
  int rc = acs_box_new(&bo, &box, &err);
  acs_exec_result *res = NULL;
  for (size_t k = 0; !rc && k < ncopies; k++) {
    /* HOST:BOX or HOST:BOX:OWNER (OWNER root or agent) */
    const char *colon = strchr(copies[k], ':');
    char *host = strndup(copies[k], (size_t)(colon - copies[k]));
    char *dest = strdup(colon + 1);
    const char *owner = NULL;
    char *last = dest ? strrchr(dest, ':') : NULL;
    if (last && (!strcmp(last, ":root") || !strcmp(last, ":agent"))) {
      *last = 0;
      owner = last + 1;
    }
    rc = host && dest ? acs_box_copy_in(box, host, dest, owner, &err) : ACS_ENOMEM;
    free(host);
    free(dest);
  }
  if (!rc) rc = acs_box_spawn(box, &so, &res, &err);
  acs_box_free(box);
  free(in);
  if (rc) {
    fprintf(stderr, "acs box: %s\n", err.message ? err.message : acs_strerror(rc));
    status = rc == ACS_ECONFIG ? 2 : 3;
  } else {
    if (json) acs__cli_print_json(res);
    status = acs_exec_result_status(res);
  }
  acs_exec_result_free(res);
  acs_err_clear(&err);
out:
  free(env);
  free(copies);
  return status;
}

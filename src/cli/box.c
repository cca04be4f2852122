/* box.c - `acs box`: boot a box, run a script with its shell (or one
** program with --exec), end the box. The interactive terminal comes with
** the box's terminals. */
#include "cli.h"

#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char box_usage[] =
    "usage: acs box [OPTIONS] (-c SCRIPT [NAME [ARGS...]] | SCRIPT-FILE [ARGS...] |\n"
    "                          --exec PROGRAM [ARGS...])\n"
    "\n"
    "Boot a box (an in-memory Linux-like system: /etc, /home/agent, /tmp, /dev,\n"
    "the commands in /usr/bin), run a script with its /bin/sh (bash's language),\n"
    "and end the box. Standard input, when it is not a terminal, is the script's\n"
    "stdin; with neither -c nor a file, stdin is the script.\n"
    "\n"
    "  -c SCRIPT [NAME [ARGS...]]  run SCRIPT ($0 is NAME, then $1...)\n"
    "  SCRIPT-FILE [ARGS...] a host file read as the script ($0 is its name)\n"
    "  --exec PROGRAM [ARGS...]  run one program without the shell: a box path or\n"
    "                        a name in the box's PATH\n"
    "  -w, --workdir DIR     working directory in the box (default: the user's home)\n"
    "  --copy HOST:BOX[:OWNER]  copy a host file or tree into the box before PROGRAM\n"
    "                        runs, modes and times kept (cp -a); owned by root, or by\n"
    "                        OWNER (root or agent); repeatable\n"
    "  -v, --volume HOST:BOX[:ro]  mount host directory HOST at BOX (read-only with\n"
    "                        :ro); programs see its files as the --user's, links in\n"
    "                        it resolve in the box; repeatable (docs/box-mounts.md)\n"
    "  --user NAME           root (default) or agent\n"
    "  --hostname NAME       the box's host name (default: box)\n"
    "  --env NAME=VALUE      add to the program's environment (repeatable)\n"
    "  --timeout-ms N        kill the program after N ms (exit status 124)\n"
    "  --max-output-bytes N  bytes kept of each of stdout and stderr (default 1048576)\n"
    "  --fs-mb N             bytes the box's filesystem may hold (default 256 MB)\n"
    "  --memory-mb N         memory the box may use, its programs' and its files'\n"
    "                        together (default 4096); past it the biggest program\n"
    "                        is killed (exit status 125 when it is PROGRAM)\n"
    "  --max-processes N     processes at once (default 256)\n"
    "  --network             programs in the box may connect to any public host\n"
    "  --allow-domain HOST   only to HOST (repeatable; exec's syntax: name, name:port,\n"
    "                        *.name, an address or a range; loopback, private and\n"
    "                        metadata addresses only when an address entry names them)\n"
    "  --resolve H:P:ADDR    connect to ADDR for host H, port P (as curl --resolve)\n"
    "  -p, --publish BOXPORT[:HOSTPORT]  make box port BOXPORT reachable at\n"
    "                        http://127.0.0.1:HOSTPORT on this machine (HOSTPORT 0 or\n"
    "                        left out: a free one; the address is printed on stderr);\n"
    "                        repeatable\n"
    "  --allow-package SPEC  a package the box's npm, npx and pip may install\n"
    "                        (repeatable): name or name@range (pip reads the name\n"
    "                        only); default: any\n"
    "                        package (no network option is needed: the host\n"
    "                        fetches packages)\n"
    "  --no-packages         npm, npx and pip may install nothing\n"
    "  --restore FILE        start from a snapshot (a file --snapshot wrote): its\n"
    "                        files instead of a fresh tree, before --copy\n"
    "  --snapshot FILE       when the program has ended, write the box's whole\n"
    "                        filesystem to FILE (docs/box-protocol.md, Snapshots)\n"
    "  --json                print {stdout, stderr, exitCode, timedOut, truncated,\n"
    "                        durationMs, stoppedBy}\n"
    "\n"
    "Exit status: the program's own (128+N when signal N killed it), 124 at the\n"
    "time limit, 2 for a configuration error, 3 when the box cannot start (or the\n"
    "--snapshot file cannot be written: none is left behind).\n"
    "On a terminal with no script, bash runs at a prompt on the box's terminal\n"
    "(line editing, history, tab completion, job control); exit or ^D ends the box.\n";

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

/* What goes into the box before its program runs, in the order given:
** --copy HOST:BOX[:OWNER] and -v HOST:BOX[:ro|:rw]. */
typedef struct fill {
  const char *arg;
  bool volume;
} fill;

static int apply_fills(acs_box *box, const fill *fills, size_t n, const char *user, acs_err *err)
{
  int rc = 0;
  for (size_t k = 0; !rc && k < n; k++) {
    const char *colon = strchr(fills[k].arg, ':');
    char *host = strndup(fills[k].arg, (size_t)(colon - fills[k].arg));
    char *dest = strdup(colon + 1);
    char *last = dest ? strrchr(dest, ':') : NULL;
    if (fills[k].volume) {
      /* a mount's files are the box user's */
      bool ro = last && !strcmp(last, ":ro");
      if (last && (ro || !strcmp(last, ":rw"))) *last = 0;
      rc = host && dest ? acs_box_mount(box, host, dest, ro, user, err) : ACS_ENOMEM;
    } else {
      const char *owner = NULL;
      if (last && (!strcmp(last, ":root") || !strcmp(last, ":agent"))) {
        *last = 0;
        owner = last + 1;
      }
      rc = host && dest ? acs_box_copy_in(box, host, dest, owner, err) : ACS_ENOMEM;
    }
    free(host);
    free(dest);
  }
  return rc;
}

/* `acs box` on a terminal without a script: bash at a prompt on the box's
** terminal, the caller's terminal forwarded to it. */
static int interactive(acs_box_options *bo, acs_box_spawn_options *so, const fill *fills,
                       size_t nfills, int (*ports)[2], int nports, bool no_packages,
                       const char **pkgs, const char **domains, size_t ndomains,
                       const char **resolves, size_t nresolves)
{
  if (no_packages && bo->allowed_package_count) {
    return usage("%s", "--no-packages and --allow-package contradict each other: give one");
  }
  bo->allowed_packages = pkgs;
  bo->limit_packages = no_packages;
  bo->allowed_domains = domains;
  bo->allowed_domain_count = ndomains;
  bo->resolve = resolves;
  bo->resolve_count = nresolves;
  acs_err err = {0};
  acs_box *box = NULL;
  int rc = acs_box_new(bo, &box, &err);
  if (!rc) rc = apply_fills(box, fills, nfills, so->user, &err);
  for (int k = 0; !rc && k < nports; k++) {
    int bound = 0;
    rc = acs_box_expose(box, ports[k][0], ports[k][1], &bound, &err);
    if (!rc) fprintf(stderr, "acs box: box port %d is at http://127.0.0.1:%d\r\n", ports[k][0], bound);
  }
  int status = 0;
  if (!rc) {
    acs_box_terminal_options to = {.version = ACS_BOX_TERMINAL_OPTIONS_VERSION, .env = so->env,
                                   .env_count = so->env_count, .cwd = so->cwd, .user = so->user,
                                   .in_fd = 0, .out_fd = 1};
    rc = acs_box_terminal(box, &to, &status, &err);
  }
  acs_box_free(box);
  if (rc) {
    fprintf(stderr, "acs box: %s\n", err.message ? err.message : acs_strerror(rc));
    status = rc == ACS_ECONFIG ? 2 : 3;
  }
  acs_err_clear(&err);
  return status;
}

int acs__cli_box(int argc, char **argv)
{
  acs_box_options bo = {.version = ACS_BOX_OPTIONS_VERSION};
  acs_box_spawn_options so = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION};
  const char **env = calloc((size_t)argc + 1, sizeof *env);
  fill *fills = calloc((size_t)argc + 1, sizeof *fills);
  const char **domains = calloc((size_t)argc + 1, sizeof *domains);
  const char **resolves = calloc((size_t)argc + 1, sizeof *resolves);
  const char **pkgs = calloc((size_t)argc + 1, sizeof *pkgs);
  size_t nfills = 0;
  bool no_packages = false;
  if (!env || !fills || !domains || !resolves || !pkgs) {
    free(env);
    free(fills);
    free(domains);
    free(resolves);
    free(pkgs);
    return 3;
  }
  bool json = false;
  int exec_at = -1, status = 2;
  int ports[16][2], nports = 0;
  size_t ndomains = 0, nresolves = 0;
  const char *script = NULL;     /* -c SCRIPT, or the text of SCRIPT-FILE */
  const char *snap_out = NULL, *snap_in = NULL; /* --snapshot, --restore */
  char *script_text = NULL;
  int script_args = -1;          /* where NAME/ARGS start */
  const char *script_name = NULL;
  const char **shv = NULL;
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
    if (!strcmp(name, "--network")) {
      bo.network = true;
      continue;
    }
    if (!strcmp(name, "--json")) {
      json = true;
      continue;
    }
    if (!strcmp(name, "--no-packages")) {
      no_packages = true;
      continue;
    }
    if (!strcmp(name, "--exec")) {
      exec_at = i + 1;
      break;
    }
    if (!strcmp(name, "-c")) {
      if (i + 1 >= argc) {
        status = usage("%s", "-c needs a SCRIPT");
        goto out;
      }
      script = argv[i + 1];
      script_args = i + 2;
      exec_at = argc; /* the rest is the script's */
      break;
    }
    if (a[0] != '-') {
      /* SCRIPT-FILE [ARGS...]: a host file, run as the script */
      size_t len = 0;
      if (acs__read_file(a, &script_text, &len) < 0 || memchr(script_text, 0, len)) {
        status = usage(script_text ? "'%s' is not a text file" : "cannot read the script '%s'", a);
        goto out;
      }
      script = script_text;
      script_name = a;
      script_args = i + 1;
      exec_at = argc;
      break;
    }
    static const char *const valued[] = {"-w", "--workdir", "--copy", "-v", "--volume", "--user", "--hostname", "--env",
                                         "-p", "--publish", "--allow-domain", "--resolve",
                                         "--timeout-ms", "--max-output-bytes", "--fs-mb", "--memory-mb",
                                         "--max-processes", "--allow-package", "--snapshot",
                                         "--restore"};
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
    if (!strcmp(name, "-w") || !strcmp(name, "--workdir")) so.cwd = val;
    else if (!strcmp(name, "--copy")) {
      const char *colon = strchr(val, ':');
      if (!colon || colon == val || colon[1] != '/') {
        status = usage("--copy takes HOST:BOX[:OWNER] with an absolute BOX path, not '%s'", val);
        goto out;
      }
      fills[nfills++] = (fill){val, false};
    }
    else if (!strcmp(name, "-v") || !strcmp(name, "--volume")) {
      const char *colon = strchr(val, ':');
      if (!colon || colon == val || colon[1] != '/') {
        status = usage("-v takes HOST:BOX[:ro] with an absolute BOX path, not '%s'", val);
        goto out;
      }
      fills[nfills++] = (fill){val, true};
    }
    else if (!strcmp(name, "-p") || !strcmp(name, "--publish")) {
      char *end;
      long bp = strtol(val, &end, 10), hp = 0;
      bool good = end != val && bp >= 1 && bp <= 65535 && nports < 16;
      if (good && *end == ':') {
        const char *h = end + 1;
        hp = strtol(h, &end, 10);
        good = end != h && hp >= 0 && hp <= 65535;
      }
      if (!good || *end) {
        status = usage("-p takes BOXPORT[:HOSTPORT] (ports 1-65535, HOSTPORT 0 for a free one; "
                       "at most 16), not '%s'", val);
        goto out;
      }
      ports[nports][0] = (int)bp;
      ports[nports++][1] = (int)hp;
    }
    else if (!strcmp(name, "--snapshot")) snap_out = val;
    else if (!strcmp(name, "--restore")) snap_in = val;
    else if (!strcmp(name, "--allow-domain")) domains[ndomains++] = val;
    else if (!strcmp(name, "--resolve")) resolves[nresolves++] = val;
    else if (!strcmp(name, "--allow-package")) pkgs[bo.allowed_package_count++] = val;
    else if (!strcmp(name, "--user")) so.user = val;
    else if (!strcmp(name, "--hostname")) bo.hostname = val;
    else if (!strcmp(name, "--env")) env[so.env_count++] = val;
    else if (!count(val, &n)) {
      status = usage("%s takes a whole number >= 0", name);
      goto out;
    } else if (!strcmp(name, "--timeout-ms")) so.timeout_ms = n;
    else if (!strcmp(name, "--max-output-bytes")) so.max_output_bytes = n;
    else if (!strcmp(name, "--fs-mb")) bo.max_fs_mb = n;
    else if (!strcmp(name, "--memory-mb")) bo.memory_mb = n;
    else if (n > 1000000) {
      status = usage("%s", "--max-processes takes a number up to 1000000");
      goto out;
    } else bo.max_processes = (int)n;
  }
  if (script || exec_at < 0) {
    /* sh -c SCRIPT [NAME [ARGS...]], or sh -s reading the script on stdin */
    int extra = script_args >= 0 && script_args < argc ? argc - script_args : 0;
    shv = calloc((size_t)extra + 5, sizeof *shv);
    if (!shv) {
      status = 3;
      goto out;
    }
    size_t k = 0;
    shv[k++] = "sh";
    if (script) {
      shv[k++] = "-c";
      shv[k++] = script;
      if (script_name) shv[k++] = script_name;
    } else {
      if (isatty(0)) {
        so.env = env;
        status = interactive(&bo, &so, fills, nfills, ports, nports, no_packages, pkgs,
                             domains, ndomains, resolves, nresolves);
        goto out;
      }
      shv[k++] = "-s";
    }
    for (int j = 0; j < extra; j++) shv[k++] = argv[script_args + j];
    so.argv = shv;
    so.argc = k;
  } else if (exec_at >= argc) {
    status = usage("%s", "--exec needs a PROGRAM");
    goto out;
  } else {
    so.argv = (const char *const *)argv + exec_at;
    so.argc = (size_t)(argc - exec_at);
  }
  so.env = env;
  bo.allowed_domains = domains;
  bo.allowed_domain_count = ndomains;
  bo.resolve = resolves;
  bo.resolve_count = nresolves;
  if (!json) {
    so.on_output = live;
    /* `acs box ... 2>&1`: the box's program gets one stream for both, so
    ** that its errors stay where they came among its output */
    struct stat s1, s2;
    so.merge_stderr = fstat(1, &s1) == 0 && fstat(2, &s2) == 0 && s1.st_dev == s2.st_dev &&
                      s1.st_ino == s2.st_ino && !isatty(1);
  }
  char *in = NULL;
  size_t in_len = 0;
  if (!isatty(0)) in = read_all_stdin(&in_len);
  so.stdin_data = in;
  so.stdin_len = in_len;

  if (no_packages && bo.allowed_package_count) {
    free(in);
    status = usage("%s", "--no-packages and --allow-package contradict each other: give one");
    goto out;
  }
  bo.allowed_packages = pkgs;
  bo.limit_packages = no_packages;
  acs_err err = {0};
  acs_box *box = NULL;
  int rc = acs_box_new(&bo, &box, &err);
  acs_exec_result *res = NULL;
  if (!rc && snap_in) {
    int fd = open(snap_in, O_RDONLY | O_CLOEXEC);
    if (fd < 0) rc = acs__fail(&err, ACS_ECONFIG, "SandboxConfigError", "cannot read the snapshot '%s': %s",
                               snap_in, strerror(errno));
    else {
      rc = acs_box_restore_fd(box, fd, &err);
      close(fd);
      if (rc) rc = ACS_ECONFIG; /* the file's fault: exit 2 */
    }
  }
  if (!rc) rc = apply_fills(box, fills, nfills, so.user, &err);
  for (int k = 0; !rc && k < nports; k++) {
    int bound = 0;
    rc = acs_box_expose(box, ports[k][0], ports[k][1], &bound, &err);
    if (!rc) fprintf(stderr, "acs box: box port %d is at http://127.0.0.1:%d\n", ports[k][0], bound);
  }
  if (!rc) rc = acs_box_spawn(box, &so, &res, &err);
  if (!rc && snap_out) {
    int fd = open(snap_out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    size_t len = 0;
    if (fd < 0) rc = acs__fail(&err, ACS_ECONFIG, "SandboxConfigError", "cannot write the snapshot '%s': %s",
                               snap_out, strerror(errno));
    else {
      rc = acs_box_snapshot_fd(box, fd, &len, &err);
      if (close(fd) && !rc)
        rc = acs__fail(&err, ACS_EENV, "SandboxError", "the snapshot '%s' could not be written: %s",
                       snap_out, strerror(errno));
      if (rc) {
        /* a cut-off snapshot would restore as an error later: none is left */
        unlink(snap_out);
        char *m = err.message ? strdup(err.message) : NULL;
        acs__fail(&err, rc, rc == ACS_ECONFIG ? "SandboxConfigError" : "SandboxError",
                  "%s; '%s' was not written", m ? m : acs_strerror(rc), snap_out);
        free(m);
      }
    }
  }
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
  free(shv);
  free(script_text);
  free(env);
  free(fills);
  free(domains);
  free(resolves);
  free(pkgs);
  return status;
}

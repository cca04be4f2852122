/* mcp_box.c - `acs mcp --box`: an MCP server whose tools work on one box
** kept for the connection (docs/mcp.md, "One box"). The options are
** `acs box`'s that make sense for a server; the server is
** src/server/mcp_box*.c. */
#include "cli.h"

#include "../server/mcp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: acs mcp --box [OPTIONS]\n"
    "\n"
    "Serve the Model Context Protocol on stdin/stdout for an agent, with tools that\n"
    "work on one box kept for the whole connection: shell (one persistent bash\n"
    "session), run_code (JavaScript/TypeScript with the box's node), read_file,\n"
    "write_file, edit_file, list_files, grep and glob, all as the box's user. The\n"
    "box ends, with every process in it, when stdin ends or on SIGTERM/SIGINT/SIGHUP.\n"
    "\n"
    "  --user NAME           root (default) or agent: who the tools act as\n"
    "  -w, --workdir DIR     the shell's first directory, where relative paths and\n"
    "                        run_code start (default: the user's home)\n"
    "  --copy HOST:BOX[:OWNER]  copy a host file or tree into the box at the start\n"
    "                        (cp -a; owned by root, or OWNER root or agent); repeatable\n"
    "  --restore FILE        start from a snapshot (acs box --snapshot), before --copy\n"
    "  --snapshot FILE       when the connection ends, write the box's filesystem there\n"
    "  --hostname NAME       the box's host name (default: box)\n"
    "  --env NAME=VALUE      in the environment of the shell and every program\n"
    "  --timeout-ms N        a call's time limit, and the most a call may ask for\n"
    "                        (default 60000; 0: none)\n"
    "  --max-output-bytes N  bytes kept of each of stdout and stderr of a call\n"
    "                        (default 100000; the start and the end are kept)\n"
    "  --fs-mb N             bytes the box's filesystem may hold (default 256 MB)\n"
    "  --max-processes N     processes at once (default 256)\n"
    "  --network             programs in the box may connect to any public host\n"
    "  --allow-domain HOST   only to HOST (repeatable; as acs box)\n"
    "  --resolve H:P:ADDR    connect to ADDR for host H, port P (as curl --resolve)\n"
    "  -p, --publish BOXPORT[:HOSTPORT]  make a box port reachable on 127.0.0.1\n"
    "                        (the address is printed on stderr); repeatable\n"
    "  --allow-package SPEC  an npm package the box's npm may install (repeatable)\n"
    "  --no-packages         npm may install nothing\n"
    "\n"
    "Exits 0 when stdin ends, 2 for a bad option or snapshot, 3 when the box cannot\n"
    "start.\n";

static int usage(const char *fmt, const char *arg)
{
  fputs("acs mcp --box: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs(" (see acs mcp --box --help)\n", stderr);
  return 2;
}

static bool count(const char *s, int64_t max, int64_t *out)
{
  if (!s || *s < '0' || *s > '9') return false;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || *end || v < 0 || v > max) return false;
  *out = v;
  return true;
}

/* BOXPORT[:HOSTPORT] */
static bool port_spec(const char *val, int out[2])
{
  char *end;
  long bp = strtol(val, &end, 10), hp = 0;
  bool good = end != val && bp >= 1 && bp <= 65535;
  if (good && *end == ':') {
    const char *h = end + 1;
    hp = strtol(h, &end, 10);
    good = end != h && hp >= 0 && hp <= 65535;
  }
  out[0] = (int)bp;
  out[1] = (int)hp;
  return good && !*end;
}

int acs__cli_mcp_box(int argc, char **argv)
{
  acs__mcp_box_opts bo = {.box = {.version = ACS_BOX_OPTIONS_VERSION}, .timeout_ms = 60000};
  const char **env = calloc((size_t)argc + 1, sizeof *env);
  const char **copies = calloc((size_t)argc + 1, sizeof *copies);
  const char **domains = calloc((size_t)argc + 1, sizeof *domains);
  const char **resolves = calloc((size_t)argc + 1, sizeof *resolves);
  const char **pkgs = calloc((size_t)argc + 1, sizeof *pkgs);
  int ports[16][2], nports = 0;
  int status = 3;
  if (!env || !copies || !domains || !resolves || !pkgs) goto out;
  status = 2;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val = NULL;
    char name[64];
    const char *eq = strchr(a, '=');
    if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) {
      snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
      val = eq + 1;
    } else {
      snprintf(name, sizeof name, "%s", a);
    }
    if (!strcmp(name, "--box")) continue;
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
      fputs(help, stdout);
      status = 0;
      goto out;
    }
    if (!strcmp(name, "--network")) {
      bo.box.network = true;
      continue;
    }
    if (!strcmp(name, "--no-packages")) {
      bo.box.limit_packages = true;
      continue;
    }
    static const char *const valued[] = {"-w", "--workdir", "--copy", "--user", "--hostname",
                                         "--env", "-p", "--publish", "--allow-domain",
                                         "--resolve", "--timeout-ms", "--max-output-bytes",
                                         "--fs-mb", "--max-processes", "--allow-package",
                                         "--snapshot", "--restore"};
    bool known = false;
    for (size_t k = 0; k < sizeof valued / sizeof *valued && !known; k++)
      known = !strcmp(name, valued[k]);
    if (!known) {
      status = usage(!strcmp(name, "--work-dir") || !strcmp(name, "--read-only")
                         ? "%s is for the exec tools (acs mcp without --box); a box's files are "
                           "its own: use --copy HOST:BOX to put some in"
                         : "unknown option '%s'", name);
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
    if (!strcmp(name, "-w") || !strcmp(name, "--workdir")) bo.cwd = val;
    else if (!strcmp(name, "--copy")) copies[bo.copy_count++] = val;
    else if (!strcmp(name, "--user")) bo.user = val;
    else if (!strcmp(name, "--hostname")) bo.box.hostname = val;
    else if (!strcmp(name, "--env")) env[bo.env_count++] = val;
    else if (!strcmp(name, "--allow-domain")) domains[bo.box.allowed_domain_count++] = val;
    else if (!strcmp(name, "--resolve")) resolves[bo.box.resolve_count++] = val;
    else if (!strcmp(name, "--allow-package")) pkgs[bo.box.allowed_package_count++] = val;
    else if (!strcmp(name, "--snapshot")) bo.snapshot = val;
    else if (!strcmp(name, "--restore")) bo.restore = val;
    else if (!strcmp(name, "-p") || !strcmp(name, "--publish")) {
      if (nports >= 16 || !port_spec(val, ports[nports])) {
        status = usage("-p takes BOXPORT[:HOSTPORT] (ports 1-65535, HOSTPORT 0 for a free one; "
                       "at most 16), not '%s'", val);
        goto out;
      }
      nports++;
    } else if (!count(val, !strcmp(name, "--max-processes") ? 1000000 : INT64_MAX, &n)) {
      status = usage(!strcmp(name, "--max-processes") ? "%s takes a number up to 1000000"
                                                      : "%s takes a whole number >= 0", name);
      goto out;
    } else if (!strcmp(name, "--timeout-ms")) bo.timeout_ms = n;
    else if (!strcmp(name, "--max-output-bytes")) bo.max_output_bytes = n;
    else if (!strcmp(name, "--fs-mb")) bo.box.max_fs_mb = n;
    else bo.box.max_processes = (int)n;
  }
  if (bo.box.limit_packages && bo.box.allowed_package_count) {
    status = usage("%s", "--no-packages and --allow-package contradict each other: give one");
    goto out;
  }
  if (bo.user && strcmp(bo.user, "root") && strcmp(bo.user, "agent")) {
    status = usage("--user is root or agent, not '%s'", bo.user);
    goto out;
  }
  bo.env = env;
  bo.copies = copies;
  bo.box.allowed_domains = domains;
  bo.box.resolve = resolves;
  bo.box.allowed_packages = pkgs;
  bo.ports = (const int(*)[2])ports;
  bo.port_count = (size_t)nports;
  acs__mcp_opts o = {.box = &bo};
  status = acs__cli_mcp_serve(&o);
out:
  free(env);
  free(copies);
  free(domains);
  free(resolves);
  free(pkgs);
  return status;
}

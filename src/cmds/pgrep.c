/* pgrep.c - look up, signal, or wait for processes based on name and
** other attributes (pgrep, pkill).
**
** Usage:
**  pgrep [options] <pattern>
**
** Options:
**  -d, --delimiter <string>  specify output delimiter
**  -l, --list-name           list PID and process name
**  -a, --list-full           list PID and full command line
**  -v, --inverse             negates the matching
**  -w, --lightweight         list all TID
**  -c, --count               count of matching processes
**  -f, --full                use full process name to match
**  -g, --pgroup <PGID,...>   match listed process group IDs
**  -G, --group <GID,...>     match real group IDs
**  -i, --ignore-case         match case insensitively
**  -n, --newest              select most recently started
**  -o, --oldest              select least recently started
**  -O, --older <seconds>     select where older than seconds
**  -P, --parent <PPID,...>   match only child processes of the given parent
**  -s, --session <SID,...>   match session IDs
**  -t, --terminal <tty,...>  match by controlling terminal
**  -u, --euid <ID,...>       match by effective IDs
**  -U, --uid <ID,...>        match by real IDs
**  -x, --exact               match exactly with the command name
**  -r, --runstates <state>   match runstates [D,S,Z,...]
**  -A, --ignore-ancestors    exclude our ancestors from results
**
**  -h, --help     display this help and exit
**  -V, --version  output version information and exit
**
** pkill also takes:
**  -<sig>, --signal <sig>    signal to send (either number or name)
**  -e, --echo                display what is killed
*/

/* procps-ng 4.0.2's pgrep and pkill over the box's /proc: PATTERN is an
** extended regular expression (glibc's regcomp) matched against the
** process name (15 characters, as the kernel keeps it) or with -f the
** whole command line; the criteria add up (all must hold); the caller
** never matches itself. Exit 0 when something matched, 1 when nothing,
** 2 for a usage error, 3 for a fatal one. */
#include "cmd.h"
#include "lib_proc.h"
#include "lib_sys.h"

#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct crit {
  int *pgids, *ppids, *sids;
  size_t npgids, nppids, nsids;
  uint32_t *eu, *ru, *rg;
  size_t neu, nru, nrg;
  const char *states;
  bool full, icase, exact, newest, oldest, inverse, count, list_name, list_full, echo, ancestors;
  long older;
  bool any; /* a criterion besides the pattern */
} crit;

static int fail(acs_cmd *c, const char *msg, const char *arg)
{
  char b[512];
  snprintf(b, sizeof b, msg, arg);
  cmd_error(c, "%s", b);
  return 2;
}

static int run(acs_cmd *c, int argc, char **argv, bool kill_mode)
{
  static const cmd_opt longs[] = {
      {"delimiter", 'd', CMD_ARG}, {"list-name", 'l', CMD_NOARG}, {"list-full", 'a', CMD_NOARG},
      {"inverse", 'v', CMD_NOARG}, {"lightweight", 'w', CMD_NOARG}, {"signal", 256, CMD_ARG},
      {"queue", 'q', CMD_ARG}, {"echo", 'e', CMD_NOARG}, {"count", 'c', CMD_NOARG},
      {"full", 'f', CMD_NOARG}, {"pgroup", 'g', CMD_ARG}, {"group", 'G', CMD_ARG},
      {"ignore-case", 'i', CMD_NOARG}, {"newest", 'n', CMD_NOARG}, {"oldest", 'o', CMD_NOARG},
      {"older", 'O', CMD_ARG}, {"parent", 'P', CMD_ARG}, {"session", 's', CMD_ARG},
      {"terminal", 't', CMD_ARG}, {"euid", 'u', CMD_ARG}, {"uid", 'U', CMD_ARG},
      {"exact", 'x', CMD_NOARG}, {"runstates", 'r', CMD_ARG}, {"ignore-ancestors", 'A', CMD_NOARG},
      {"version", 'V', CMD_NOARG}, {0}};
  crit cr = {0};
  const char *delim = "\n";
  int sig = SIGTERM;
  acs_sys_ids ids;
  acs_sys_getids(&ids);
  /* pkill -SIG: the signal as the first argument */
  if (kill_mode && argc > 1 && argv[1][0] == '-' && argv[1][1]) {
    int n = lib_sig_number(argv[1] + 1);
    if (n >= 0 && !(argv[1][1] >= 'a' && argv[1][1] <= 'z' && argv[1][2] == 0)) {
      sig = n;
      argv[1] = argv[0];
      argv++;
      argc--;
    }
  }
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, kill_mode ? "ecfg:G:inoO:P:s:t:u:U:xr:Aq:hV" : "d:lavwcfg:G:inoO:P:s:t:u:U:xr:AhV", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    bool ok = true;
    switch (opt) {
    case 'd': delim = g.arg; break;
    case 'l': cr.list_name = true; break;
    case 'a': cr.list_full = true; break;
    case 'v': cr.inverse = true; break;
    case 'w': case 'q': break;
    case 'e': cr.echo = true; break;
    case 'c': cr.count = true; break;
    case 'f': cr.full = true; break;
    case 'i': cr.icase = true; break;
    case 'n': cr.newest = true; break;
    case 'o': cr.oldest = true; break;
    case 'x': cr.exact = true; break;
    case 'A': cr.ancestors = true; break;
    case 'h': cmd_puts(c, c->help); return 0;
    case 'V': cmd_printf(c, "%s from procps-ng 4.0.2 (agent-code-sandbox)\n", kill_mode ? "pkill" : "pgrep"); return 0;
    case 256:
      sig = lib_sig_number(g.arg);
      if (sig < 0) return fail(c, "Unknown signal \"%s\".", g.arg);
      break;
    case 'O': cr.older = atol(g.arg); cr.any = true; break;
    case 'r': cr.states = g.arg; cr.any = true; break;
    case 't': cr.any = true; cr.states = "-"; break; /* no process has a terminal */
    case 'g': ok = lib_int_list(g.arg, &cr.pgids, &cr.npgids); cr.any = true; break;
    case 'P': ok = lib_int_list(g.arg, &cr.ppids, &cr.nppids); cr.any = true; break;
    case 's': ok = lib_int_list(g.arg, &cr.sids, &cr.nsids); cr.any = true; break;
    case 'u':
    case 'U':
    case 'G': {
      uint32_t **v = opt == 'u' ? &cr.eu : opt == 'U' ? &cr.ru : &cr.rg;
      size_t *n = opt == 'u' ? &cr.neu : opt == 'U' ? &cr.nru : &cr.nrg;
      char *copy = strdup(g.arg);
      for (char *t = strtok(copy, ","); t; t = strtok(NULL, ",")) {
        uint32_t id;
        if (opt == 'G' ? !cmd_group_id(t, &id) : !cmd_user_id(t, &id)) {
          int r = fail(c, opt == 'G' ? "invalid group name: %s" : "invalid user name: %s", t);
          free(copy);
          return r;
        }
        *v = realloc(*v, (*n + 1) * sizeof **v);
        (*v)[(*n)++] = id;
      }
      free(copy);
      cr.any = true;
      break;
    }
    }
    if (!ok) return fail(c, "invalid argument list: %s", g.arg);
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 2;
  if (cr.newest && cr.oldest) return fail(c, "%s", "-n and -o are mutually exclusive"), lib_try_help(c), 2;
  const char *pattern = g.nops ? cmd_operands(&g)[0] : NULL;
  if (g.nops > 1) {
    cmd_error(c, "only one pattern can be provided");
    lib_try_help(c);
    return 2;
  }
  if (!pattern && !cr.any) {
    cmd_error(c, "no matching criteria specified");
    cmd_flush(c);
    char b[256];
    int n = snprintf(b, sizeof b, "Try `%s --help' for more information.\n", c->name);
    acs_sys_write_all(2, b, (size_t)n);
    return 2;
  }
  regex_t re;
  if (pattern) {
    char *pat = malloc(strlen(pattern) + 8);
    if (!pat) return 3;
    if (cr.exact) sprintf(pat, "^(%s)$", pattern);
    else strcpy(pat, pattern);
    int rc = regcomp(&re, pat, REG_EXTENDED | REG_NOSUB | (cr.icase ? REG_ICASE : 0));
    free(pat);
    if (rc) {
      char e[256];
      regerror(rc, &re, e, sizeof e);
      cmd_error(c, "regex error: %s", e);
      return 2;
    }
  }
  lib_procs ps;
  if (lib_procs_read(&ps)) {
    cmd_error(c, "cannot read /proc");
    return 3;
  }
  /* the caller's ancestors, for -A */
  int anc[64], nanc = 0;
  for (int p = ids.ppid; p > 1 && nanc < 64;) {
    anc[nanc++] = p;
    int next = 0;
    for (size_t i = 0; i < ps.n; i++)
      if (ps.v[i].pid == p) next = ps.v[i].ppid;
    p = next;
  }
  lib_proc **hits = calloc(ps.n + 1, sizeof *hits);
  size_t nh = 0;
  for (size_t i = 0; hits && i < ps.n; i++) {
    lib_proc *p = &ps.v[i];
    if (p->pid == ids.pid) continue;
    bool m = true;
    if (pattern) {
      const char *subject = cr.full && p->args && p->args[0] ? p->args : p->comm;
      m = regexec(&re, subject, 0, NULL, 0) == 0;
    }
#define IN(v, n, x) ({ bool f_ = false; for (size_t k_ = 0; k_ < (n); k_++) f_ |= (v)[k_] == (x); f_; })
    if (m && cr.neu) m = IN(cr.eu, cr.neu, p->euid);
    if (m && cr.nru) m = IN(cr.ru, cr.nru, p->uid);
    if (m && cr.nrg) m = IN(cr.rg, cr.nrg, p->gid);
    if (m && cr.nppids) m = IN(cr.ppids, cr.nppids, p->ppid);
    if (m && cr.npgids) m = IN(cr.pgids, cr.npgids, p->pgid) || (IN(cr.pgids, cr.npgids, 0) && p->pgid == ids.pgid);
    if (m && cr.nsids) m = IN(cr.sids, cr.nsids, p->sid) || (IN(cr.sids, cr.nsids, 0) && p->sid == ids.sid);
    if (m && cr.states) m = strchr(cr.states, p->state) != NULL;
    if (m && cr.older) m = ps.uptime - (double)p->start / (double)ps.hz >= (double)cr.older;
#undef IN
    if (cr.inverse) m = !m;
    if (m && cr.ancestors)
      for (int k = 0; k < nanc; k++) m = m && anc[k] != p->pid;
    if (m) hits[nh++] = p;
  }
  if ((cr.newest || cr.oldest) && nh > 1) {
    lib_proc *best = hits[0];
    for (size_t i = 1; i < nh; i++) {
      bool later = hits[i]->start > best->start || (hits[i]->start == best->start && hits[i]->pid > best->pid);
      if (cr.newest ? later : !later && hits[i]->start < best->start) best = hits[i];
    }
    hits[0] = best;
    nh = 1;
  }
  int status = nh ? 0 : 1;
  if (kill_mode) {
    size_t killed = 0;
    for (size_t i = 0; i < nh; i++) {
      int rc = acs_sys_kill(hits[i]->pid, sig);
      if (rc) {
        cmd_error(c, "killing pid %d failed: %s", hits[i]->pid, cmd_strerror(rc));
        continue;
      }
      killed++;
      if (cr.echo) cmd_printf(c, "%s killed (pid %d)\n", hits[i]->comm, hits[i]->pid);
    }
    if (cr.count) cmd_printf(c, "%zu\n", killed);
    status = killed ? 0 : 1;
  } else if (cr.count) cmd_printf(c, "%zu\n", nh);
  else {
    for (size_t i = 0; i < nh; i++) {
      if (i) cmd_puts(c, delim);
      if (cr.list_full) cmd_printf(c, "%d %s", hits[i]->pid, hits[i]->args && hits[i]->args[0] ? hits[i]->args : hits[i]->comm);
      else if (cr.list_name) cmd_printf(c, "%d %s", hits[i]->pid, hits[i]->comm);
      else cmd_printf(c, "%d", hits[i]->pid);
    }
    if (nh) cmd_putc(c, '\n');
  }
  free(hits);
  if (pattern) regfree(&re);
  lib_procs_free(&ps);
  return status;
}

int acs__cmd_pgrep(acs_cmd *c, int argc, char **argv) { return run(c, argc, argv, false); }
int acs__cmd_pkill(acs_cmd *c, int argc, char **argv) { return run(c, argc, argv, true); }

/* killall.c - kill processes by name.
**
** Usage: killall [OPTION]... [--] NAME...
**        killall -l, --list
**        killall -V, --version
**
**   -e,--exact          require exact match for very long names
**   -I,--ignore-case    case insensitive process name match
**   -g,--process-group  kill process group instead of process
**   -y,--younger-than   kill processes younger than TIME
**   -o,--older-than     kill processes older than TIME
**   -i,--interactive    ask for confirmation before killing
**   -l,--list           list all known signal names
**   -q,--quiet          don't print complaints
**   -r,--regexp         interpret NAME as an extended regular expression
**   -s,--signal SIGNAL  send this signal instead of SIGTERM
**   -u,--user USER      kill only process(es) running as USER
**   -v,--verbose        report if the signal was successfully sent
**   -V,--version        display version information
**   -w,--wait           wait for processes to die
*/

/* psmisc's killall over the box's /proc: a NAME is the kernel's name of a
** process or the last part of its argv[0] (lib_match.c); killall never
** signals itself. "NAME: no process found" and exit 1 when a NAME matched
** nothing. -i asks on stderr and reads the answer from stdin (no answer:
** no). TIME is N with s m h d w M y. */
#include "cmd.h"
#include "lib_match.h"
#include "lib_proc.h"
#include "lib_sys.h"

#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long seconds(const char *s)
{
  char *end;
  double v = strtod(s, &end);
  static const char units[] = "smhdwMy";
  static const long mult[] = {1, 60, 3600, 86400, 604800, 2592000, 31536000};
  const char *u = *end ? strchr(units, *end) : units;
  if (end == s || !u || (*end && end[1])) return -1;
  return (long)(v * (double)mult[u - units]);
}

static void say(const char *s)
{
  acs_sys_write_all(2, s, strlen(s));
}

int acs__cmd_killall(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"exact", 'e', CMD_NOARG}, {"ignore-case", 'I', CMD_NOARG}, {"process-group", 'g', CMD_NOARG},
      {"younger-than", 'y', CMD_ARG}, {"older-than", 'o', CMD_ARG}, {"interactive", 'i', CMD_NOARG},
      {"list", 'l', CMD_NOARG}, {"quiet", 'q', CMD_NOARG}, {"regexp", 'r', CMD_NOARG},
      {"signal", 's', CMD_ARG}, {"user", 'u', CMD_ARG}, {"verbose", 'v', CMD_NOARG},
      {"version", 'V', CMD_NOARG}, {"wait", 'w', CMD_NOARG}, {0}};
  bool exact = false, icase = false, group = false, ask = false, quiet = false, regex = false,
       verbose = false, wait = false, have_user = false;
  long younger = -1, older = -1;
  uint32_t user = 0;
  int sig = SIGTERM;
  /* -SIGNAL before the names, as psmisc takes it */
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] != '-' || !argv[i][1] || !strcmp(argv[i], "--")) break;
    int n = lib_sig_number(argv[i] + 1);
    if (n > 0 && strcmp(argv[i] + 1, "e") && strcmp(argv[i] + 1, "g") && strcmp(argv[i] + 1, "i") &&
        strcmp(argv[i] + 1, "l") && strcmp(argv[i] + 1, "q") && strcmp(argv[i] + 1, "r") &&
        strcmp(argv[i] + 1, "v") && strcmp(argv[i] + 1, "w")) {
      sig = n;
      memmove(argv + i, argv + i + 1, (size_t)(argc - i) * sizeof *argv);
      argc--;
      break;
    }
  }
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "eIgy:o:ilqrs:u:vVw", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'e': exact = true; break;
    case 'I': icase = true; break;
    case 'g': group = true; break;
    case 'i': ask = true; break;
    case 'q': quiet = true; break;
    case 'r': regex = true; break;
    case 'v': verbose = true; break;
    case 'w': wait = true; break;
    case 'l':
      cmd_puts(c, "HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM STKFLT\n"
                  "CHLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF WINCH POLL PWR SYS\n");
      return 0;
    case 'V': cmd_puts(c, "killall (PSmisc) 23.6 (agent-code-sandbox)\n"); return 0;
    case 's':
      sig = lib_sig_number(g.arg);
      if (sig < 0) {
        char b[256];
        snprintf(b, sizeof b, "%s: unknown signal; killall -l lists signals.\n", g.arg);
        say(b);
        return 1;
      }
      break;
    case 'u':
      if (!cmd_user_id(g.arg, &user)) {
        char b[256];
        snprintf(b, sizeof b, "Cannot find user %s\n", g.arg);
        say(b);
        return 1;
      }
      have_user = true;
      break;
    case 'y':
    case 'o': {
      long s = seconds(g.arg);
      if (s < 0) {
        say("killall: Unknown time format\n");
        return 1;
      }
      if (opt == 'y') younger = s;
      else older = s;
      break;
    }
    }
  }
  if (opt < 0) return 1;
  char **names = cmd_operands(&g);
  int nn = g.nops;
  if (!nn && !have_user) {
    cmd_flush(c);
    say(c->help + 0);
    return 1;
  }
  acs_sys_ids ids;
  acs_sys_getids(&ids);
  lib_procs ps;
  if (lib_procs_read(&ps)) return 1;
  regex_t *res = NULL;
  if (regex && nn) {
    res = calloc((size_t)nn, sizeof *res);
    for (int i = 0; i < nn; i++)
      if (regcomp(&res[i], names[i], REG_EXTENDED | REG_NOSUB | (icase ? REG_ICASE : 0))) {
        char b[512];
        snprintf(b, sizeof b, "Bad regular expression: %s\n", names[i]);
        say(b);
        return 1;
      }
  }
  int *found = calloc((size_t)nn + 1, sizeof *found);
  int *killed = calloc(ps.n + 1, sizeof *killed), nk = 0;
  int status = 0;
  cmd_in *in = NULL;
  for (size_t k = 0; k < ps.n; k++) {
    lib_proc *p = &ps.v[k];
    if (p->pid == ids.pid || p->pid == 1) continue;
    if (have_user && p->uid != user) continue;
    double age = ps.uptime - (double)p->start / (double)ps.hz;
    if (younger >= 0 && age >= (double)younger) continue;
    if (older >= 0 && age <= (double)older) continue;
    int which = -1;
    for (int i = 0; i < nn && which < 0; i++) {
      bool m = regex ? regexec(&res[i], p->comm, 0, NULL, 0) == 0 : lib_proc_named(p, names[i], exact, icase);
      if (m) which = i;
    }
    if (nn && which < 0) continue;
    if (ask) {
      char b[256];
      snprintf(b, sizeof b, "Kill %s(%d) ? (y/N) ", p->comm, p->pid);
      cmd_flush(c);
      say(b);
      if (!in && (in = cmd_in_new())) cmd_in_fd(in, 0);
      char *line = NULL;
      ssize_t n = in ? cmd_getdelim(in, &line, '\n') : 0;
      if (n <= 0 || (line[0] != 'y' && line[0] != 'Y')) {
        if (which >= 0) found[which]++;
        continue;
      }
    }
    int target = group ? -p->pgid : p->pid;
    int rc = acs_sys_kill(target, sig);
    if (which >= 0) found[which]++;
    if (rc) {
      if (!quiet) {
        char b[512];
        snprintf(b, sizeof b, "%s(%d): %s\n", p->comm, p->pid, cmd_strerror(rc));
        say(b);
      }
      status = 1;
      continue;
    }
    killed[nk++] = p->pid;
    if (verbose) {
      char b[512];
      snprintf(b, sizeof b, "Killed %s(%d) with signal %d\n", p->comm, p->pid, sig);
      say(b);
    }
  }
  cmd_in_free(in);
  for (int i = 0; i < nn; i++)
    if (!found[i]) {
      if (!quiet) {
        char b[1024];
        snprintf(b, sizeof b, "%s: no process found\n", names[i]);
        say(b);
      }
      status = 1;
    }
  if (!nn && !nk) status = 1;
  if (wait) {
    /* until every process signalled is gone (or a zombie) */
    for (int tries = 0; tries < 6000; tries++) {
      int alive = 0;
      for (int i = 0; i < nk; i++) {
        char path[64], st[512];
        snprintf(path, sizeof path, "/proc/%d/stat", killed[i]);
        ssize_t n = lib_read_small(path, st, sizeof st);
        char *close = n > 0 ? strrchr(st, ')') : NULL;
        if (close && close[2] != 'Z') alive++;
      }
      if (!alive) break;
      struct timespec ts = {0, 10000000};
      nanosleep(&ts, NULL);
    }
  }
  free(found);
  free(killed);
  lib_procs_free(&ps);
  return status;
}

/* timeout.c - run a command with a time limit.
**
** Usage: timeout [OPTION] DURATION COMMAND [ARG]...
**   or:  timeout [OPTION]
** Start COMMAND, and kill it if still running after DURATION.
**
** Mandatory arguments to long options are mandatory for short options too.
**       --preserve-status
**                  exit with the same status as COMMAND, even when the
**                    command times out
**       --foreground
**                  when not running timeout directly from a shell prompt,
**                    allow COMMAND to read from the TTY and get TTY signals;
**                    in this mode, children of COMMAND will not be timed out
**   -k, --kill-after=DURATION
**                  also send a KILL signal if COMMAND is still running
**                    this long after the initial signal was sent
**   -s, --signal=SIGNAL
**                  specify the signal to be sent on timeout;
**                    SIGNAL may be a name like 'HUP' or a number;
**                    see 'kill -l' for a list of signals
**   -v, --verbose  diagnose to stderr any signal sent upon timeout
**       --help        display this help and exit
**       --version     output version information and exit
**
** DURATION is a floating point number with an optional suffix:
** 's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.
** A duration of 0 disables the associated timeout.
**
** Upon timeout, send the TERM signal to COMMAND, if no other SIGNAL specified.
** The TERM signal kills any process that does not block or catch that signal.
** It may be necessary to use the KILL signal, since this signal can't be caught.
**
** Exit status:
**   124  if COMMAND times out, and --preserve-status is not specified
**   125  if the timeout command itself fails
**   126  if COMMAND is found but cannot be invoked
**   127  if COMMAND cannot be found
**   137  if COMMAND (or timeout itself) is sent the KILL (9) signal (128+9)
**   -    the exit status of COMMAND otherwise
*/

/* GNU coreutils' timeout. The command is spawned and its end awaited
** with a deadline (lib_run.c); the signal goes to the command (a box
** process has no process group of its own to take timeout down with it,
** so where GNU's timeout dies of its own KILL, this one exits 137). */
#include "cmd.h"
#include "lib_run.h"
#include "lib_sys.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static bool duration(const char *s, double *out)
{
  char *end;
  double v = strtod(s, &end);
  if (end == s || v < 0 || isnan(v)) return false;
  if (*end) {
    static const char suffix[] = "smhd";
    static const double scale[] = {1, 60, 3600, 86400};
    const char *k = strchr(suffix, *end);
    if (!k || end[1]) return false;
    v *= scale[k - suffix];
  }
  *out = v;
  return true;
}

static long ms_of(double s) { return s <= 0 ? -1 : s * 1000 > 9e15 ? (long)9e15 : (long)ceil(s * 1000); }

int acs__cmd_timeout(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"preserve-status", 256, CMD_NOARG}, {"foreground", 257, CMD_NOARG},
                                  {"kill-after", 'k', CMD_ARG},       {"signal", 's', CMD_ARG},
                                  {"verbose", 'v', CMD_NOARG},        {0}};
  bool preserve = false, verbose = false;
  double kill_after = 0;
  int sig = SIGTERM;
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "+k:s:v", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 256: preserve = true; break;
    case 257: break;
    case 'v': verbose = true; break;
    case 'k':
      if (!duration(g.arg, &kill_after)) {
        cmd_usage_error(c, "invalid time interval %s", cmd_quote(g.arg, q, sizeof q));
        return 125;
      }
      break;
    case 's':
      sig = lib_sig_number(g.arg);
      if (sig < 0) {
        cmd_usage_error(c, "%s: invalid signal", cmd_quote(g.arg, q, sizeof q));
        return 125;
      }
      break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 125;
  char **ops = cmd_operands(&g);
  if (g.nops < 2) { /* GNU's timeout says only "Try ..." here */
    lib_try_help(c);
    return 125;
  }
  double limit;
  if (!duration(ops[0], &limit)) {
    cmd_usage_error(c, "invalid time interval %s", cmd_quote(ops[0], q, sizeof q));
    return 125;
  }
  cmd_flush(c);
  char **cmdv = ops + 1;
  int pid = run_spawn(cmdv, NULL);
  if (pid < 0) {
    cmd_error(c, "failed to run command %s: %s", cmd_quote(cmdv[0], q, sizeof q), cmd_strerror(pid));
    return pid == -ENOENT ? 127 : 126;
  }
  int w = 0;
  int rc = run_wait(pid, &w, ms_of(limit));
  bool timed_out = false, killed = false;
  if (rc == 0) {
    timed_out = true;
    if (verbose) cmd_error(c, "sending signal %s to command %s", lib_sig_name(sig) ? lib_sig_name(sig) : "?", cmd_quote(cmdv[0], q, sizeof q));
    acs_sys_kill(pid, sig);
    killed = sig == SIGKILL;
    rc = run_wait(pid, &w, kill_after > 0 ? ms_of(kill_after) : -1);
    if (rc == 0) {
      if (verbose) cmd_error(c, "sending signal KILL to command %s", cmd_quote(cmdv[0], q, sizeof q));
      acs_sys_kill(pid, SIGKILL);
      killed = true;
      rc = run_wait(pid, &w, -1);
    }
  }
  if (rc < 0) {
    cmd_error(c, "error waiting for command: %s", cmd_strerror(rc));
    return 125;
  }
  if (killed) return 128 + SIGKILL; /* GNU's timeout dies of its KILL too */
  int status = run_exit_code(w);
  if (timed_out && !preserve) return 124;
  return status;
}

/* sleep.c - delay for a specified amount of time.
**
** Usage: sleep NUMBER[SUFFIX]...
**   or:  sleep OPTION
** Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
** 'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
** integer.  Given two or more arguments, pause for the amount of time
** specified by the sum of their values.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' sleep: every operand is checked before any pause (one bad
** operand and nothing sleeps), "inf" sleeps for ever. A signal ends it as
** any process: the default action of SIGTERM, SIGINT, SIGKILL. */
#include "cmd.h"
#include "lib_sys.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static bool interval(const char *s, double *out)
{
  char *end;
  errno = 0;
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

int acs__cmd_sleep(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {}
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops == 0) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  double total = 0;
  bool ok = true;
  for (int i = 0; i < g.nops; i++) {
    double v;
    char q[1024];
    if (!interval(cmd_operands(&g)[i], &v)) {
      cmd_error(c, "invalid time interval %s", cmd_quote(cmd_operands(&g)[i], q, sizeof q));
      ok = false;
    } else total += v;
  }
  if (!ok) {
    lib_try_help(c);
    return 1;
  }
  cmd_flush(c);
  while (total > 0) {
    /* a day at a time: time_t holds any sum, "inf" never ends */
    double chunk = total > 86400 ? 86400 : total;
    struct timespec ts = {(time_t)chunk, (long)((chunk - (double)(time_t)chunk) * 1e9)};
    struct timespec left;
    while (nanosleep(&ts, &left) != 0 && errno == EINTR) ts = left;
    if (!isinf(total)) total -= chunk;
  }
  return 0;
}

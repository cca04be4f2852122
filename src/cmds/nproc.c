/* nproc.c - print the number of processing units available.
**
** Usage: nproc [OPTION]...
** Print the number of processing units available to the current process,
** which may be less than the number of online processors
**
**       --all      print the number of installed processors
**       --ignore=N  if possible, exclude N processing units
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' nproc over the box's CPUs: the "processor" lines of the
** box's /proc/cpuinfo (the CPUs the box's processes may run on), or the
** process's CPU affinity when there is no /proc. OMP_NUM_THREADS and
** OMP_THREAD_LIMIT count as with GNU, unless --all. */
#include "cmd.h"
#include "lib_sys.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

static long box_cpus(void)
{
  static char buf[65536];
  ssize_t n = lib_read_small("/proc/cpuinfo", buf, sizeof buf);
  long count = 0;
  if (n > 0)
    for (char *p = buf; (p = strstr(p, "processor")); p++)
      if (p == buf || p[-1] == '\n') count++;
  if (count) return count;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return 1;
}

static long omp(const char *name)
{
  const char *v = getenv(name);
  if (!v || !*v) return 0;
  char *end;
  long n = strtol(v, &end, 10);
  while (*end == ' ' || *end == '\t') end++;
  if (*end == ',') return n > 0 ? n : 0; /* the first of a list */
  return *end || n < 0 ? 0 : n;
}

int acs__cmd_nproc(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"all", 256, CMD_NOARG}, {"ignore", 257, CMD_ARG}, {0}};
  bool all = false;
  int64_t ignore = 0;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 256) all = true;
    else if (!cmd_parse_num(g.arg, false, &ignore) || ignore < 0) {
      char q[1024];
      cmd_error(c, "invalid number: %s", cmd_quote(g.arg, q, sizeof q));
      return 1;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops) {
    char q[1024];
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[0], q, sizeof q));
    return 1;
  }
  long n = box_cpus();
  if (!all) {
    long want = omp("OMP_NUM_THREADS"), limit = omp("OMP_THREAD_LIMIT");
    if (want) n = want;
    if (limit && n > limit) n = limit;
  }
  n = ignore < n ? n - (long)ignore : 1;
  cmd_printf(c, "%ld\n", n);
  return 0;
}

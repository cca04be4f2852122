/* top.c - display the box's processes.
**
** Usage:
**   top -hv | -bcEeHiOSs1 -d secs -n max -u|U user -p pid(s) -o field -w [cols]
**
**   -b   batch mode: no terminal control (always so in a box)
**   -n N  iterations before ending (default: 1 without a terminal)
**   -d S  delay between iterations, in seconds
**   -c   the command line instead of the name
**   -p PID,...  only these processes
**   -u USER / -U USER  only this user's processes
**   -o FIELD  sort by FIELD (%CPU by default; PID, %MEM, TIME+, RES ...)
**   -h, -v  help and version
*/

/* procps-ng 4.0.2's top in batch mode over the box's /proc: the summary
** (uptime, tasks by state, CPU use, memory in MiB) and the task table
** with top's columns and widths. A box keeps no CPU accounting of its
** own, so %Cpu(s) reads idle and a task's %CPU is its CPU time over its
** life, as top's first iteration is. Without a terminal it prints its
** iterations and ends, as `top -b` does. */
#include "cmd.h"
#include "lib_proc.h"
#include "lib_sys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static lib_procs *g_ps;
static const char *g_sort;

static double pcpu_of(const lib_proc *p)
{
  double e = g_ps->uptime - (double)p->start / (double)g_ps->hz;
  if (e <= 0) return 0;
  return (double)(p->utime + p->stime) / (double)g_ps->hz * 100.0 / e;
}

static int cmp(const void *a, const void *b)
{
  const lib_proc *x = a, *y = b;
  double vx, vy;
  if (!strcasecmp(g_sort, "PID")) return x->pid - y->pid;
  if (!strcasecmp(g_sort, "%MEM") || !strcasecmp(g_sort, "RES")) vx = (double)x->rss, vy = (double)y->rss;
  else if (!strcasecmp(g_sort, "VIRT")) vx = (double)x->vsize, vy = (double)y->vsize;
  else if (!strcasecmp(g_sort, "TIME+") || !strcasecmp(g_sort, "TIME")) vx = (double)(x->utime + x->stime), vy = (double)(y->utime + y->stime);
  else vx = pcpu_of(x), vy = pcpu_of(y);
  if (vx != vy) return vx > vy ? -1 : 1;
  return x->pid - y->pid;
}

static void once(acs_cmd *c, bool cmdline, const int *pids, size_t npids, bool have_user, uint32_t user)
{
  lib_procs ps;
  if (lib_procs_read(&ps)) return;
  g_ps = &ps;
  char buf[4096];
  double l1 = 0, l5 = 0, l15 = 0;
  if (lib_read_small("/proc/loadavg", buf, sizeof buf) > 0) sscanf(buf, "%lf %lf %lf", &l1, &l5, &l15);
  unsigned long long tot = 0, fr = 0, avail = 0, cached = 0, buffers = 0;
  if (lib_read_small("/proc/meminfo", buf, sizeof buf) > 0) {
    char *p;
    if ((p = strstr(buf, "MemTotal:"))) tot = strtoull(p + 9, NULL, 10);
    if ((p = strstr(buf, "MemFree:"))) fr = strtoull(p + 8, NULL, 10);
    if ((p = strstr(buf, "MemAvailable:"))) avail = strtoull(p + 13, NULL, 10);
    if ((p = strstr(buf, "\nCached:"))) cached = strtoull(p + 8, NULL, 10);
    if ((p = strstr(buf, "Buffers:"))) buffers = strtoull(p + 8, NULL, 10);
  }
  time_t now = time(NULL);
  struct tm tm;
  localtime_r(&now, &tm);
  long s = (long)ps.uptime, days = s / 86400, hours = s / 3600 % 24, mins = s / 60 % 60;
  cmd_printf(c, "top - %02d:%02d:%02d up ", tm.tm_hour, tm.tm_min, tm.tm_sec);
  if (days) cmd_printf(c, "%ld day%s, ", days, days > 1 ? "s" : "");
  if (hours) cmd_printf(c, "%2ld:%02ld, ", hours, mins);
  else cmd_printf(c, "%ld min, ", mins);
  cmd_printf(c, " 0 user,  load average: %.2f, %.2f, %.2f\n", l1, l5, l15);
  int run = 0, sleep = 0, stop = 0, zomb = 0;
  for (size_t i = 0; i < ps.n; i++) {
    char st = ps.v[i].state;
    if (st == 'R') run++;
    else if (st == 'T' || st == 't') stop++;
    else if (st == 'Z') zomb++;
    else sleep++;
  }
  cmd_printf(c, "Tasks: %3zu total, %3d running, %3d sleeping, %3d stopped, %3d zombie\n", ps.n, run, sleep, stop, zomb);
  cmd_printf(c, "%%Cpu(s):%5.1f us,%5.1f sy,%5.1f ni,%5.1f id,%5.1f wa,%5.1f hi,%5.1f si,%5.1f st \n", 0.0, 0.0, 0.0,
             100.0, 0.0, 0.0, 0.0, 0.0);
  double mib = 1024.0;
  unsigned long long used = tot > fr + cached + buffers ? tot - fr - cached - buffers : 0;
  cmd_printf(c, "MiB Mem :%9.1f total,%9.1f free,%9.1f used,%9.1f buff/cache     \n", (double)tot / mib,
             (double)fr / mib, (double)used / mib, (double)(cached + buffers) / mib);
  cmd_printf(c, "MiB Swap:%9.1f total,%9.1f free,%9.1f used.%9.1f avail Mem \n\n", 0.0, 0.0, 0.0, (double)avail / mib);
  cmd_puts(c, "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n");
  lib_proc *list = calloc(ps.n + 1, sizeof *list);
  size_t n = 0;
  for (size_t i = 0; list && i < ps.n; i++) {
    lib_proc *p = &ps.v[i];
    if (npids) {
      bool hit = false;
      for (size_t k = 0; k < npids; k++) hit |= pids[k] == p->pid;
      if (!hit) continue;
    }
    if (have_user && p->euid != user) continue;
    list[n++] = *p;
  }
  qsort(list, n, sizeof *list, cmp);
  for (size_t i = 0; i < n; i++) {
    lib_proc *p = &list[i];
    char user[64], t[32];
    if (!cmd_user_name(p->euid, user, sizeof user) || strlen(user) > 8) snprintf(user, sizeof user, "%u", p->euid);
    unsigned long long cs = (p->utime + p->stime) * 100 / (unsigned long long)ps.hz;
    snprintf(t, sizeof t, "%llu:%02llu.%02llu", cs / 6000, cs / 100 % 60, cs % 100);
    double pmem = tot ? (double)p->rss * (double)ps.page / 1024.0 * 100.0 / (double)tot : 0;
    const char *name = cmdline && p->args && p->args[0] ? p->args : p->comm;
    cmd_printf(c, "%5d %-8s %3d %3d %7llu %6llu %6d %c %5.1f %5.1f %9s %s\n", p->pid, user, 20 + p->nice,
               p->nice, p->vsize / 1024, p->rss * (unsigned long long)ps.page / 1024, 0, p->state,
               pcpu_of(p), pmem, t, name);
  }
  free(list);
  lib_procs_free(&ps);
}

int acs__cmd_top(acs_cmd *c, int argc, char **argv)
{
  long iterations = 1;
  double delay = 3;
  bool cmdline = false, have_user = false;
  uint32_t user = 0;
  int *pids = NULL;
  size_t npids = 0;
  const char *sort = "%CPU";
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bcEeHiOSs1d:n:u:U:p:o:w::hv", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': cmdline = true; break;
    case 'n':
      iterations = atol(g.arg);
      if (iterations < 1) {
        cmd_error(c, "bad iterations argument '%s'", g.arg);
        return 1;
      }
      break;
    case 'd': delay = atof(g.arg); break;
    case 'u':
    case 'U':
      if (!cmd_user_id(g.arg, &user)) {
        cmd_error(c, "Invalid user");
        return 1;
      }
      have_user = true;
      break;
    case 'p':
      if (!lib_int_list(g.arg, &pids, &npids)) {
        cmd_error(c, "bad pid '%s'", g.arg);
        return 1;
      }
      break;
    case 'o': sort = g.arg[0] == '+' || g.arg[0] == '-' ? g.arg + 1 : g.arg; break;
    case 'h':
    case 'v':
      cmd_puts(c, "  procps-ng 4.0.2 (agent-code-sandbox)\n");
      cmd_puts(c, c->help);
      return 0;
    }
  }
  if (opt < 0) return 1;
  g_sort = sort;
  for (long i = 0; i < iterations && !cmd_out_error(c); i++) {
    if (i) {
      cmd_putc(c, '\n');
      cmd_flush(c);
      struct timespec ts = {(time_t)delay, (long)((delay - (double)(time_t)delay) * 1e9)};
      nanosleep(&ts, NULL);
    }
    once(c, cmdline, pids, npids, have_user, user);
  }
  free(pids);
  return 0;
}

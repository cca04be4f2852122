/* lib_proc.h - the box's processes as /proc shows them, for ps, pgrep,
** pkill, killall, pidof, top and uptime: one record per process with the
** fields procps reads, and procps's time formats. */
#ifndef ACS_CMDS_LIB_PROC_H
#define ACS_CMDS_LIB_PROC_H

#include "cmd.h"

typedef struct lib_proc {
  int pid, ppid, pgid, sid, nice, threads;
  uint32_t uid, euid, gid, egid;
  char state;
  char comm[64];
  char *args;            /* the command line, words joined by spaces ("" when none) */
  char **argv;           /* its words (NULL-terminated) */
  unsigned long long utime, stime, start; /* clock ticks; start since boot */
  unsigned long long vsize, rss;          /* bytes, pages */
} lib_proc;

typedef struct lib_procs {
  lib_proc *v;
  size_t n;
  double uptime;          /* seconds since the box started */
  long long boot;         /* the box's start, seconds since the epoch */
  unsigned long long mem_kb;
  long hz, page;
} lib_procs;

/* Every process of /proc, by pid. Returns 0 or a negative errno. */
int lib_procs_read(lib_procs *ps);
void lib_procs_free(lib_procs *ps);

/* A comma- or space-separated list into ints (pids, sids): false on junk */
bool lib_int_list(const char *s, int **out, size_t *n);
/* user names or ids into uids */
bool lib_user_list(const char *s, uint32_t **out, size_t *n);

/* Time formats of procps: [DD-]HH:MM:SS, MMM:SS, [[DD-]HH:]MM:SS */
void lib_fmt_time(char *b, size_t n, unsigned long long secs);
void lib_fmt_cputime_bsd(char *b, size_t n, unsigned long long secs);
void lib_fmt_etime(char *b, size_t n, unsigned long long secs);

#endif

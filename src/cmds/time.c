/* time.c - run programs and summarize system resource usage.
**
** Usage: time [OPTION...] COMMAND [ARG...]
** Run COMMAND, then print system resource usage.
**
**   -a, --append              with -o FILE, append instead of overwriting
**   -f, --format=FORMAT       use the specified FORMAT instead of the default
**   -o, --output=FILE         write to FILE instead of STDERR
**   -p, --portability         print POSIX standard 1003.2 conformant string:
**                               real %%e
**                               user %%U
**                               sys %%S
**   -q, --quiet               do not print information about abnormal program
**                             termination (non-zero exit codes or signals)
**   -v, --verbose             print all resource usage information instead of
**                             the default format
**       --help                display this help and exit
**   -V, --version             output version information and exit
**
** FORMAT: %e %E real time, %U %S user and system CPU seconds, %P CPU
** percentage, %M maximum resident kilobytes, %x exit status, %C the
** command line, %% a percent; the others GNU time knows print 0.
*/

/* GNU time 1.9's program (Debian's /usr/bin/time). The command is spawned
** and watched: its CPU times and resident size are read from the box's
** /proc while it runs (the box's wait returns no rusage), so a command
** shorter than the first look reports 0. "Command exited with non-zero
** status N" and "Command terminated by signal N" as GNU's. */
#include "cmd.h"
#include "lib_run.h"
#include "lib_sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct usage {
  double real, user, sys;
  unsigned long long maxrss_kb;
} usage;

static void look(int pid, usage *u)
{
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  if (lib_read_small(path, buf, sizeof buf) <= 0) return;
  char *p = strrchr(buf, ')');
  unsigned long long ut = 0, st = 0, rss = 0;
  if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %*d %*d %*d %*d %*d %*d %*u "
                          "%*u %llu", &ut, &st, &rss) < 2)
    return;
  long hz = sysconf(_SC_CLK_TCK), page = sysconf(_SC_PAGESIZE);
  if ((double)ut / (double)hz > u->user) u->user = (double)ut / (double)hz;
  if ((double)st / (double)hz > u->sys) u->sys = (double)st / (double)hz;
  if (rss * (unsigned long long)page / 1024 > u->maxrss_kb) u->maxrss_kb = rss * (unsigned long long)page / 1024;
}

static void emit(acs_cmd *c, char *out, size_t *len, size_t cap, const char *s)
{
  (void)c;
  size_t n = strlen(s);
  if (*len + n >= cap) n = cap - *len - 1;
  memcpy(out + *len, s, n);
  *len += n;
  out[*len] = 0;
}

static void format(acs_cmd *c, const char *f, const usage *u, int status, char **cmdv, char *out, size_t cap)
{
  size_t len = 0;
  out[0] = 0;
  char b[256];
  for (const char *p = f; *p; p++) {
    if (*p == '\\' && p[1]) {
      p++;
      emit(c, out, &len, cap, *p == 'n' ? "\n" : *p == 't' ? "\t" : *p == '\\' ? "\\" : (b[0] = '\\', b[1] = *p, b[2] = 0, b));
      continue;
    }
    if (*p != '%' || !p[1]) {
      b[0] = *p, b[1] = 0;
      emit(c, out, &len, cap, b);
      continue;
    }
    p++;
    double cpu = u->user + u->sys;
    switch (*p) {
    case '%': snprintf(b, sizeof b, "%%"); break;
    case 'e': snprintf(b, sizeof b, "%.2f", u->real); break;
    case 'E': {
      long cs = (long)(u->real * 100);
      long h = cs / 360000, m = cs / 6000 % 60;
      if (h) snprintf(b, sizeof b, "%ld:%02ld:%02ld", h, m, cs / 100 % 60);
      else snprintf(b, sizeof b, "%ld:%02ld.%02ld", m, cs / 100 % 60, cs % 100);
      break;
    }
    case 'U': snprintf(b, sizeof b, "%.2f", u->user); break;
    case 'S': snprintf(b, sizeof b, "%.2f", u->sys); break;
    case 'P':
      if (u->real > 0) snprintf(b, sizeof b, "%d%%", (int)(cpu * 100 / u->real));
      else snprintf(b, sizeof b, "?%%");
      break;
    case 'M': snprintf(b, sizeof b, "%llu", u->maxrss_kb); break;
    case 'x': snprintf(b, sizeof b, "%d", WIFEXITED(status) ? WEXITSTATUS(status) : 0); break;
    case 'C': {
      b[0] = 0;
      for (char **a = cmdv; *a; a++) {
        if (a != cmdv) emit(c, out, &len, cap, " ");
        emit(c, out, &len, cap, *a);
      }
      break;
    }
    case 'X': case 'D': case 'K': case 't': case 'p': case 'k': case 'I': case 'O': case 'F':
    case 'R': case 'W': case 'c': case 'w': case 'r': case 's': case 'Z':
      snprintf(b, sizeof b, "0");
      break;
    default: snprintf(b, sizeof b, "?%c", *p);
    }
    emit(c, out, &len, cap, b);
  }
}

int acs__cmd_time(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"append", 'a', CMD_NOARG}, {"format", 'f', CMD_ARG},
                                  {"output", 'o', CMD_ARG},   {"portability", 'p', CMD_NOARG},
                                  {"quiet", 'q', CMD_NOARG},  {"verbose", 'v', CMD_NOARG},
                                  {"version", 'V', CMD_NOARG}, {0}};
  const char *fmt = "%Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata %Mmaxresident)k\n"
                    "%Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults %Wswaps";
  const char *outfile = NULL;
  bool append = false, quiet = false, verbose = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "+af:o:pqvV", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': append = true; break;
    case 'f': fmt = g.arg; break;
    case 'o': outfile = g.arg; break;
    case 'p': fmt = "real %e\nuser %U\nsys %S"; break;
    case 'q': quiet = true; break;
    case 'v': verbose = true; break;
    case 'V': cmd_puts(c, "time (GNU Time) 1.9 (agent-code-sandbox)\n"); return 0;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 125;
  if (verbose)
    fmt = "\tCommand being timed: \"%C\"\n\tUser time (seconds): %U\n\tSystem time (seconds): %S\n"
          "\tPercent of CPU this job got: %P\n\tElapsed (wall clock) time (h:mm:ss or m:ss): %E\n"
          "\tMaximum resident set size (kbytes): %M\n\tExit status: %x";
  if (!g.nops) {
    cmd_usage_error(c, "missing program to run");
    return 125;
  }
  int ofd = 2;
  if (outfile) {
    ofd = acs_sys_open(outfile, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0666);
    if (ofd < 0) {
      char q[1024];
      cmd_error(c, "couldn't write file: %s: %s", cmd_quotef(outfile, q, sizeof q), cmd_strerror(ofd));
      return 1;
    }
  }
  char **cmdv = cmd_operands(&g);
  cmd_flush(c);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  usage u = {0};
  int pid = run_spawn(cmdv, NULL);
  int w = 0, status;
  if (pid < 0) {
    char msg[1024];
    int n = snprintf(msg, sizeof msg, "%s: cannot run %s: %s\n", c->name, cmdv[0], cmd_strerror(pid));
    acs_sys_write_all(2, msg, (size_t)n);
    status = pid == -ENOENT ? 127 : 126;
    w = status << 8;
  } else {
    for (;;) {
      look(pid, &u);
      int rc = run_wait(pid, &w, 50);
      if (rc != 0) break;
    }
    status = run_exit_code(w);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  u.real = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  char out[8192];
  size_t len = 0;
  if (!quiet) {
    if (WIFSIGNALED(w)) len = (size_t)snprintf(out, sizeof out, "Command terminated by signal %d\n", WTERMSIG(w));
    else if (WEXITSTATUS(w)) len = (size_t)snprintf(out, sizeof out, "Command exited with non-zero status %d\n", WEXITSTATUS(w));
  }
  format(c, fmt, &u, w, cmdv, out + len, sizeof out - len - 1);
  len = strlen(out);
  out[len++] = '\n';
  acs_sys_write_all(ofd, out, len);
  if (outfile) acs_sys_close(ofd);
  return status;
}

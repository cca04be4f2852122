/* box_bench.c - the box's figures (issue "The box"): boot to the first
** program's exit, a spawn in a running box, an idle box's private memory,
** and one kernel round trip (stat) from a guest, next to the host's own
** stat(2). Its own program table stands in for the commands.
** usage: box_bench [N] */
#include <acs.h>

#include "sys/sys.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double pct(double *v, int n, double p)
{
  qsort(v, (size_t)n, sizeof *v, cmp);
  int i = (int)(p * (n - 1) + 0.5);
  return v[i];
}

static int p_true(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  return 0;
}

/* N stats of one file through the kernel: prints ns per call */
static int p_statloop(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 10000;
  acs__sys_stat st;
  double t0 = now_ms();
  for (int i = 0; i < n; i++) acs_sys_stat("/etc/passwd", &st);
  double t1 = now_ms();
  char b[64];
  int k = snprintf(b, sizeof b, "%.0f\n", (t1 - t0) * 1e6 / n);
  acs_sys_write_all(1, b, (size_t)k);
  return 0;
}

const acs__program acs__programs[] = {{"statloop", p_statloop}, {"true", p_true}};
const size_t acs__program_count = 2;

static acs_exec_result *spawn(acs_box *b, const char *const *argv, size_t argc)
{
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = argc};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  if (acs_box_spawn(b, &o, &r, &err)) {
    fprintf(stderr, "spawn: %s\n", err.message);
    exit(1);
  }
  return r;
}

/* Private memory (kB) of a process and its descendants. */
static long private_kb(pid_t pid)
{
  char p[128], line[256];
  long kb = 0;
  snprintf(p, sizeof p, "/proc/%d/smaps_rollup", (int)pid);
  FILE *f = fopen(p, "r");
  if (f) {
    while (fgets(line, sizeof line, f)) {
      long v;
      if (sscanf(line, "Private_Clean: %ld", &v) == 1 || sscanf(line, "Private_Dirty: %ld", &v) == 1)
        kb += v;
    }
    fclose(f);
  }
  snprintf(p, sizeof p, "/proc/%d/task/%d/children", (int)pid, (int)pid);
  f = fopen(p, "r");
  if (f) {
    int c;
    while (fscanf(f, "%d", &c) == 1) kb += private_kb(c);
    fclose(f);
  }
  return kb;
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 200;
  double *t = calloc((size_t)n, sizeof *t);
  const char *tr[] = {"true"};

  for (int i = 0; i < n; i++) {
    double a = now_ms();
    acs_box *b = NULL;
    acs_err err = {0};
    if (acs_box_new(NULL, &b, &err)) {
      fprintf(stderr, "box: %s\n", err.message);
      return 1;
    }
    acs_exec_result_free(spawn(b, tr, 1));
    t[i] = now_ms() - a;
    acs_box_free(b);
  }
  printf("boot to the first program's exit (true): p50 %.2f ms, p99 %.2f ms\n", pct(t, n, 0.5),
         pct(t, n, 0.99));

  acs_box *b = NULL;
  acs_err err = {0};
  if (acs_box_new(NULL, &b, &err)) return 1;
  for (int i = 0; i < n; i++) {
    double a = now_ms();
    acs_exec_result_free(spawn(b, tr, 1));
    t[i] = now_ms() - a;
  }
  printf("a program in a running box (true): p50 %.2f ms, p99 %.2f ms\n", pct(t, n, 0.5),
         pct(t, n, 0.99));

  usleep(100 * 1000);
  long self = 0, all = private_kb(getpid());
  {
    char p[64], line[256];
    snprintf(p, sizeof p, "/proc/%d/smaps_rollup", (int)getpid());
    FILE *f = fopen(p, "r");
    long v;
    while (f && fgets(line, sizeof line, f))
      if (sscanf(line, "Private_Clean: %ld", &v) == 1 || sscanf(line, "Private_Dirty: %ld", &v) == 1) self += v;
    if (f) fclose(f);
  }
  printf("an idle box: %ld kB private (kernel and zygote)\n", all - self);

  /* statloop is this file's program: a box whose programs all come from
  ** this binary's zygote (the slim one, acs-zygote, has the box's own) */
  acs_box_free(b);
  setenv("ACS_ZYGOTE_BIN", "/nonexistent", 1);
  if (acs_box_new(NULL, &b, &err)) return 1;
  const char *sl[] = {"statloop", "20000"};
  acs_exec_result *r = spawn(b, sl, 2);
  struct stat st;
  double a = now_ms();
  for (int i = 0; i < 20000; i++) stat("/etc/passwd", &st);
  double host = (now_ms() - a) * 1e6 / 20000;
  printf("a kernel round trip (stat of a file) from a guest: %s ns (the host's stat(2): %.0f ns)\n",
         strtok(r->stdout_data, "\n"), host);
  acs_exec_result_free(r);
  acs_box_free(b);
  return 0;
}

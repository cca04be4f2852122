/* measure.c - run a command N times; print the median and min wall time
** (ms) and the peak RSS (MB) of the whole process tree. With MEASURE_CPU=1
** in the environment, a fourth field: the median CPU time (user + system,
** ms) of the process tree, which other load on the machine disturbs less.
** usage: measure N CMD [ARGS...] */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
  if (argc < 3) { fprintf(stderr, "usage: measure N CMD [ARGS...]\n"); return 2; }
  int n = atoi(argv[1]);
  double *t = calloc((size_t)n, sizeof *t), *cpu = calloc((size_t)n, sizeof *cpu);
  const char *want_cpu = getenv("MEASURE_CPU");
  struct rusage before;
  getrusage(RUSAGE_CHILDREN, &before);
  long peak = 0;
  for (int i = 0; i < n; i++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    pid_t pid = fork();
    if (pid == 0) {
      int null = open("/dev/null", O_WRONLY);
      dup2(null, 1);
      execvp(argv[2], argv + 2);
      _exit(127);
    }
    int st;
    struct rusage ru;
    wait4(pid, &st, 0, &ru);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      fprintf(stderr, "measure: %s failed (status %d)\n", argv[2], st);
      return 1;
    }
    t[i] = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
    /* The largest descendant waited for so far (acs's worker included). */
    struct rusage all;
    getrusage(RUSAGE_CHILDREN, &all);
    if (all.ru_maxrss > peak) peak = all.ru_maxrss;
    if (ru.ru_maxrss > peak) peak = ru.ru_maxrss;
    /* every waited-for descendant's CPU time, this run's share */
    double now = (double)(all.ru_utime.tv_sec + all.ru_stime.tv_sec) * 1e3 +
                 (double)(all.ru_utime.tv_usec + all.ru_stime.tv_usec) / 1e3;
    double was = (double)(before.ru_utime.tv_sec + before.ru_stime.tv_sec) * 1e3 +
                 (double)(before.ru_utime.tv_usec + before.ru_stime.tv_usec) / 1e3;
    cpu[i] = now - was;
    before = all;
  }
  qsort(t, (size_t)n, sizeof *t, cmp);
  qsort(cpu, (size_t)n, sizeof *cpu, cmp);
  printf("%.2f %.2f %.1f", t[n / 2], t[0], (double)peak / 1024.0);
  if (want_cpu && *want_cpu == '1') printf(" %.2f", cpu[n / 2]);
  printf("\n");
  return 0;
}

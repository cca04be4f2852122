/* measure.c - run a command N times; print the median and min wall time
** (ms) and the peak RSS (MB) of the whole process tree.
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
  double *t = calloc((size_t)n, sizeof *t);
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
  }
  qsort(t, (size_t)n, sizeof *t, cmp);
  printf("%.2f %.2f %.1f\n", t[n / 2], t[0], (double)peak / 1024.0);
  return 0;
}

/* session_bench.c - a session's round trip: acs_box_session_run of
** `echo hi` in a warm session (the shell already running), next to a
** fresh `bash -c 'echo hi'` per call (acs_box_spawn), and a run of 1000
** external `true` in a session. Percentiles in ms. The box's real
** commands and shell (this file defines no program table). */
#include <acs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void report(const char *what, double *v, int n)
{
  qsort(v, (size_t)n, sizeof *v, cmp);
  printf("%-44s p50 %7.3f ms  p90 %7.3f ms  p99 %7.3f ms  (n=%d)\n", what, v[n / 2], v[n * 9 / 10],
         v[n * 99 / 100], n);
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 200;
  if (n < 10) n = 10;
  double *v = calloc((size_t)n, sizeof *v);
  acs_err err = {0};
  acs_box *box;
  acs_box_session *s;
  if (acs_box_new(NULL, &box, &err) || acs_box_session_new(box, NULL, &s, &err)) {
    fprintf(stderr, "session_bench: %s\n", err.message ? err.message : "?");
    return 1;
  }
  acs_box_run_options ro = {.version = ACS_BOX_RUN_OPTIONS_VERSION, .script = "echo hi"};
  for (int i = 0; i < n + 5; i++) {
    acs_exec_result *r;
    double t0 = now_ms();
    if (acs_box_session_run(s, &ro, &r, &err) || strcmp(r->stdout_data, "hi\n")) return 1;
    if (i >= 5) v[i - 5] = now_ms() - t0;
    acs_exec_result_free(r);
  }
  report("session run 'echo hi' (warm shell)", v, n);
  const char *av[] = {"bash", "-c", "echo hi"};
  acs_box_spawn_options so = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = av, .argc = 3};
  for (int i = 0; i < n; i++) {
    acs_exec_result *r;
    double t0 = now_ms();
    if (acs_box_spawn(box, &so, &r, &err)) return 1;
    v[i] = now_ms() - t0;
    acs_exec_result_free(r);
  }
  report("acs_box_spawn bash -c 'echo hi' (fresh shell)", v, n);
  ro.script = "for i in $(seq 1000); do /usr/bin/true; done";
  int m = 5;
  for (int i = 0; i < m; i++) {
    acs_exec_result *r;
    double t0 = now_ms();
    if (acs_box_session_run(s, &ro, &r, &err)) return 1;
    v[i] = now_ms() - t0;
    acs_exec_result_free(r);
  }
  report("session run of 1000 /usr/bin/true", v, m);
  acs_box_session_free(s);
  acs_box_free(box);
  free(v);
  return 0;
}

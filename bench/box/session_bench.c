/* session_bench.c - a session's round trip: acs_box_session_run of
** `echo hi` in a warm session (the shell already running), next to a
** fresh `bash -c 'echo hi'` per call (acs_box_spawn; back to back, and 5
** ms apart as an agent's commands come), `node -e
** 'console.log(1)'` in the warm box both ways (issue 19's goal: <= 5 ms),
** and a run of 1000 external `true` in a session. Percentiles in ms. The box's real
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

/* n timed session runs of script after `warm` untimed ones; each must
** print want (NULL: anything) */
static int time_session(acs_box_session *s, const char *script, const char *want, double *v, int n,
                        int warm, int gap_ms)
{
  acs_err err = {0};
  acs_box_run_options ro = {.version = ACS_BOX_RUN_OPTIONS_VERSION, .script = script};
  for (int i = 0; i < n + warm; i++) {
    acs_exec_result *r;
    double t0 = now_ms();
    if (acs_box_session_run(s, &ro, &r, &err)) {
      fprintf(stderr, "session_bench: %s\n", err.message ? err.message : "?");
      return 1;
    }
    if (want && strcmp(r->stdout_data, want)) {
      fprintf(stderr, "session_bench: %s printed '%s'\n", script, r->stdout_data);
      return 1;
    }
    if (i >= warm) v[i - warm] = now_ms() - t0;
    acs_exec_result_free(r);
    if (gap_ms) nanosleep(&(struct timespec){0, gap_ms * 1000000L}, NULL);
  }
  return 0;
}

/* n timed acs_box_spawn runs of argv, after `warm` untimed ones, gap_ms
** apart (as an agent's commands come) or back to back (0) */
static int time_spawn(acs_box *box, const char **argv, int argc, double *v, int n, int warm,
                      int gap_ms)
{
  acs_err err = {0};
  acs_box_spawn_options so = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = argc};
  for (int i = 0; i < n + warm; i++) {
    acs_exec_result *r;
    double t0 = now_ms();
    if (acs_box_spawn(box, &so, &r, &err)) {
      fprintf(stderr, "session_bench: %s\n", err.message ? err.message : "?");
      return 1;
    }
    if (i >= warm) v[i - warm] = now_ms() - t0;
    acs_exec_result_free(r);
    if (gap_ms) nanosleep(&(struct timespec){0, gap_ms * 1000000L}, NULL);
  }
  return 0;
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
  if (time_session(s, "echo hi", "hi\n", v, n, 5, 0)) return 1;
  report("session run 'echo hi' (warm shell)", v, n);
  const char *bash[] = {"bash", "-c", "echo hi"};
  if (time_spawn(box, bash, 3, v, n, 0, 0)) return 1;
  report("acs_box_spawn bash -c 'echo hi' (fresh shell)", v, n);
  if (time_spawn(box, bash, 3, v, n, 0, 5)) return 1;
  report("the same, 5 ms apart", v, n);
  /* the first node of a box makes node's zygote: the warm-up runs it */
  if (time_session(s, "node -e 'console.log(1)'", "1\n", v, n, 5, 0)) return 1;
  report("session run node -e 'console.log(1)'", v, n);
  /* as an agent's commands come: with a pause between them */
  if (time_session(s, "node -e 'console.log(1)'", "1\n", v, n / 2, 0, 20)) return 1;
  report("the same, 20 ms apart", v, n / 2);
  const char *node[] = {"node", "-e", "console.log(1)"};
  if (time_spawn(box, node, 3, v, n, 5, 0)) return 1;
  report("acs_box_spawn node -e 'console.log(1)'", v, n);
  int m = 5;
  if (time_session(s, "for i in $(seq 1000); do /usr/bin/true; done", NULL, v, m, 0, 0)) return 1;
  report("session run of 1000 /usr/bin/true", v, m);
  acs_box_session_free(s);
  acs_box_free(box);
  free(v);
  return 0;
}

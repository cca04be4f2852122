/* jobs.c - background jobs without a terminal: the table of the lists
** run with &, `jobs`, `wait` (all, pids, job specs, -n), `fg` and `bg`,
** `disown`, and %N specs for kill. A job is one child (a background
** pipeline runs in one child shell). Its end is seen by polling the
** children with WNOHANG, so `wait -n` notices whichever ends first.
** fg and bg answer as bash without job control does. A child shell gets
** the table to list (`jobs | wc -l`), not to wait for.
**
** Job specs as bash reads them: %N, %% and %+ (the current job, the
** newest), %- (the one before), %NAME (the job whose command starts with
** NAME), %?TEXT (the job whose command contains TEXT). */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

typedef struct job {
  int id, pid;
  char *text;
  bool done;
  int status;
  bool foreign; /* a parent shell's job (in a child shell): listed, not waited for */
} job;

static job jobs[256];
static int njobs;

void jobs_add(int pid, const char *text)
{
  if (njobs == (int)(sizeof jobs / sizeof *jobs)) {
    /* full: the oldest finished job (or the oldest) makes room */
    int k = 0;
    for (int i = 0; i < njobs; i++)
      if (jobs[i].done) {
        k = i;
        break;
      }
    free(jobs[k].text);
    memmove(jobs + k, jobs + k + 1, (size_t)(njobs - k - 1) * sizeof *jobs);
    njobs--;
  }
  int id = njobs ? jobs[njobs - 1].id + 1 : 1;
  jobs[njobs++] = (job){id, pid, xstrdup(text ? text : ""), false, 0, false};
}

void jobs_send(sbuf *b, void (*put)(sbuf *, const char *))
{
  char num[32];
  for (int i = 0; i < njobs; i++) {
    if (jobs[i].done) continue;
    put(b, "J");
    snprintf(num, sizeof num, "%d", jobs[i].id);
    put(b, num);
    snprintf(num, sizeof num, "%d", jobs[i].pid);
    put(b, num);
    put(b, jobs[i].text);
  }
}

void jobs_receive(int id, int pid, const char *text)
{
  if (njobs == (int)(sizeof jobs / sizeof *jobs)) return;
  jobs[njobs++] = (job){id, pid, xstrdup(text), false, 0, true};
}

static void drop(int k)
{
  free(jobs[k].text);
  memmove(jobs + k, jobs + k + 1, (size_t)(njobs - k - 1) * sizeof *jobs);
  njobs--;
}

/* notice the jobs that ended */
static void poll_jobs(void)
{
  for (int i = 0; i < njobs; i++) {
    if (jobs[i].done || jobs[i].foreign) continue;
    int w = 0;
    int rc = acs_sys_wait(jobs[i].pid, &w, WNOHANG);
    if (rc == jobs[i].pid) {
      jobs[i].done = true;
      jobs[i].status = status_of(w);
    } else if (rc < 0) { /* reaped elsewhere */
      jobs[i].done = true;
      jobs[i].status = 127;
    }
  }
}

static void nap(void)
{
  struct timespec ts = {0, 5 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

/* wait for job k to end: its status */
static int wait_job(int k)
{
  if (jobs[k].foreign) return 127;
  if (!jobs[k].done) {
    int w = 0;
    int rc = acs_sys_wait(jobs[k].pid, &w, 0);
    jobs[k].done = true;
    jobs[k].status = rc == jobs[k].pid ? status_of(w) : 127;
  }
  return jobs[k].status;
}

/* the job a spec names: its index, -1 none (-2 when spec is no job spec) */
static int job_of(const char *spec)
{
  if (spec[0] != '%') return -2;
  const char *s = spec + 1;
  if (!*s || !strcmp(s, "%") || !strcmp(s, "+")) return njobs - 1;
  if (!strcmp(s, "-")) return njobs - 2;
  if (*s >= '0' && *s <= '9') {
    char *end;
    long id = strtol(s, &end, 10);
    if (*end) return -1;
    for (int i = 0; i < njobs; i++)
      if (jobs[i].id == id) return i;
    return -1;
  }
  int found = -1;
  for (int i = njobs - 1; i >= 0; i--) {
    bool m = *s == '?' ? strstr(jobs[i].text, s + 1) != NULL : !strncmp(jobs[i].text, s, strlen(s));
    if (m && found < 0) found = i;
  }
  return found;
}

int jobs_pid(const char *spec)
{
  int k = job_of(spec);
  if (k == -2) return -2;
  return k >= 0 && k < njobs ? jobs[k].pid : -1;
}

static char mark(int k) { return k == njobs - 1 ? '+' : k == njobs - 2 ? '-' : ' '; }

static void print_job(int k, bool pid, bool pid_only)
{
  job *j = &jobs[k];
  if (pid_only) {
    out_printf("%d\n", j->pid);
    return;
  }
  char state[32];
  if (!j->done) snprintf(state, sizeof state, "Running");
  else if (j->status == 0) snprintf(state, sizeof state, "Done");
  else snprintf(state, sizeof state, "Done(%d)", j->status);
  if (pid) out_printf("[%d]%c %d %-22s%s%s\n", j->id, mark(k), j->pid, state, j->text, j->done ? "" : " &");
  else out_printf("[%d]%c  %-24s%s%s\n", j->id, mark(k), state, j->text, j->done ? "" : " &");
}

int bi_jobs(int argc, char **argv)
{
  bool l = false, p = false, s = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 'l') l = true;
      else if (*c == 'p') p = true;
      else if (*c == 'r') {}
      else if (*c == 's') s = true;
      else if (*c != 'n') {
        sh_error("jobs: -%c: invalid option", *c);
        sh_usage("jobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n");
        return 2;
      }
    }
  }
  poll_jobs();
  int st = 0;
  if (i < argc) {
    for (; i < argc; i++) {
      int k = job_of(argv[i]);
      if (k < 0 || k >= njobs) {
        sh_error("jobs: %s: no such job", argv[i]);
        st = 1;
        continue;
      }
      print_job(k, l, p);
    }
    return st;
  }
  /* a shell without a terminal drops finished jobs unreported, as bash */
  for (int k = 0; k < njobs; k++) {
    if (jobs[k].done || s) continue;
    print_job(k, l, p);
  }
  for (int k = njobs - 1; k >= 0; k--)
    if (jobs[k].done) drop(k);
  return st;
}

int bi_wait(int argc, char **argv)
{
  out_flush();
  int i = 1;
  bool any = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    if (!strcmp(argv[i], "-n")) any = true;
    else if (strcmp(argv[i], "-f")) {
      sh_error("wait: %s: invalid option", argv[i]);
      sh_usage("wait: usage: wait [-fn] [-p var] [id ...]\n");
      return 2;
    }
  }
  if (any) {
    /* the first of the jobs (or of those named) to end */
    bool live = false;
    for (int k = 0; k < njobs; k++) live |= !jobs[k].done && !jobs[k].foreign;
    if (!live) {
      for (int k = 0; k < njobs; k++)
        if (jobs[k].done) {
          int st = jobs[k].status;
          drop(k);
          return st;
        }
      return 127;
    }
    for (;;) {
      poll_jobs();
      for (int k = 0; k < njobs; k++)
        if (jobs[k].done) {
          int st = jobs[k].status;
          drop(k);
          return st;
        }
      trap_run_pending();
      nap();
    }
  }
  if (i >= argc) {
    for (int k = 0; k < njobs; k++) wait_job(k);
    while (njobs) drop(njobs - 1);
    procsub_wait(sh.last_bg);
    return 0;
  }
  int st = 0;
  for (; i < argc; i++) {
    const char *a = argv[i];
    int k = job_of(a);
    if (k == -2) {
      char *end;
      long pid = strtol(a, &end, 10);
      if (!*a || *end || pid <= 0) {
        sh_error("wait: `%s': not a pid or valid job spec", a);
        st = 1;
        continue;
      }
      for (k = 0; k < njobs && jobs[k].pid != pid; k++) {}
      if (k == njobs) {
        int ps = procsub_wait((int)pid);
        if (ps >= 0) {
          st = ps;
          continue;
        }
        sh_error("wait: pid %ld is not a child of this shell", pid);
        st = 127;
        continue;
      }
    } else if (k < 0 || k >= njobs) {
      sh_error("wait: %s: no such job", a);
      st = 127;
      continue;
    }
    st = wait_job(k);
    drop(k);
  }
  return st;
}

/* fg and bg need job control, which a shell without a terminal lacks */
int bi_fg(int argc, char **argv)
{
  (void)argc, (void)argv;
  sh_error("fg: no job control");
  return 1;
}

int bi_bg(int argc, char **argv)
{
  (void)argc, (void)argv;
  sh_error("bg: no job control");
  return 1;
}

int bi_disown(int argc, char **argv)
{
  int i = 1;
  bool all = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (strchr(argv[i], 'a')) all = true;
  }
  if (all) {
    while (njobs) drop(njobs - 1);
    return 0;
  }
  if (i >= argc) {
    if (!njobs) {
      sh_error("disown: current: no such job");
      return 1;
    }
    drop(njobs - 1);
    return 0;
  }
  int st = 0;
  for (; i < argc; i++) {
    int k = job_of(argv[i]);
    if (k == -2) {
      long pid = strtol(argv[i], NULL, 10);
      for (k = 0; k < njobs && jobs[k].pid != pid; k++) {}
      if (k == njobs) k = -1;
    }
    if (k < 0 || k >= njobs) {
      sh_error("disown: %s: no such job", argv[i]);
      st = 1;
      continue;
    }
    drop(k);
  }
  return st;
}

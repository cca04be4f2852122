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
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

typedef struct job {
  int id, pid;  /* with job control, pid is the job's process group */
  char *text;
  bool done;
  int status;
  bool foreign; /* a parent shell's job (in a child shell): listed, not waited for */
  bool stopped; /* ^Z or SIGSTOP (job control) */
  bool notified; /* its end was told (an interactive shell tells before a prompt) */
  bool stop_told; /* its last stop was told (or listed) */
  int pids[16], npids; /* the processes not yet reaped (job control; 0: just pid) */
} job;

static job jobs[256];
static int njobs;

void fprintf_job_start(int id, int pid);

static void add_job(int pid, const char *text, bool tell);
void jobs_add(int pid, const char *text) { add_job(pid, text, sh.interactive); }
void jobs_add_quiet(int pid, const char *text) { add_job(pid, text, false); }

static void add_job(int pid, const char *text, bool tell)
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
  jobs[njobs++] = (job){.id = id, .pid = pid, .text = xstrdup(text ? text : "")};
  if (tell) fprintf_job_start(id, pid);
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
  jobs[njobs++] = (job){.id = id, .pid = pid, .text = xstrdup(text), .foreign = true};
}

static void drop(int k)
{
  free(jobs[k].text);
  memmove(jobs + k, jobs + k + 1, (size_t)(njobs - k - 1) * sizeof *jobs);
  njobs--;
}

/* a wait status of one of job j's processes */
static void job_saw(job *j, int pid, int w)
{
  if (WIFSTOPPED(w)) {
    if (!j->stopped) j->stop_told = false;
    j->stopped = true;
    j->status = 128 + WSTOPSIG(w);
    return;
  }
  if (w == 0xffff) { /* continued */
    j->stopped = false;
    return;
  }
  int k = 0;
  while (k < j->npids && j->pids[k] != pid) k++;
  if (k < j->npids) j->pids[k] = j->pids[--j->npids];
  j->status = status_of(w);
  if (j->npids == 0) j->done = true;
}

/* notice the jobs that ended (or stopped, or went on) */
static void poll_jobs(void)
{
  int opts = WNOHANG | (sh.monitor ? WUNTRACED | WCONTINUED : 0);
  for (int i = 0; i < njobs; i++) {
    job *j = &jobs[i];
    if (j->done || j->foreign) continue;
    if (!j->npids) j->pids[j->npids++] = j->pid;
    for (int k = 0; k < j->npids && !j->done;) {
      int w = 0, pid = j->pids[k];
      int rc = acs_sys_wait(pid, &w, opts);
      if (rc == pid) {
        int before = j->npids;
        job_saw(j, pid, w);
        if (j->npids == before) k++;
      } else if (rc < 0) { /* reaped elsewhere */
        j->pids[k] = j->pids[--j->npids];
        j->status = 127;
        if (!j->npids) j->done = true;
      } else {
        k++;
      }
    }
  }
}

static void nap(void)
{
  struct timespec ts = {0, 5 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

/* wait for job k to end: its status */
static volatile sig_atomic_t interrupted;
static volatile sig_atomic_t self_int; /* the SIGINT came to the shell, not to a job */
static void poll_jobs(void);

static int wait_job(int k)
{
  if (jobs[k].foreign) return 127;
  if (sh.monitor && !sh.in_child) {
    /* with job control the shell itself gets ^C (or a session's stop) while
    ** it waits: it looks between naps, and gives the wait up */
    int id = jobs[k].id;
    for (;;) {
      poll_jobs();
      for (k = 0; k < njobs && jobs[k].id != id; k++) {}
      if (k == njobs) return 127;
      if (jobs[k].done || jobs[k].stopped) return jobs[k].status;
      if (interrupted) return 130;
      trap_run_pending();
      nap();
    }
  }
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

bool jobs_stopped(const char *spec)
{
  int k = job_of(spec);
  return k >= 0 && k < njobs && !jobs[k].done && jobs[k].stopped;
}

/* an ended job's words: Done, Exit N, or the signal's (Terminated) */
static void done_state(const job *j, char *b, size_t n)
{
  if (j->status == 0) snprintf(b, n, "Done");
  else if (j->status > 128) snprintf(b, n, "%s", strsignal(j->status - 128));
  else snprintf(b, n, "Exit %d", j->status);
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
  /* -l names the stop: "Stopped (tty input)", "Stopped (signal)" (strsignal's words, as bash's) */
  if (!j->done && j->stopped)
    snprintf(state, sizeof state, "%s", pid && j->status > 128 ? strsignal(j->status - 128) : "Stopped");
  else if (!j->done) snprintf(state, sizeof state, "Running");
  else done_state(j, state, sizeof state);
  j->stop_told = true;
  const char *amp = j->done || j->stopped ? "" : " &";
  if (pid) out_printf("[%d]%c %5d %-24s%s%s\n", j->id, mark(k), j->pid, state, j->text, amp);
  else out_printf("[%d]%c  %-24s%s%s\n", j->id, mark(k), state, j->text, amp);
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
  /* a shell without a terminal drops finished jobs unreported, as bash;
  ** with job control they are listed once, as Done */
  for (int k = 0; k < njobs; k++) {
    if ((jobs[k].done && (!sh.monitor || jobs[k].notified)) || (s && !jobs[k].stopped)) continue;
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
    for (int k = 0; k < njobs; k++)
      if (wait_job(k) == 130 && interrupted) return 130;
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
    if (!jobs[k].done && interrupted) return 130;
    if (jobs[k].done) drop(k);
  }
  return st;
}

/* ---- job control (a terminal, or a session) ----------------------------- */

void fprintf_job_start(int id, int pid)
{
  char b[64];
  int n = snprintf(b, sizeof b, "[%d] %d\n", id, pid);
  out_flush();
  sh_write(2, b, (size_t)n);
}

/* A foreground job being started and waited for: its process group (the
** first process's pid), the processes not yet reaped, whether one stopped. */
static struct {
  int depth;
  bool bg;
  int pgid;
  int pids[16], npids;
  bool stopped;
  int stop_sig;
  char *text;
} fg;

static void on_sigint(int sig)
{
  (void)sig;
  interrupted = 1;
  self_int = 1;
}

bool jc_interrupted(void) { return interrupted != 0; }
void jc_clear_interrupt(void) { interrupted = self_int = 0; }

bool jc_took_sigint(void)
{
  bool was = self_int != 0;
  self_int = 0;
  return was;
}

void jc_init(int tty_fd)
{
  sh.monitor = true;
  sh.tty_fd = tty_fd;
  /* the shell stays: ^C, ^Z and ^\ are for its jobs */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_sigint;
  sigaction(SIGINT, &sa, NULL);
  sa.sa_handler = SIG_IGN;
  sigaction(SIGTSTP, &sa, NULL);
  sigaction(SIGTTOU, &sa, NULL);
  sigaction(SIGTTIN, &sa, NULL);
  sigaction(SIGQUIT, &sa, NULL);
  acs_sys_ids ids;
  if (acs_sys_getids(&ids) == 0) sh.pgid = ids.pgid;
  if (sh.pgid != sh.pid && acs_sys_setpgid(0, 0) == 0) sh.pgid = sh.pid;
  if (tty_fd >= 0) acs_sys_tcsetpgrp(tty_fd, sh.pgid);
}

static bool jc_on(void) { return sh.monitor && !sh.in_child; }

void jc_begin(const char *text, bool background)
{
  if (!jc_on() || fg.depth++) return;
  fg.bg = background;
  fg.pgid = fg.npids = 0;
  fg.stopped = false;
  fg.stop_sig = 0;
  free(fg.text);
  fg.text = xstrdup(text ? text : "");
  /* the kernel puts each child in the job's group (and gives it the
  ** terminal) before the child runs */
  acs_sys_spawn_pgrp(1, background ? -1 : sh.tty_fd);
}

void jc_spawned(int pid)
{
  if (!jc_on() || !fg.depth || pid <= 0) return;
  if (!fg.pgid) fg.pgid = pid;
  if (fg.npids < 16) fg.pids[fg.npids++] = pid;
}

static void tell_stopped(int k)
{
  char b[600];
  int n = snprintf(b, sizeof b, "\n[%d]%c  %-24s%s\n", jobs[k].id, mark(k), "Stopped", jobs[k].text);
  out_flush();
  sh_write(2, b, (size_t)(n < (int)sizeof b ? n : (int)sizeof b - 1));
}

/* wait for pid of the foreground job: its status (128+N when it stopped) */
int jc_wait(int pid)
{
  if (!jc_on() || !fg.depth || fg.bg) return -1;
  int w = 0;
  int rc = acs_sys_wait(pid, &w, WUNTRACED);
  if (rc < 0) return 127;
  if (WIFSTOPPED(w)) {
    fg.stopped = true;
    fg.stop_sig = WSTOPSIG(w);
    return 128 + WSTOPSIG(w);
  }
  for (int k = 0; k < fg.npids; k++)
    if (fg.pids[k] == pid) fg.pids[k] = fg.pids[--fg.npids];
  /* a job ^C ended: the rest of the line is given up, as bash does */
  if (WIFSIGNALED(w) && WTERMSIG(w) == SIGINT) {
    interrupted = 1;
    if (sh.interactive) sh_write(2, "\n", 1); /* after the ^C the terminal echoed */
  }
  return status_of(w);
}

void jc_end(void)
{
  if (!jc_on() || !fg.depth || --fg.depth) return;
  acs_sys_spawn_pgrp(0, -1);
  if (fg.bg) return;
  if (sh.tty_fd >= 0) acs_sys_tcsetpgrp(sh.tty_fd, sh.pgid);
  if (fg.stopped && fg.pgid) {
    jobs_add_quiet(fg.pgid, fg.text);
    job *j = &jobs[njobs - 1];
    j->stopped = true;
    j->stop_told = true; /* tell_stopped, below */
    j->status = 128 + (fg.stop_sig ? fg.stop_sig : SIGTSTP);
    j->npids = fg.npids;
    memcpy(j->pids, fg.pids, sizeof fg.pids);
    sh.last_bg = fg.pgid;
    tell_stopped(njobs - 1);
  }
}

/* the job a fg/bg argument names (the current one without) */
static int job_arg(int argc, char **argv, const char *who)
{
  poll_jobs();
  int k = argc > 1 ? job_of(argv[1]) : njobs - 1;
  if (argc > 1 && k == -2) {
    long pid = strtol(argv[1], NULL, 10);
    for (k = 0; k < njobs && jobs[k].pid != pid; k++) {}
  }
  if (k >= 0 && k < njobs && jobs[k].done && !jobs[k].notified) {
    sh_error("%s: job has terminated", who); /* its end is told at the next prompt */
    return -1;
  }
  if (k < 0 || k >= njobs || jobs[k].done) {
    sh_error("%s: %s: no such job", who, argc > 1 ? argv[1] : "current");
    return -1;
  }
  return k;
}

int bi_fg(int argc, char **argv)
{
  if (!jc_on()) {
    sh_error("fg: no job control");
    return 1;
  }
  int k = job_arg(argc, argv, "fg");
  if (k < 0) return 1;
  job j = jobs[k];
  jobs[k].text = NULL;
  drop(k);
  if (!j.npids) j.pids[j.npids++] = j.pid;
  jc_begin(j.text, false);
  fg.pgid = j.pid;
  fg.npids = j.npids;
  memcpy(fg.pids, j.pids, sizeof j.pids);
  /* the terminal is the job's before its line is shown: a ^C typed once
  ** it is on the screen is the job's */
  if (sh.tty_fd >= 0) acs_sys_tcsetpgrp(sh.tty_fd, j.pid);
  out_printf("%s\n", j.text);
  out_flush();
  acs_sys_kill(-j.pid, SIGCONT);
  int st = 0;
  while (fg.npids && !fg.stopped) st = jc_wait(fg.pids[fg.npids - 1]);
  if (fg.stopped) {
    /* it keeps its number */
    jc_end();
    jobs[njobs - 1].id = j.id;
  } else {
    jc_end();
  }
  free(j.text);
  return st;
}

int bi_bg(int argc, char **argv)
{
  if (!jc_on()) {
    sh_error("bg: no job control");
    return 1;
  }
  int k = job_arg(argc, argv, "bg");
  if (k < 0) return 1;
  jobs[k].stopped = false;
  acs_sys_kill(-jobs[k].pid, SIGCONT);
  out_printf("[%d]%c %s &\n", jobs[k].id, mark(k), jobs[k].text);
  return 0;
}

/* before a prompt: the jobs that ended since, as bash tells them */
void jobs_notify(void)
{
  poll_jobs();
  for (int k = 0; k < njobs; k++) {
    if (!jobs[k].done && jobs[k].stopped && !jobs[k].stop_told && !jobs[k].foreign) {
      /* a background job that stopped (a read of the terminal: SIGTTIN) */
      out_printf("[%d]%c  %-24s%s\n", jobs[k].id, mark(k), "Stopped", jobs[k].text);
      jobs[k].stop_told = true;
    }
    if (!jobs[k].done || jobs[k].notified || jobs[k].foreign) continue;
    char state[32];
    done_state(&jobs[k], state, sizeof state);
    out_printf("[%d]%c  %-24s%s\n", jobs[k].id, mark(k), state, jobs[k].text);
    jobs[k].notified = true;
  }
  out_flush();
  for (int k = njobs - 1; k >= 0; k--)
    if (jobs[k].done && jobs[k].notified) drop(k);
}

int bi_disown(int argc, char **argv)
{
  int i = 1;
  bool all = false, keep = false, running = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 'a') all = true;
      else if (*c == 'h') keep = true;
      else if (*c == 'r') running = true;
      else {
        sh_error("disown: -%c: invalid option", *c);
        sh_usage("disown: usage: disown [-h] [-ar] [jobspec ... | pid ...]\n");
        return 2;
      }
    }
  }
  /* -h keeps the job in the table, only not hung up when the shell's
  ** terminal goes (this shell sends no SIGHUP of its own to its jobs) */
  if (all || (running && i >= argc)) {
    for (int k = njobs - 1; k >= 0; k--)
      if (!keep && (!running || (!jobs[k].done && !jobs[k].stopped))) drop(k);
    return 0;
  }
  if (i >= argc) {
    if (!njobs) {
      sh_error("disown: current: no such job");
      return 1;
    }
    if (!keep) drop(njobs - 1);
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
    if (!keep) drop(k);
  }
  return st;
}

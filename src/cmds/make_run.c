/* make_run.c - deciding what is out of date and running recipes, as GNU
** make 4.3 does: prerequisites first (order-only ones never make a target
** out of date), implicit search through pattern rules (one intermediate
** step), the FORCE idiom (a missing file without a rule is always new),
** automatic variables, recipe prefixes @ - +, -n -t -q -k -i -B, and make's
** words for every failure. With -j N, N recipes run at once. */
#include "make.h"
#include "lib_run.h"
#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

int64_t mk_mtime(const char *path, bool *exists)
{
  acs__sys_stat st;
  if (acs_sys_stat(path, &st) < 0) {
    *exists = false;
    return 0;
  }
  *exists = true;
  return st.mtime_s * 1000000000LL + st.mtime_ns;
}


/* make's notes that go to stdout ("Nothing to be done", "is up to date") */
static void out_line(mk_state *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_line(mk_state *m, const char *fmt, ...)
{
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  cmd_printf(m->c, "%s: %s\n", m->progname, msg);
}

/* ------------------------------------------------------------ implicit rules */

static bool can_make(mk_state *m, const char *name, int depth);

static mk_rule *find_rule(mk_state *m, const char *name, char **stem, int depth)
{
  for (mk_rule *r = m->rules; r; r = r->next) {
    if (!r->cmds || !r->cmds->n) continue;
    char *s;
    if (!mk_pattern_match(r->target, name, &s)) continue;
    bool ok = true;
    for (size_t i = 0; i < r->ndeps && ok; i++) {
      char *d = mk_pattern_subst(r->deps[i], s);
      ok = can_make(m, d, depth + 1);
    }
    if (ok) {
      *stem = s;
      return r;
    }
  }
  return NULL;
}

/* A file that exists, is a target, or has a pattern rule to make it. */
static bool can_make(mk_state *m, const char *name, int depth)
{
  mk_file *f = mk_file_get(m, name, false);
  if (f && (f->is_target || f->phony)) return true;
  bool exists;
  mk_mtime(name, &exists);
  if (exists) return true;
  char *stem;
  return depth < 2 && find_rule(m, name, &stem, depth);
}

/* ------------------------------------------------------------ recipes */

/* make runs a simple line itself, without a shell (GNU's fast path): no
** shell metacharacter, no shell builtin or keyword first. What it cannot
** start is make's own error, status 127. */
static bool needs_shell(const char *l, char ***argv_out)
{
  static const char *const builtins[] = {
    ".", ":", "alias", "bg", "break", "case", "cd", "command", "continue", "eval", "exec", "exit", "export", "fc",
    "fg", "for", "getopts", "hash", "if", "jobs", "login", "logout", "read", "readonly", "return", "set", "shift",
    "test", "times", "trap", "type", "ulimit", "umask", "unalias", "unset", "wait", "while", "[", "until", "do",
    "done", "then", "fi", "elif", "else", "esac", "function", "select", "{", "}", "!", NULL};
  if (strpbrk(l, "#;\"'*?[]&|<>(){}$`~!\\=\n%^")) return true;
  size_t n;
  char **w = mk_words(l, &n);
  if (!n) return true;
  for (size_t i = 0; builtins[i]; i++)
    if (!strcmp(w[0], builtins[i])) return true;
  *argv_out = w;
  return false;
}

static char *join_words(char **w, size_t n, bool dedup)
{
  mk_sb b = {0};
  bool first = true;
  for (size_t i = 0; i < n; i++) {
    if (dedup) {
      bool seen = false;
      for (size_t k = 0; k < i && !seen; k++) seen = !strcmp(w[k], w[i]);
      if (seen) continue;
    }
    if (!first) mk_sb_addc(&b, ' ');
    mk_sb_adds(&b, w[i]);
    first = false;
  }
  char *r = mk_sb_take(&b);
  mk_sb_free(&b);
  return r;
}

static const char *signal_words(int sig)
{
  switch (sig) {
  case SIGINT: return "Interrupt";
  case SIGKILL: return "Killed";
  case SIGTERM: return "Terminated";
  case SIGSEGV: return "Segmentation fault";
  case SIGABRT: return "Aborted";
  case SIGPIPE: return "Broken pipe";
  case SIGHUP: return "Hangup";
  case SIGQUIT: return "Quit";
  default: return "Killed";
  }
}

/* Start one recipe line: make itself for a simple one, else the shell.
** The pid, or -status when it could not start (message printed). */
static int start_line(mk_state *m, mk_vars *scope, const char *l)
{
  char *shell = mk_var_value(m, scope, "SHELL");
  char **argv = NULL;
  if ((*shell && strcmp(shell, "/bin/sh")) || needs_shell(l, &argv)) {
    int pid = mk_shell_start(m, scope, l, -1);
    return pid < 0 ? -(127 << 8) : pid;
  }
  char path[4096];
  int e = run_find(argv[0], path, sizeof path);
  cmd_flush(m->c);
  int pid = e < 0 ? e : acs_sys_spawnat_script(NULL, path, argv, mk_environ(m, scope), NULL, 0);
  if (pid < 0) {
    mk_msg(m, "%s: %s", argv[0], cmd_strerror(pid));
    return -(127 << 8);
  }
  return pid;
}

/* ------------------------------------------------------------ jobs */

/* A target's recipe being run: its lines expanded (all of them before the
** first runs, as make does), the line running, the child's pid. With -j
** several run at once; without, each is waited for as it starts. */
typedef struct mk_job {
  mk_file *f;
  mk_cmds *cmds;
  char **lines;
  int *linenos;
  bool *quiet, *ignore, *always;
  size_t n, at;
  int pid;
  mk_vars *scope;
  struct mk_job *next;
} mk_job;

typedef struct plan {
  char **deps;      /* resolved normal prerequisites */
  size_t ndeps;
  char **odeps;
  size_t nodeps;
  char **newer;     /* $? */
  size_t nnewer;
  mk_cmds *cmds;
  char *stem;
} plan;

static mk_job *make_job(mk_state *m, mk_file *f, plan *j)
{
  mk_vars *scope = mk_alloc(sizeof *scope);
  scope->parent = f->vars ? f->vars : &m->globals;
  mk_var_set(scope, "@", f->name, false, MK_AUTOMATIC);
  mk_var_set(scope, "<", j->ndeps ? j->deps[0] : "", false, MK_AUTOMATIC);
  mk_var_set(scope, "^", join_words(j->deps, j->ndeps, true), false, MK_AUTOMATIC);
  mk_var_set(scope, "+", join_words(j->deps, j->ndeps, false), false, MK_AUTOMATIC);
  mk_var_set(scope, "?", join_words(j->newer, j->nnewer, true), false, MK_AUTOMATIC);
  mk_var_set(scope, "|", join_words(j->odeps, j->nodeps, true), false, MK_AUTOMATIC);
  mk_var_set(scope, "*", j->stem ? j->stem : "", false, MK_AUTOMATIC);
  mk_job *jb = mk_alloc(sizeof *jb);
  jb->f = f;
  jb->cmds = j->cmds;
  jb->scope = scope;
  size_t cap = j->cmds->n * 2 + 4;
  jb->lines = mk_alloc(cap * sizeof *jb->lines);
  jb->linenos = mk_alloc(cap * sizeof *jb->linenos);
  jb->quiet = mk_alloc(cap * sizeof *jb->quiet);
  jb->ignore = mk_alloc(cap * sizeof *jb->ignore);
  jb->always = mk_alloc(cap * sizeof *jb->always);
  for (size_t i = 0; i < j->cmds->n; i++) {
    const char *raw = j->cmds->lines[i];
    bool has_make = strstr(raw, "$(MAKE)") || strstr(raw, "${MAKE}");
    m->cur_file = j->cmds->file;
    m->cur_line = j->cmds->linenos[i];
    char *x = mk_expand(m, scope, raw);
    m->cur_file = NULL;
    if (m->fatal) return NULL;
    /* a variable holding several lines gives several recipe lines */
    for (char *p = x;;) {
      char *nl = p;
      while ((nl = strchr(nl, '\n')) && nl > p && nl[-1] == '\\') nl++;
      if (jb->n + 1 >= cap) {
        size_t nc = cap * 2;
        char **l2 = mk_alloc(nc * sizeof *l2);
        int *n2 = mk_alloc(nc * sizeof *n2);
        bool *q2 = mk_alloc(nc * sizeof *q2), *i2 = mk_alloc(nc * sizeof *i2), *a2 = mk_alloc(nc * sizeof *a2);
        memcpy(l2, jb->lines, jb->n * sizeof *l2);
        memcpy(n2, jb->linenos, jb->n * sizeof *n2);
        memcpy(q2, jb->quiet, jb->n * sizeof *q2);
        memcpy(i2, jb->ignore, jb->n * sizeof *i2);
        memcpy(a2, jb->always, jb->n * sizeof *a2);
        jb->lines = l2, jb->linenos = n2, jb->quiet = q2, jb->ignore = i2, jb->always = a2, cap = nc;
      }
      char *l = nl ? mk_strndup(p, (size_t)(nl - p)) : p;
      bool quiet = m->silent, ignore = m->ignore_errors, always = has_make;
      for (;; l++) {
        if (*l == '@') quiet = true;
        else if (*l == '-') ignore = true;
        else if (*l == '+') always = true;
        else if (*l != ' ' && *l != '\t') break;
      }
      if (*l) {
        jb->lines[jb->n] = l;
        jb->linenos[jb->n] = j->cmds->linenos[i];
        jb->quiet[jb->n] = quiet;
        jb->ignore[jb->n] = ignore;
        jb->always[jb->n++] = always;
      }
      if (!nl) break;
      p = nl + 1;
    }
  }
  return jb;
}

static void finish_file(mk_state *m, mk_file *f, int status)
{
  (void)m;
  f->remade = true;
  f->mtime = mk_mtime(f->name, &f->exists);
  f->state = 2;
  f->status = status;
}

/* Start the job's next line that has to run; false when none is left
** (or one could not start: jb->f's status says). */
static bool job_next(mk_state *m, mk_job *jb)
{
  while (jb->at < jb->n) {
    size_t i = jb->at;
    const char *l = jb->lines[i];
    m->commands_run++;
    if (m->touch && !jb->always[i]) {
      jb->at++;
      continue;
    }
    if ((!jb->quiet[i] || m->dry_run) && !m->question) cmd_printf(m->c, "%s\n", l);
    if ((m->dry_run || m->question) && !jb->always[i]) {
      jb->at++;
      continue;
    }
    int pid = start_line(m, jb->scope, l);
    if (pid < 0) {
      jb->pid = 0;
      /* treated as the line's status: make's 127 */
      jb->at = i;
      jb->f->status = -pid; /* a wait status, read by job_done */
      return false;
    }
    jb->pid = pid;
    return true;
  }
  return false;
}

/* A line of jb ended with wait status st: report, then the next line or
** the end. Returns true while the job goes on. */
static bool job_done(mk_state *m, mk_job *jb, int st)
{
  mk_file *f = jb->f;
  size_t i = jb->at;
  jb->pid = 0;
  if (st != 0) {
    if (WIFSIGNALED(st)) {
      mk_msg(m, "*** [%s:%d: %s] %s", jb->cmds->file, jb->linenos[i], f->name, signal_words(WTERMSIG(st)));
      bool exists;
      mk_mtime(f->name, &exists);
      if (exists && !f->precious && !f->phony) {
        mk_msg(m, "*** Deleting file '%s'", f->name);
        acs_sys_unlink(f->name);
      }
      finish_file(m, f, 2);
      return false;
    }
    int code = WEXITSTATUS(st);
    if (!jb->ignore[i]) {
      mk_msg(m, "*** [%s:%d: %s] Error %d", jb->cmds->file, jb->linenos[i], f->name, code);
      finish_file(m, f, 2);
      return false;
    }
    mk_msg(m, "[%s:%d: %s] Error %d (ignored)", jb->cmds->file, jb->linenos[i], f->name, code);
  }
  jb->at++;
  f->status = 0;
  if (job_next(m, jb)) return true;
  if (jb->at < jb->n) return job_done(m, jb, f->status); /* a line that could not start */
  if (m->touch && !f->phony) {
    if (!m->silent) cmd_printf(m->c, "touch %s\n", f->name);
    int fd = acs_sys_open(f->name, O_WRONLY | O_CREAT, 0666);
    if (fd >= 0) acs_sys_close(fd);
    acs_sys_utimensat(AT_FDCWD, f->name, NULL, 0);
  }
  finish_file(m, f, 0);
  return false;
}

/* Start a job: true while it runs (-j), false once it is over. */
static bool job_start(mk_state *m, mk_job *jb)
{
  jb->at = 0;
  jb->f->status = 0;
  if (job_next(m, jb)) return true;
  if (jb->at < jb->n) return job_done(m, jb, jb->f->status);
  return job_done(m, jb, 0);
}

/* Wait for one running job's line; false when none runs. */
static bool reap_one(mk_state *m)
{
  if (!m->running) return false;
  int st = 0;
  int pid;
  while ((pid = acs_sys_wait(-1, &st, 0)) == -EINTR) {}
  if (pid <= 0) {
    m->running = 0;
    return false;
  }
  for (mk_job **pp = &m->jobs_list; *pp; pp = &(*pp)->next) {
    mk_job *jb = *pp;
    if (jb->pid != pid) continue;
    if (!job_done(m, jb, st)) {
      *pp = jb->next;
      m->running--;
    }
    return true;
  }
  return true; /* not a line of ours (a $(shell) child is waited for there) */
}

static int run_recipe(mk_state *m, mk_file *f, plan *j)
{
  mk_job *jb = make_job(m, f, j);
  if (!jb) return 2;
  if (m->jobs > 1 || m->jobs == 0) {
    if (job_start(m, jb)) {
      f->state = 3;
      jb->next = m->jobs_list;
      m->jobs_list = jb;
      m->running++;
      return -1;
    }
    return f->status;
  }
  bool going = job_start(m, jb);
  while (going) {
    int st = 0;
    while (acs_sys_wait(jb->pid, &st, 0) == -EINTR) {}
    going = job_done(m, jb, st);
  }
  return f->status;
}

/* ------------------------------------------------------------ updating */

static int update(mk_state *m, mk_file *f, const char *parent);

/* 0, an error status, or -1 while some are still being made (-j) */
static int update_list(mk_state *m, mk_file *f, char **names, size_t n, bool *failed)
{
  bool pending = false;
  for (size_t i = 0; i < n; i++) {
    mk_file *d = mk_file_get(m, names[i], true);
    int st = update(m, d, f->name);
    if (st == -1) pending = true;
    else if (st) {
      *failed = true;
      if (!m->keep_going) return st;
    }
  }
  return pending ? -1 : 0;
}

static bool slots_full(const mk_state *m) { return m->jobs > 1 && m->running >= m->jobs; }

/* Bring f up to date: 0, an error status, or -1 while it (or something it
** needs) is being made by a running job. Called again until it settles. */
static int update(mk_state *m, mk_file *f, const char *parent)
{
  if (f->state == 2) return f->status;
  if (f->state == 3) return -1;
  if (f->state == 1) {
    mk_msg(m, "Circular %s <- %s dependency dropped.", parent ? parent : f->name, f->name);
    return 0;
  }
  if (!f->plan) {
    plan *j = mk_alloc(sizeof *j);
    *j = (plan){.deps = f->deps, .ndeps = f->ndeps, .odeps = f->odeps, .nodeps = f->nodeps, .cmds = f->cmds,
                .stem = f->stem};
    f->mtime = mk_mtime(f->name, &f->exists);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    int64_t now = ts.tv_sec * 1000000000LL + ts.tv_nsec;
    if (f->exists && f->mtime > now) {
      /* GNU's warning, and its note at the end */
      double ahead = (double)(f->mtime - now) / 1e9;
      if (ahead >= 99) mk_msg(m, "Warning: File '%s' has modification time %lu s in the future", f->name,
                                (unsigned long)ahead);
      else mk_msg(m, "Warning: File '%s' has modification time %.2g s in the future", f->name, ahead);
      m->clock_skew = true;
    }
    if ((!j->cmds || !j->cmds->n) && !f->phony) {
      char *stem;
      mk_rule *r = find_rule(m, f->name, &stem, 0);
      if (r) {
        j->cmds = r->cmds;
        j->stem = stem;
        char **d = mk_alloc((f->ndeps + r->ndeps + 1) * sizeof *d);
        for (size_t i = 0; i < r->ndeps; i++) d[i] = mk_pattern_subst(r->deps[i], stem);
        memcpy(d + r->ndeps, f->deps, f->ndeps * sizeof *d);
        j->deps = d;
        j->ndeps = f->ndeps + r->ndeps;
        char **o = mk_alloc((f->nodeps + r->nodeps + 1) * sizeof *o);
        for (size_t i = 0; i < r->nodeps; i++) o[i] = mk_pattern_subst(r->odeps[i], stem);
        memcpy(o + r->nodeps, f->odeps, f->nodeps * sizeof *o);
        j->odeps = o;
        j->nodeps = f->nodeps + r->nodeps;
        f->cmds = r->cmds;
      }
    }
    f->plan = j;
  }
  plan *j = f->plan;
  f->state = 1;
  bool failed = false;
  int st = update_list(m, f, j->deps, j->ndeps, &failed);
  if (st >= 0 && (!st || m->keep_going)) {
    int so = update_list(m, f, j->odeps, j->nodeps, &failed);
    if (so) st = st ? st : so;
  }
  if (st == -1) {
    f->state = 0; /* looked at again once a job ends */
    return -1;
  }
  if (st || failed) {
    f->state = 2;
    f->status = st > 0 ? st : 2;
    return f->status;
  }
  /* out of date: missing, phony, -B, or a prerequisite newer */
  bool need = m->always || f->phony || !f->exists;
  j->newer = mk_alloc((j->ndeps + 1) * sizeof *j->newer);
  j->nnewer = 0;
  for (size_t i = 0; i < j->ndeps; i++) {
    mk_file *d = mk_file_get(m, j->deps[i], true);
    bool newer = !f->exists || d->remade || !d->exists || d->mtime > f->mtime || d->phony;
    if (newer) {
      need = true;
      j->newer[j->nnewer++] = j->deps[i];
    }
  }
  if (!j->cmds || !j->cmds->n) {
    if (!f->exists && !f->is_target && !f->phony && !j->ndeps) {
      if (parent) mk_msg(m, "*** No rule to make target '%s', needed by '%s'.%s", f->name, parent,
                           m->keep_going ? "" : "  Stop.");
      else mk_msg(m, "*** No rule to make target '%s'.%s", f->name, m->keep_going ? "" : "  Stop.");
      f->state = 2;
      f->status = 2;
      return 2;
    }
    /* no recipe: as new as its newest prerequisite */
    f->remade = need && !f->exists;
    f->state = 2;
    return 0;
  }
  if (!need) {
    f->state = 2;
    return 0;
  }
  if (m->question) {
    f->state = 2;
    f->status = 1;
    return 1;
  }
  if (slots_full(m)) {
    f->state = 0;
    return -1;
  }
  return run_recipe(m, f, j);
}

int mk_update_goal(mk_state *m, const char *goal)
{
  mk_file *f = mk_file_get(m, goal, true);
  int before = m->commands_run;
  int st;
  for (;;) {
    st = update(m, f, NULL);
    if (st != -1 || m->fatal) break;
    if (!reap_one(m)) break;
  }
  if (st > 0 && st != 1 && m->running) {
    /* the others finish first, as GNU's make waits for them */
    mk_msg(m, "*** Waiting for unfinished jobs....");
    while (reap_one(m)) {}
  }
  if (m->fatal) return 2;
  if (st == 1 && m->question) return 1;
  if (st) {
    if (m->keep_going && (f->cmds || f->ndeps)) mk_msg(m, "Target '%s' not remade because of errors.", f->name);
    return 2;
  }
  if (m->commands_run == before && !m->question) {
    if (!f->cmds || !f->cmds->n || f->phony) out_line(m, "Nothing to be done for '%s'.", f->name);
    else out_line(m, "'%s' is up to date.", f->name);
  }
  return 0;
}

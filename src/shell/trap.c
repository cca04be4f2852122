/* trap.c - the trap builtin and the shell's signal handling, as bash's:
** actions for EXIT, the signals (by number, NAME or SIGNAME, any case)
** and the DEBUG ERR RETURN names (ERR run where set -e would end the
** shell; DEBUG and RETURN kept and listed, not run); '' ignores
** a signal, - or a bare signal resets it; `trap` and `trap -p` list in
** bash's format. A signal with an action sets a flag in its handler and
** the action runs between commands, as bash runs it after the current
** foreground command.
**
** A child shell gets its parent's actions to list them ($(trap) prints
** them, as bash's does) but runs none: only ignored signals stay ignored
** in it, as POSIX says. */
#include "sh.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSIGS 32 /* Linux's standard signals; 0 is EXIT */
#define NTRAPS (NSIGS + 3) /* and DEBUG ERR RETURN */

static const char *const signames[NSIGS] = {
    "EXIT", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE",
    "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT",
    "SIGCHLD", "SIGCONT", "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU",
    "SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO", "SIGPWR", "SIGSYS"};
static const char *const pseudo[] = {"DEBUG", "ERR", "RETURN"};

static char *actions[NTRAPS]; /* [0] mirrors sh.trap_exit */
static bool listed_only;      /* a child shell: the parent's, to list */
static volatile sig_atomic_t pending[NSIGS];
static volatile sig_atomic_t any_pending;

static const char *trap_name(int t) { return t < NSIGS ? signames[t] : pseudo[t - NSIGS]; }

/* a signal spec to its slot, -1 when there is none */
static int parse_spec(const char *s)
{
  if (!*s) return -1;
  bool digits = true;
  for (const char *p = s; *p; p++)
    if (!isdigit((unsigned char)*p)) digits = false;
  if (digits) {
    long n = strtol(s, NULL, 10);
    return n >= 0 && n < NSIGS ? (int)n : -1;
  }
  char up[32];
  size_t n = strlen(s);
  if (n >= sizeof up) return -1;
  for (size_t i = 0; i <= n; i++) up[i] = (char)toupper((unsigned char)s[i]);
  const char *bare = strncmp(up, "SIG", 3) ? up : up + 3;
  for (int i = 0; i < NSIGS; i++)
    if (!strcmp(i ? signames[i] + 3 : "EXIT", bare)) return i;
  for (int i = 0; i < 3; i++)
    if (!strcmp(pseudo[i], up)) return NSIGS + i;
  return -1;
}

static void on_signal(int sig)
{
  if (sig > 0 && sig < NSIGS) {
    pending[sig] = 1;
    any_pending = 1;
  }
}

static void install(int t)
{
  if (t <= 0 || t >= NSIGS || t == SIGKILL || t == SIGSTOP) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  if (!actions[t]) sa.sa_handler = SIG_DFL;
  else if (!*actions[t]) sa.sa_handler = SIG_IGN;
  else sa.sa_handler = on_signal;
  sigaction(t, &sa, NULL);
}

static void set_action(int t, const char *action)
{
  if (listed_only) {
    /* a child shell's first trap of its own: the parent's (never active
    ** here, only listed) are forgotten, as bash's subshell resets them;
    ** ignored signals stay ignored */
    listed_only = false;
    for (int k = 0; k < NTRAPS; k++)
      if (actions[k] && *actions[k]) {
        free(actions[k]);
        actions[k] = NULL;
      }
  }
  free(actions[t]);
  actions[t] = action ? xstrdup(action) : NULL;
  if (t == 0) {
    free(sh.trap_exit);
    sh.trap_exit = action && !listed_only ? xstrdup(action) : NULL;
  }
  if (!listed_only || (action && !*action)) install(t);
}

static void print_one(int t)
{
  sbuf b = {0};
  sb_adds(&b, "trap -- '");
  for (const char *p = actions[t]; *p; p++) {
    if (*p == '\'') sb_adds(&b, "'\\''");
    else sb_addc(&b, *p);
  }
  sb_adds(&b, "' ");
  sb_adds(&b, trap_name(t));
  sb_addc(&b, '\n');
  out_add(b.s, b.len);
  sb_free(&b);
}

int bi_trap(int argc, char **argv)
{
  if (actions[0] == NULL && sh.trap_exit) actions[0] = xstrdup(sh.trap_exit);
  int i = 1;
  bool print = false, list = false;
  /* options as bash reads them (-lp, -p -l); `-` alone is an action */
  for (; i < argc && argv[i][0] == '-' && argv[i][1] && strcmp(argv[i], "--"); i++)
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 'p') print = true;
      else if (*c == 'l') list = true;
      else {
        sh_error("trap: -%c: invalid option", *c);
        sh_usage("trap: usage: trap [-lp] [[arg] signal_spec ...]\n");
        return 2;
      }
    }
  if (list) {
    for (int s = 1; s < NSIGS; s++) out_printf("%2d) %s%s", s, signames[s], s % 5 == 0 || s == NSIGS - 1 ? "\n" : "\t");
    return 0;
  }
  if (i < argc && !strcmp(argv[i], "--")) i++;
  if (i >= argc || print) {
    int st = 0;
    if (i >= argc) {
      for (int t = 0; t < NTRAPS; t++)
        if (actions[t]) print_one(t);
      return 0;
    }
    for (; i < argc; i++) {
      int t = parse_spec(argv[i]);
      if (t < 0) {
        sh_error("trap: %s: invalid signal specification", argv[i]);
        st = 1;
      } else if (actions[t]) {
        print_one(t);
      }
    }
    return st;
  }
  const char *action = argv[i];
  bool reset = !strcmp(action, "-");
  /* `trap N ...`: a first word that is a signal number resets them all */
  bool first_is_num = action[0] && strspn(action, "0123456789") == strlen(action);
  if (i + 1 >= argc || first_is_num) {
    if (!reset && parse_spec(action) < 0) {
      sh_usage("trap: usage: trap [-lp] [[arg] signal_spec ...]\n");
      return 2;
    }
    reset = true;
    i--;
  }
  int st = 0;
  for (int k = i + 1; k < argc; k++) {
    int t = parse_spec(argv[k]);
    if (t < 0) {
      sh_error("trap: %s: invalid signal specification", argv[k]);
      st = 1;
      continue;
    }
    set_action(t, reset ? NULL : action);
  }
  return st;
}

/* ---- kill, as bash's builtin: the box's processes by pid */

int bi_kill(int argc, char **argv)
{
  int sig = SIGTERM, i = 1;
  if (i < argc && !strcmp(argv[i], "-l")) {
    if (i + 1 < argc) {
      for (int k = i + 1; k < argc; k++) {
        long n = strtol(argv[k], NULL, 10);
        if (n > 128) n -= 128;
        int t = n > 0 && n < NSIGS ? (int)n : parse_spec(argv[k]);
        if (t <= 0) {
          sh_error("kill: %s: invalid signal specification", argv[k]);
          return 1;
        }
        if (isdigit((unsigned char)argv[k][0])) out_printf("%s\n", signames[t] + 3);
        else out_printf("%d\n", t);
      }
      return 0;
    }
    for (int s = 1; s < NSIGS; s++) out_printf("%2d) %s%s", s, signames[s], s % 5 == 0 || s == NSIGS - 1 ? "\n" : "\t");
    return 0;
  }
  if (i < argc && (!strcmp(argv[i], "-s") || !strcmp(argv[i], "-n"))) {
    if (i + 1 >= argc) {
      sh_error("kill: %s: option requires an argument", argv[i]);
      return 2;
    }
    sig = parse_spec(argv[i + 1]);
    if (sig < 0) {
      sh_error("kill: %s: invalid signal specification", argv[i + 1]);
      return 1;
    }
    i += 2;
  } else if (i < argc && argv[i][0] == '-' && argv[i][1] && strcmp(argv[i], "--")) {
    sig = parse_spec(argv[i] + 1);
    if (sig < 0 || sig >= NSIGS) {
      sh_error("kill: %s: invalid signal specification", argv[i] + 1);
      return 1;
    }
    i++;
  }
  if (i < argc && !strcmp(argv[i], "--")) i++;
  if (i >= argc) {
    sh_usage("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n");
    return 2;
  }
  int st = 0;
  for (; i < argc; i++) {
    char *end;
    long pid = strtol(argv[i], &end, 10);
    bool cont = false;
    if (argv[i][0] == '%') {
      pid = jobs_pid(argv[i]);
      if (pid < 0) {
        sh_error("kill: %s: no such job", argv[i]);
        st = 1;
        continue;
      }
      /* with job control a job is its process group; a stopped one is
      ** continued after SIGTERM or SIGHUP so that it ends now (bash's) */
      if (sh.monitor) {
        cont = (sig == SIGTERM || sig == SIGHUP) && jobs_stopped(argv[i]);
        pid = -pid;
      }
    } else if (!*argv[i] || *end) {
      sh_error("kill: %s: arguments must be process or job IDs", argv[i]);
      st = 1;
      continue;
    }
    out_flush();
    int rc = acs_sys_kill((int)pid, sig);
    if (rc < 0) {
      sh_error("kill: (%ld) - %s", pid < 0 ? -pid : pid, rc == -3 ? "No such process" : strerror(-rc));
      st = 1;
    } else if (cont) {
      acs_sys_kill((int)pid, SIGCONT);
    }
  }
  /* our own signal: its action runs before the next command */
  return st;
}

/* a trap's action is running: $BASH_COMMAND stays the command it came
** at, and no DEBUG trap runs inside it */
static int in_action;
bool trap_in_action(void) { return in_action > 0; }
void trap_action_mark(int d) { in_action += d; }

/* DEBUG: before each simple command, for and case head, arithmetic
** command and (( )) of a for, with $? kept; not in functions without
** set -T, nor in child shells (bash's rules) */
void trap_run_debug(void)
{
  const char *a = actions[NSIGS];
  if (!a || !*a || listed_only || in_action) return;
  if (frame_functions() > 0 && !set_functrace()) return;
  in_action++;
  int st = sh.status;
  char *c = xstrdup(a);
  run_string(c, "trap", sh.line);
  free(c);
  sh.status = st;
  in_action--;
}

enum { T_RETURN = NSIGS + 2 };

void trap_run_return(int status)
{
  const char *a = actions[T_RETURN];
  if (!a || !*a || listed_only || in_action) return;
  in_action++;
  int st = sh.status;
  bool ret = sh.returning;
  sh.returning = false;
  sh.status = status;
  char *c = xstrdup(a);
  run_string(c, "trap", sh.line);
  free(c);
  sh.returning = ret;
  sh.status = st;
  in_action--;
}

char *trap_return_take(void)
{
  if (listed_only) return NULL;
  char *a = actions[T_RETURN];
  actions[T_RETURN] = NULL;
  return a ? a : xstrdup(""); /* "": there was none */
}

void trap_return_end(char *saved, int status)
{
  if (!saved) return;
  if (actions[T_RETURN]) { /* the function set its own: it runs, and stays */
    trap_run_return(status);
    free(saved);
    return;
  }
  if (*saved) actions[T_RETURN] = saved;
  else free(saved);
}

bool trap_any(void)
{
  if (listed_only) return false; /* the parent's, only to list */
  for (int t = 0; t < NTRAPS; t++)
    if (actions[t]) return true;
  return false;
}

void trap_run_pending(void)
{
  if (!any_pending || listed_only) return;
  any_pending = 0;
  for (int s = 1; s < NSIGS; s++) {
    if (!pending[s]) continue;
    pending[s] = 0;
    if (!actions[s] || !*actions[s]) continue;
    int st = sh.status;
    char *a = xstrdup(actions[s]);
    in_action++;
    run_string(a, "trap", sh.line);
    in_action--;
    free(a);
    sh.status = st;
  }
}

void trap_run_err(int st)
{
  static bool in_err;
  const char *a = actions[NSIGS + 1];
  if (in_err || !a || !*a) return;
  /* without errtrace (set -E) neither functions nor child shells have it */
  bool inherit = set_errtrace();
  if ((listed_only || sh.func_depth > 0) && !inherit) return;
  in_err = true;
  char *c = xstrdup(a);
  sh.status = st;
  in_action++;
  run_string(c, "trap", sh.line);
  in_action--;
  free(c);
  sh.status = st; /* $? is the failed command's again, as set -e exits with it */
  in_err = false;
}

void trap_send(sbuf *b, void (*put)(sbuf *, const char *))
{
  if (actions[0] == NULL && sh.trap_exit) actions[0] = xstrdup(sh.trap_exit);
  for (int t = 0; t < NTRAPS; t++) {
    if (!actions[t]) continue;
    char num[16];
    snprintf(num, sizeof num, "%d", t);
    put(b, "T");
    put(b, num);
    put(b, actions[t]);
  }
}

void trap_receive(int t, const char *action)
{
  listed_only = true;
  if (t < 0 || t >= NTRAPS) return;
  free(actions[t]);
  actions[t] = xstrdup(action);
  if (!*action) install(t); /* an ignored signal stays ignored */
}

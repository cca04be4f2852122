/* xargs.c - build and execute command lines from standard input.
**
** Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
** Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.
**
** Mandatory and optional arguments to long options are also
** mandatory or optional for the corresponding short option.
**   -0, --null                   items are separated by a null, not whitespace;
**                                  disables quote and backslash processing and
**                                  logical EOF processing
**   -a, --arg-file=FILE          read arguments from FILE, not standard input
**   -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER,
**                                  not by whitespace; disables quote and backslash
**                                  processing and logical EOF processing
**   -E END                       set logical EOF string; if END occurs as a line
**                                  of input, the rest of the input is ignored
**                                  (ignored if -0 or -d was specified)
**   -e, --eof[=END]              equivalent to -E END if END is specified;
**                                  otherwise, there is no end-of-file string
**   -I R                         same as --replace=R
**   -i, --replace[=R]            replace R in INITIAL-ARGS with names read
**                                  from standard input, split at newlines;
**                                  if R is unspecified, assume {}
**   -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per
**                                  command line
**   -l[MAX-LINES]                similar to -L but defaults to at most one non-
**                                  blank input line if MAX-LINES is not specified
**   -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
**   -o, --open-tty               Reopen stdin as /dev/tty in the child process
**                                  before executing the command; useful to run an
**                                  interactive application.
**   -P, --max-procs=MAX-PROCS    run at most MAX-PROCS processes at a time
**   -p, --interactive            prompt before running commands
**       --process-slot-var=VAR   set environment variable VAR in child processes
**   -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND;
**                                  if this option is not given, COMMAND will be
**                                  run at least once
**   -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS
**       --show-limits            show limits on command-line length
**   -t, --verbose                print commands before executing them
**   -x, --exit                   exit if the size (see -s) is exceeded
**       --help                   display this help and exit
**       --version                output version information and exit
*/

/* GNU findutils 4.9's xargs. A command line holds at most -s bytes
** (131072 by default, as GNU's buffer), counting every argument with its
** NUL, and at most ACS__SYS_MAX_ARGS items (the box's limit for one
** spawn, where Linux has none: more runs than GNU makes for many short
** arguments); the command's stdin is /dev/null unless -a or -o gives it ours.
** Statuses as GNU's: 123 when a run exited 1-125, 124 (and no more runs)
** for 255, 125 for a signal, 126 and 127 when it cannot be run, 1 for
** usage and size errors. -p asks on /dev/tty as GNU does; no answer is no. */
#include "cmd.h"
#include "lib_run.h"

#include <ctype.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define DEFAULT_SIZE 131072

extern char **environ;

enum { O_SHOWLIMITS = 256, O_SLOTVAR };

typedef struct xargs {
  acs_cmd *c;
  char **cmd; /* the command and its initial arguments */
  int ncmd;
  size_t cmd_bytes;
  int64_t max_args, max_lines, size, procs;
  int delim; /* -1: whitespace with quotes */
  const char *eof_str, *replace;
  bool no_empty, verbose, exit_big, interactive, open_tty, from_file, nul_warned;
  int last_limit; /* 'n', 'L' or 'I': the last of the exclusive options */
  const char *slot_var;
  cmd_in *in;
  /* the pending command line */
  char **args;
  size_t nargs, cargs, bytes, lines;
  bool eof, ran_once, stop;
  int status;
  int running;
  int *pids;
} xargs;

static void add_arg(xargs *x, const char *s, size_t n)
{
  if (x->nargs == x->cargs) {
    x->cargs = x->cargs ? x->cargs * 2 : 256;
    x->args = realloc(x->args, x->cargs * sizeof *x->args);
  }
  char *a = malloc(n + 1);
  memcpy(a, s, n);
  a[n] = 0;
  x->args[x->nargs++] = a;
  x->bytes += n + 1;
}

/* one child's status into xargs's own; false when xargs must stop */
static bool child_done(xargs *x, const char *prog, int st)
{
  if (WIFSIGNALED(st)) {
    cmd_error(x->c, "%s: terminated by signal %d", prog, WTERMSIG(st));
    if (!x->status) x->status = 125;
    return false;
  }
  int code = WEXITSTATUS(st);
  if (code == 255) { /* an earlier failure's 123 stays, as with GNU */
    cmd_error(x->c, "%s: exited with status 255; aborting", prog);
    if (!x->status) x->status = 124;
    return false;
  }
  if (code == 126 || code == 127) {
    x->status = code;
    return false;
  }
  if (code && x->status == 0) x->status = 123;
  return true;
}

static void reap(xargs *x, bool all)
{
  while (x->running > 0 && (all || x->running >= x->procs)) {
    int st;
    int pid = acs_sys_wait(-1, &st, 0);
    if (pid < 0) {
      x->running = 0;
      break;
    }
    x->running--;
    if (!child_done(x, x->cmd[0], st)) x->stop = true;
  }
}

static bool ask(xargs *x)
{
  int fd = acs_sys_open("/dev/tty", O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) {
    cmd_error(x->c, "failed to open /dev/tty for reading: %s", cmd_strerror(fd));
    x->status = 1;
    x->stop = true;
    return false;
  }
  acs_sys_write_all(2, " ?...", 5); /* after the open, as GNU's: "echo axargs: failed ..." without one */
  char ch, first = 0;
  bool any = false;
  while (acs_sys_read(fd, &ch, 1) == 1 && ch != '\n')
    if (!any) first = ch, any = true;
  acs_sys_close(fd);
  return first == 'y' || first == 'Y';
}

static void run(xargs *x, char **extra, size_t nextra)
{
  size_t n = (size_t)x->ncmd + nextra;
  char **argv = calloc(n + 1, sizeof *argv);
  for (int i = 0; i < x->ncmd; i++) argv[i] = x->cmd[i];
  for (size_t i = 0; i < nextra; i++) argv[x->ncmd + i] = extra[i];
  x->ran_once = true;
  if (x->verbose || x->interactive) {
    size_t len = 0;
    for (size_t i = 0; i < n; i++) len += strlen(argv[i]) * 4 + 3;
    char *line = malloc(len + 8), *q = line;
    /* GNU quotes what the shell would need quoted */
    for (size_t i = 0; i < n; i++) {
      size_t qs = strlen(argv[i]) * 4 + 3;
      char *qb = malloc(qs);
      q += sprintf(q, "%s%s", i ? " " : "", cmd_quotef(argv[i], qb, qs));
      free(qb);
    }
    if (!x->interactive) *q++ = '\n';
    cmd_flush(x->c);
    acs_sys_write_all(2, line, (size_t)(q - line));
    free(line);
    if (x->interactive && !ask(x)) {
      free(argv);
      return;
    }
  }
  char path[4096];
  int rc = run_find(argv[0], path, sizeof path);
  if (rc < 0) {
    cmd_error(x->c, "%s: %s", argv[0], cmd_strerror(rc));
    x->status = rc == -2 ? 127 : 126;
    x->stop = true;
    free(argv);
    return;
  }
  int pairs[1][2];
  size_t np = 0;
  int devnull = -1;
  if (!x->from_file && !x->open_tty) {
    devnull = acs_sys_open("/dev/null", O_RDONLY | O_CLOEXEC, 0);
    if (devnull >= 0) pairs[np][0] = 0, pairs[np][1] = devnull, np++;
  } else if (x->open_tty) {
    devnull = acs_sys_open("/dev/tty", O_RDONLY | O_CLOEXEC, 0);
    if (devnull >= 0) pairs[np][0] = 0, pairs[np][1] = devnull, np++;
  }
  cmd_flush(x->c);
  int pid = acs_sys_spawnat_script(NULL, path, argv, environ, (const int(*)[2])pairs, np);
  if (devnull >= 0) acs_sys_close(devnull);
  if (pid < 0) {
    cmd_error(x->c, "%s: %s", argv[0], cmd_strerror(pid));
    x->status = pid == -2 ? 127 : 126;
    x->stop = true;
    free(argv);
    return;
  }
  x->running++;
  reap(x, false);
  free(argv);
}

static void flush_line(xargs *x)
{
  if (x->nargs == 0 && (x->no_empty || x->ran_once)) return;
  run(x, x->args, x->nargs);
  for (size_t i = 0; i < x->nargs; i++) free(x->args[i]);
  x->nargs = 0;
  x->bytes = 0;
  x->lines = 0;
}

/* whether one more argument of n bytes fits the line: GNU's byte count,
** and the box's limit on the items of one spawn */
static bool fits(xargs *x, size_t n)
{
  return x->cmd_bytes + x->bytes + n + 1 <= (size_t)x->size && (size_t)x->ncmd + x->nargs < ACS__SYS_MAX_ARGS;
}

static bool too_big(xargs *x, size_t n)
{
  if (x->cmd_bytes + n + 1 > (size_t)x->size) {
    if (x->nargs) flush_line(x); /* GNU runs what it holds first */
    reap(x, true);
    cmd_error(x->c, "argument line too long");
    x->status = 1;
    x->stop = true;
    return true;
  }
  return false;
}

static void take(xargs *x, const char *s, size_t n)
{
  if (too_big(x, n)) return;
  if (!fits(x, n)) {
    if (x->exit_big && (x->max_args > 0 || x->max_lines > 0)) {
      cmd_error(x->c, "argument list too long");
      x->status = 1;
      x->stop = true;
      return;
    }
    flush_line(x);
  }
  add_arg(x, s, n);
  if (x->max_args > 0 && x->nargs >= (size_t)x->max_args) flush_line(x);
}

/* -I: each input line (leading blanks removed) replaces R in the initial arguments */
static void replace_run(xargs *x, const char *line, size_t n)
{
  size_t rl = strlen(x->replace);
  char **argv = calloc((size_t)x->ncmd, sizeof *argv);
  for (int i = 1; i < x->ncmd; i++) {
    const char *a = x->cmd[i];
    size_t cnt = 0;
    for (const char *q = a; rl && (q = strstr(q, x->replace)); q += rl) cnt++;
    char *o = malloc(strlen(a) + cnt * n + 1), *w = o;
    for (const char *q = a; *q;) {
      if (rl && !strncmp(q, x->replace, rl)) {
        memcpy(w, line, n);
        w += n;
        q += rl;
      } else *w++ = *q++;
    }
    *w = 0;
    argv[i - 1] = o;
  }
  char **save = x->cmd;
  int savec = x->ncmd;
  char **cmd = calloc((size_t)x->ncmd + 1, sizeof *cmd);
  cmd[0] = x->cmd[0];
  for (int i = 1; i < x->ncmd; i++) cmd[i] = argv[i - 1];
  x->cmd = cmd;
  run(x, NULL, 0);
  x->cmd = save;
  x->ncmd = savec;
  for (int i = 1; i < savec; i++) free(argv[i - 1]);
  free(argv);
  free(cmd);
}

/* GNU runs what it has read before the bad quote, then exits 1 */
static void quote_error(xargs *x, int q)
{
  if (x->nargs) flush_line(x);
  reap(x, true);
  cmd_error(x->c, "unmatched %s quote; by default quotes are special to xargs unless you use the -0 option",
            q == '\'' ? "single" : "double");
  x->status = 1;
  x->stop = true;
}

/* the words of whitespace-separated input with xargs's quotes */
static void read_words(xargs *x)
{
  char *w = NULL;
  size_t wl = 0, wc = 0;
  int q = 0;
  bool in_word = false, line_words = false;
  int prev = '\n';
  for (;;) {
    unsigned char buf[4096];
    ssize_t r = cmd_in_read(x->in, buf, sizeof buf);
    if (r <= 0) break;
    for (ssize_t i = 0; i < r && !x->stop; i++) {
      int ch = buf[i];
      if (wl + 2 > wc) w = realloc(w, wc = wc ? wc * 2 : 256);
      if (ch == 0 && !x->nul_warned) {
        x->nul_warned = true;
        cmd_error(x->c, "WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?");
      }
      if (q) {
        if (ch == q) q = 0;
        else if (ch == '\n') {
          quote_error(x, q);
        } else w[wl++] = (char)ch;
        continue;
      }
      if (ch == '\\') {
        if (++i >= r) { /* the escaped byte is in the next block */
          r = cmd_in_read(x->in, buf, sizeof buf);
          if (r <= 0) break;
          i = 0;
        }
        w[wl++] = (char)buf[i];
        in_word = true;
        prev = 'x';
        continue;
      }
      if (ch == '\'' || ch == '"') {
        q = ch;
        in_word = true;
        prev = 'x';
        continue;
      }
      if (ch == ' ' || ch == '\t' || ch == '\n') {
        if (in_word) {
          if (x->eof_str && wl == strlen(x->eof_str) && !memcmp(w, x->eof_str, wl)) {
            x->eof = true;
            goto done;
          }
          take(x, w, wl);
          wl = 0;
          in_word = false;
          line_words = true;
        }
        /* -L counts lines with words; one ending in a blank goes on into the next */
        if (ch == '\n' && x->max_lines > 0 && prev != ' ' && prev != '\t' && line_words && !x->stop) {
          line_words = false;
          if (++x->lines >= (size_t)x->max_lines) flush_line(x);
        }
        prev = ch;
        continue;
      }
      w[wl++] = (char)ch;
      in_word = true;
      prev = ch;
    }
    if (x->stop) goto done;
  }
  if (q && !x->stop) {
    quote_error(x, q);
    goto done;
  }
  if (in_word) {
    if (!(x->eof_str && wl == strlen(x->eof_str) && !memcmp(w, x->eof_str, wl))) take(x, w, wl);
  }
done:
  free(w);
}

static void read_delimited(xargs *x)
{
  char *line;
  ssize_t n;
  while (!x->stop && (n = cmd_getdelim(x->in, &line, x->delim)) > 0) {
    size_t l = (size_t)n - (line[n - 1] == (char)x->delim ? 1 : 0);
    if (x->replace) {
      replace_run(x, line, l);
      continue;
    }
    take(x, line, l);
    if (x->max_lines > 0 && ++x->lines >= (size_t)x->max_lines) flush_line(x);
  }
}

static void read_replace_lines(xargs *x)
{
  char *line;
  ssize_t n;
  while (!x->stop && (n = cmd_getdelim(x->in, &line, '\n')) > 0) {
    size_t l = (size_t)n - (line[n - 1] == '\n' ? 1 : 0);
    size_t s = 0;
    while (s < l && (line[s] == ' ' || line[s] == '\t')) s++;
    if (s == l) continue;
    /* a line is one argument, its quotes and backslashes taken as in words */
    char *u = malloc(l - s + 1);
    size_t ul = 0;
    int q = 0;
    for (size_t k = s; k < l; k++) {
      char ch = line[k];
      if (ch == 0 && !x->nul_warned) {
        x->nul_warned = true;
        cmd_error(x->c, "WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?");
      }
      if (q) {
        if (ch == q) q = 0;
        else u[ul++] = ch;
      } else if (ch == '\\' && k + 1 < l) u[ul++] = line[++k];
      else if (ch == '\'' || ch == '"') q = ch;
      else u[ul++] = ch;
    }
    if (q) {
      free(u);
      quote_error(x, q);
      break;
    }
    if (x->eof_str && strlen(x->eof_str) == ul && !memcmp(u, x->eof_str, ul)) {
      free(u);
      break;
    }
    replace_run(x, u, ul);
    free(u);
  }
}

/* -n, -L and -I exclude each other: the later wins, with GNU's warning */
static void exclusive(xargs *x, int which, const char *name)
{
  if (x->last_limit && x->last_limit != which) {
    const char *prev = x->last_limit == 'n' ? "--max-args" : x->last_limit == 'L' ? "--max-lines" : "--replace";
    cmd_error(x->c, "warning: options %s and %s are mutually exclusive, ignoring previous %s value", prev, name, prev);
    if (x->last_limit == 'n') x->max_args = 0;
    if (x->last_limit == 'L' || x->last_limit == 'I') x->max_lines = 0;
    if (x->last_limit == 'I') x->replace = NULL, x->exit_big = false;
  }
  x->last_limit = which;
}

static bool num_opt(acs_cmd *c, const char *opt, const char *a, int64_t min, int64_t *out)
{
  int64_t v;
  if (!cmd_parse_num(a, false, &v)) {
    cmd_usage_error(c, "invalid number \"%s\" for -%c option", a, opt[0]);
    return false;
  }
  if (v < min) {
    if (opt[0] == 's') cmd_error(c, "value %s for -%c option should be >= %lld", a, opt[0], (long long)min);
    else cmd_usage_error(c, "value %s for -%c option should be >= %lld", a, opt[0], (long long)min);
    return false;
  }
  *out = v;
  return true;
}

static int escape_char(const char *s)
{
  if (s[0] != '\\' || !s[1]) return s[1] ? -1 : (unsigned char)s[0];
  switch (s[1]) {
  case 'n': return s[2] ? -1 : '\n';
  case 't': return s[2] ? -1 : '\t';
  case '0': return s[2] ? (int)strtol(s + 1, NULL, 8) : 0;
  case '\\': return '\\';
  case 'x': return (int)strtol(s + 2, NULL, 16);
  default: return s[2] ? -1 : (unsigned char)s[1];
  }
}

int acs__cmd_xargs(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"null", '0', CMD_NOARG}, {"arg-file", 'a', CMD_ARG}, {"delimiter", 'd', CMD_ARG},
      {"eof", 'e', CMD_OPTARG}, {"replace", 'i', CMD_OPTARG}, {"max-lines", 'L', CMD_ARG},
      {"max-args", 'n', CMD_ARG}, {"open-tty", 'o', CMD_NOARG}, {"max-procs", 'P', CMD_ARG},
      {"interactive", 'p', CMD_NOARG}, {"process-slot-var", O_SLOTVAR, CMD_ARG},
      {"no-run-if-empty", 'r', CMD_NOARG}, {"max-chars", 's', CMD_ARG}, {"show-limits", O_SHOWLIMITS, CMD_NOARG},
      {"verbose", 't', CMD_NOARG}, {"exit", 'x', CMD_NOARG}, {0}};
  xargs *x = calloc(1, sizeof *x);
  x->c = c;
  x->size = DEFAULT_SIZE;
  x->procs = 1;
  x->delim = -1;
  const char *file = NULL;
  bool show = false;
  int opt, status = 1;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "+0a:d:E:e::I:i::L:l::n:oP:prs:tx", longs);
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case '0': x->delim = 0; break;
    case 'a': file = g.arg; break;
    case 'd': {
      int d = escape_char(g.arg);
      if (d < 0) {
        cmd_error(c, "Invalid input delimiter specification %s: the delimiter must be either a single character or an escape sequence starting with \\.", g.arg);
        goto out;
      }
      x->delim = d;
      break;
    }
    case 'E': x->eof_str = *g.arg ? g.arg : NULL; break;
    case 'e': x->eof_str = g.arg && *g.arg ? g.arg : NULL; break;
    case 'I': case 'i':
      exclusive(x, 'I', "--replace/-I/-i");
      x->replace = opt == 'I' ? g.arg : g.arg ? g.arg : "{}";
      x->max_lines = 1;
      x->exit_big = true;
      break;
    case 'L': case 'l':
      exclusive(x, 'L', opt == 'L' ? "-L" : "--max-lines/-l");
      x->max_lines = 1;
      x->exit_big = true; /* -L implies -x */
      if ((opt == 'L' || g.arg) && !num_opt(c, opt == 'L' ? "L" : "l", g.arg, 1, &x->max_lines)) goto out;
      break;
    case 'n':
      if (x->last_limit == 'I' && !strcmp(g.arg, "1")) break; /* -I already runs one line a command: GNU lets it be */
      exclusive(x, 'n', "--max-args/-n");
      if (!num_opt(c, "n", g.arg, 1, &x->max_args)) goto out;
      break;
    case 'o': x->open_tty = true; break;
    case 'P': if (!num_opt(c, "P", g.arg, 0, &x->procs)) goto out; if (x->procs == 0) x->procs = 1 << 20; break;
    case 'p': x->interactive = x->verbose = true; break;
    case 'r': x->no_empty = true; break;
    case 's': if (!num_opt(c, "s", g.arg, 1, &x->size)) goto out; break;
    case 't': x->verbose = true; break;
    case 'x': x->exit_big = true; break;
    case O_SHOWLIMITS: show = true; break;
    case O_SLOTVAR: x->slot_var = g.arg; break;
    }
  }
  if (opt == CMD_HELP_DONE) {
    status = 0;
    goto out;
  }
  if (opt < 0) goto out;
  if (x->eof_str && x->delim >= 0) /* GNU's message ends with a newline of its own */
    cmd_error(c, "warning: the -E option has no effect if -0 or -d is used.\n");
  static char *echo[] = {"echo"};
  x->cmd = g.nops ? cmd_operands(&g) : echo;
  x->ncmd = g.nops ? g.nops : 1;
  for (int i = 0; i < x->ncmd; i++) x->cmd_bytes += strlen(x->cmd[i]) + 1;
  if (x->cmd_bytes > (size_t)x->size) {
    cmd_error(c, "cannot fit single argument within argument list size limit");
    goto out;
  }
  if (x->size > 2091984) {
    cmd_error(c, "value %lld for -s option should be <= %d", (long long)x->size, 2091984);
    x->size = 2091984;
  }
  if (show) {
    size_t env = 0;
    for (char **e = environ; e && *e; e++) env += strlen(*e) + 1;
    char msg[1024];
    int n = snprintf(msg, sizeof msg,
                     "Your environment variables take up %zu bytes\nPOSIX upper limit on argument length (this system): %d\nPOSIX smallest allowable upper limit on argument length (all systems): 4096\nMaximum length of command we could actually use: %zu\nSize of command buffer we are actually using: %lld\nMaximum parallelism (--max-procs must be no greater): 2147483647\n\n",
                     env, 2095104, 2095104 - env, (long long)x->size);
    acs_sys_write_all(2, msg, (size_t)n);
  }
  x->in = cmd_in_new();
  x->from_file = file != NULL;
  if (file) {
    if (cmd_in_open(c, x->in, file) < 0) {
      cmd_in_free(x->in);
      x->in = NULL;
      goto out;
    }
  } else cmd_in_fd(x->in, 0);
  if (x->replace && x->delim < 0) read_replace_lines(x);
  else if (x->delim >= 0) read_delimited(x);
  else read_words(x);
  if (!x->stop && !x->replace) flush_line(x);
  reap(x, true);
  status = x->status;
out:
  for (size_t i = 0; i < x->nargs; i++) free(x->args[i]);
  free(x->args);
  cmd_in_free(x->in);
  free(x);
  return status;
}

/* env.c - run a program in a modified environment.
**
** Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
** Set each NAME to VALUE in the environment and run COMMAND.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -i, --ignore-environment  start with an empty environment
**   -0, --null           end each output line with NUL, not newline
**   -u, --unset=NAME     remove variable from the environment
**   -C, --chdir=DIR      change working directory to DIR
**   -S, --split-string=S  process and split S into separate arguments;
**                         used to pass multiple arguments on shebang lines
**   -v, --debug          print verbose information for each processing step
**       --help        display this help and exit
**       --version     output version information and exit
**
** A mere - implies -i.  If no COMMAND, print the resulting environment.
*/

/* GNU coreutils' env. Options end at the first operand (a NAME=VALUE or
** the command), as GNU's "+" getopt string. The command is spawned and
** waited for (a box process cannot exec itself into another program):
** env exits with its status, or 128+N when signal N ended it; 125 for
** env's own errors, 126 and 127 when the command cannot be run. The
** signal options (--block-signal ...) are not offered: a box process
** starts with the default handling of every signal. */
#include "cmd.h"
#include "lib_run.h"
#include "lib_sys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

typedef struct strv {
  char **v;
  size_t n, cap;
} strv;

static bool push(strv *s, char *x)
{
  if (s->n + 2 > s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 32;
    char **v = realloc(s->v, cap * sizeof *v);
    if (!v) return false;
    s->v = v;
    s->cap = cap;
  }
  s->v[s->n++] = x;
  s->v[s->n] = NULL;
  return true;
}

static void env_unset(strv *e, const char *name)
{
  size_t len = strlen(name), j = 0;
  for (size_t i = 0; i < e->n; i++)
    if (!(strncmp(e->v[i], name, len) == 0 && e->v[i][len] == '=')) e->v[j++] = e->v[i];
  e->n = j;
  if (e->v) e->v[j] = NULL;
}

static void env_set(strv *e, char *assign)
{
  size_t len = strcspn(assign, "=");
  for (size_t i = 0; i < e->n; i++)
    if (!strncmp(e->v[i], assign, len) && e->v[i][len] == '=') {
      e->v[i] = assign;
      return;
    }
  push(e, assign);
}

/* -S's splitting, as GNU's: blanks separate, '...' is literal, "..." and
** bare text know \" \\ \$ \_ (a space, or a separator outside quotes) \n
** \t \r \f \v \# and \c (the end), ${NAME} is the variable, # at a word's
** start begins a comment. Returns false with *why set on a syntax error. */
static bool split_string(const char *s, strv *out, const char **why)
{
  char *w = malloc(strlen(s) * 1 + 4096);
  size_t wl = 0;
  bool in_word = false;
  if (!w) return *why = "out of memory", false;
  char q = 0;
  for (const char *p = s;; p++) {
    char ch = *p;
    if (!ch) {
      if (q) {
        *why = q == '\'' ? "no terminating quote in -S string" : "no terminating quote in -S string";
        free(w);
        return false;
      }
      break;
    }
    if (!q && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r')) {
      if (in_word) {
        w[wl] = 0;
        push(out, strdup(w));
        wl = 0;
        in_word = false;
      }
      continue;
    }
    if (!q && !in_word && ch == '#') break;
    if (ch == '\'' && q != '"') {
      q = q ? 0 : '\'';
      in_word = true;
      continue;
    }
    if (ch == '"' && q != '\'') {
      q = q ? 0 : '"';
      in_word = true;
      continue;
    }
    if (ch == '\\' && q != '\'' ) {
      char n = *++p;
      switch (n) {
      case '"': case '\\': case '$': case '#': case '\'': w[wl++] = n; break;
      case 'n': w[wl++] = '\n'; break;
      case 't': w[wl++] = '\t'; break;
      case 'r': w[wl++] = '\r'; break;
      case 'f': w[wl++] = '\f'; break;
      case 'v': w[wl++] = '\v'; break;
      case '_':
        if (q) w[wl++] = ' ';
        else if (in_word) {
          w[wl] = 0;
          push(out, strdup(w));
          wl = 0;
          in_word = false;
        }
        continue;
      case 'c':
        if (q) return *why = "'\\c' must not appear in double-quoted -S string", free(w), false;
        goto end;
      case 0: return *why = "invalid backslash at end of string in -S", free(w), false;
      default: {
        static char msg[64];
        snprintf(msg, sizeof msg, "invalid sequence '\\%c' in -S", n);
        *why = msg;
        free(w);
        return false;
      }
      }
      in_word = true;
      continue;
    }
    if (ch == '\\' && q == '\'' && (p[1] == '\\' || p[1] == '\'')) {
      w[wl++] = *++p;
      continue;
    }
    if (ch == '$' && q != '\'' && p[1] == '{') {
      const char *e = strchr(p + 2, '}');
      if (!e) return *why = "only ${VARNAME} expansion is supported, error at: ${", free(w), false;
      char name[256];
      snprintf(name, sizeof name, "%.*s", (int)(e - p - 2), p + 2);
      const char *v = getenv(name);
      if (v) {
        size_t vl = strlen(v);
        char *nw = realloc(w, strlen(s) + 4096 + wl + vl);
        if (!nw) return free(w), *why = "out of memory", false;
        w = nw;
        memcpy(w + wl, v, vl);
        wl += vl;
      }
      in_word = true;
      p = e;
      continue;
    }
    w[wl++] = ch;
    in_word = true;
  }
end:
  if (in_word) {
    w[wl] = 0;
    push(out, strdup(w));
  }
  free(w);
  return true;
}

/* -v's lines go to the box's stderr */
static void note(const char *what, const char *s)
{
  acs_sys_write_all(2, what, strlen(what));
  acs_sys_write_all(2, s, strlen(s));
  acs_sys_write_all(2, "\n", 1);
}

int acs__cmd_env(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"ignore-environment", 'i', CMD_NOARG}, {"null", '0', CMD_NOARG},
      {"unset", 'u', CMD_ARG}, {"chdir", 'C', CMD_ARG}, {"split-string", 'S', CMD_ARG},
      {"debug", 'v', CMD_NOARG}, {0}};
  bool ignore = false, nul = false, debug = false;
  const char *dir = NULL;
  strv unsets = {0};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "+i0u:C:S:v", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'i': ignore = true; break;
    case '0': nul = true; break;
    case 'v': debug = true; break;
    case 'C': dir = g.arg; break;
    case 'u':
      if (!*g.arg || strchr(g.arg, '=')) {
        char q[1024];
        cmd_error(c, "cannot unset %s: %s", cmd_quote(g.arg, q, sizeof q), cmd_strerror(-EINVAL));
        return 125;
      }
      push(&unsets, g.arg);
      break;
    case 'S': {
      /* the split words take the place of the option: parse them too */
      strv nv = {0};
      const char *why = NULL;
      push(&nv, argv[0]);
      if (!split_string(g.arg, &nv, &why)) {
        cmd_error(c, "%s", why);
        return 125;
      }
      for (int i = g.i; i < g.argc; i++) push(&nv, g.argv[i]);
      cmd_getopt_init(&g, (int)nv.n, nv.v, "+i0u:C:S:v", longs);
      argv = nv.v;
      break;
    }
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 125;
  char **ops = cmd_operands(&g);
  int nops = g.nops, k = 0;
  if (k < nops && !strcmp(ops[k], "-")) {
    ignore = true;
    k++;
  }
  strv env = {0};
  if (!ignore)
    for (char **e = environ; e && *e; e++) push(&env, *e);
  for (size_t i = 0; i < unsets.n; i++) {
    if (debug) note("unset:    ", unsets.v[i]);
    env_unset(&env, unsets.v[i]);
  }
  for (; k < nops && strchr(ops[k], '='); k++) {
    if (ops[k][0] == '=') break; /* "=x" is a command name, as GNU sees it */
    if (debug) note("setenv:   ", ops[k]);
    env_set(&env, ops[k]);
  }
  if (!env.v) push(&env, NULL), env.n = 0;
  if (k >= nops) {
    if (dir) {
      cmd_error(c, "must specify command with --chdir (-C)");
      lib_try_help(c);
      return 125;
    }
    for (size_t i = 0; i < env.n; i++) {
      cmd_puts(c, env.v[i]);
      cmd_putc(c, nul ? 0 : '\n');
    }
    return 0;
  }
  if (nul) {
    cmd_error(c, "cannot specify --null (-0) with command");
    lib_try_help(c);
    return 125;
  }
  if (dir) {
    int rc = acs_sys_chdir(dir);
    if (rc) {
      char q[1024];
      cmd_error(c, "cannot change directory to %s: %s", cmd_quote(dir, q, sizeof q), cmd_strerror(rc));
      return 125;
    }
  }
  cmd_flush(c);
  /* the command finds its program on the new PATH, as execvpe would */
  char **saved = environ;
  environ = env.v;
  char path[4096];
  int rc = run_find(ops[k], path, sizeof path);
  environ = saved;
  if (rc) return run_failed(c, ops[k], rc);
  int pid = acs_sys_spawnat_script(NULL, path, ops + k, env.v, NULL, 0);
  if (pid < 0) return run_failed(c, ops[k], pid);
  int w = 0;
  if (run_wait(pid, &w, -1) < 0) return 125;
  return run_exit_code(w);
}

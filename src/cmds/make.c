/* make.c - maintain program dependencies.
**
** Usage: make [options] [target] ...
** Options:
**   -b, -m                      Ignored for compatibility.
**   -B, --always-make           Unconditionally make all targets.
**   -C DIRECTORY, --directory=DIRECTORY
**                               Change to DIRECTORY before doing anything.
**   -e, --environment-overrides
**                               Environment variables override makefiles.
**   -E STRING, --eval=STRING    Evaluate STRING as a makefile statement.
**   -f FILE, --file=FILE, --makefile=FILE
**                               Read FILE as a makefile.
**   -h, --help                  Print this message and exit.
**   -i, --ignore-errors         Ignore errors from recipes.
**   -I DIRECTORY, --include-dir=DIRECTORY
**                               Search DIRECTORY for included makefiles.
**   -j [N], --jobs[=N]          Allow N jobs at once; infinite jobs with no arg.
**   -k, --keep-going            Keep going when some targets can't be made.
**   -n, --just-print, --dry-run, --recon
**                               Don't actually run any recipe; just print them.
**   -q, --question              Run no recipe; exit status says if up to date.
**   -r, --no-builtin-rules      Disable the built-in implicit rules.
**   -R, --no-builtin-variables  Disable the built-in variable settings.
**   -s, --silent, --quiet       Don't echo recipes.
**   --no-silent                 Echo recipes (disable --silent mode).
**   -S, --no-keep-going, --stop
**                               Turns off -k.
**   -t, --touch                 Touch targets instead of remaking them.
**   -v, --version               Print the version number of make and exit.
**   -w, --print-directory       Print the current directory.
**   --no-print-directory        Turn off -w, even if it was turned on implicitly.
**   --warn-undefined-variables  Warn when an undefined variable is referenced.
**
** The box's make: GNU make 4.3's language (rules, pattern and static
** pattern rules, the six assignment operators, target-specific variables,
** conditionals, define, include, export, the functions) and its messages.
** No built-in implicit rules (there is no compiler in the box), no
** archive members, no vpath, no jobserver (a sub-make runs its own -j).
*/

/* The driver: options and MAKEFLAGS, the variables make starts with (the
** environment, the command line, its own), the makefiles read in GNU's
** order, then each goal brought up to date. */
#include "make.h"
#include "../sys/sys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const cmd_opt longs[] = {
  {"always-make", 'B', CMD_NOARG},      {"directory", 'C', CMD_ARG},
  {"environment-overrides", 'e', CMD_NOARG}, {"eval", 'E', CMD_ARG},
  {"file", 'f', CMD_ARG},               {"makefile", 'f', CMD_ARG},
  {"ignore-errors", 'i', CMD_NOARG},    {"include-dir", 'I', CMD_ARG},
  {"jobs", 'j', CMD_OPTARG},            {"keep-going", 'k', CMD_NOARG},
  {"just-print", 'n', CMD_NOARG},       {"dry-run", 'n', CMD_NOARG},
  {"recon", 'n', CMD_NOARG},            {"question", 'q', CMD_NOARG},
  {"no-builtin-rules", 'r', CMD_NOARG}, {"no-builtin-variables", 'R', CMD_NOARG},
  {"silent", 's', CMD_NOARG},           {"quiet", 's', CMD_NOARG},
  {"no-silent", 256, CMD_NOARG},        {"no-keep-going", 'S', CMD_NOARG},
  {"stop", 'S', CMD_NOARG},             {"touch", 't', CMD_NOARG},
  {"print-directory", 'w', CMD_NOARG},  {"no-print-directory", 257, CMD_NOARG},
  {"warn-undefined-variables", 258, CMD_NOARG}, {"debug", 259, CMD_OPTARG},
  {"trace", 260, CMD_NOARG},            {"output-sync", 'O', CMD_OPTARG},
  {0},
};

static bool is_assignment(const char *a)
{
  const char *eq = strchr(a, '=');
  if (!eq || eq == a) return false;
  for (const char *p = a; p < eq; p++)
    if (*p == ' ' || *p == '\t') return false;
  return true;
}

/* A command-line VAR=value (also VAR:=, VAR+=, VAR?=). */
static void cmdline_var(mk_state *m, const char *a)
{
  const char *eq = strchr(a, '=');
  size_t nl = (size_t)(eq - a);
  bool simple = false, append = false;
  if (nl && a[nl - 1] == ':') simple = true, nl--;
  else if (nl && a[nl - 1] == '+') append = true, nl--;
  else if (nl && a[nl - 1] == '?') nl--;
  if (nl && a[nl - 1] == ':') nl--; /* ::= */
  char *name = mk_strndup(a, nl);
  const char *value = eq + 1;
  if (append) {
    mk_var *v = mk_var_find(&m->globals, name);
    if (v) {
      mk_sb b = {0};
      mk_sb_adds(&b, v->value);
      mk_sb_addc(&b, ' ');
      mk_sb_adds(&b, value);
      mk_var_set(&m->globals, name, b.s, v->recursive, MK_CMDLINE);
      mk_sb_free(&b);
      return;
    }
  }
  mk_var_set(&m->globals, name, simple ? mk_expand(m, NULL, value) : value, !simple, MK_CMDLINE);
  /* passed to sub-makes through MAKEFLAGS, escaped as make does */
  mk_sb b = {0};
  if (m->cmdline_vars) mk_sb_adds(&b, m->cmdline_vars);
  if (b.len) mk_sb_addc(&b, ' ');
  for (const char *p = a; *p; p++) {
    if (*p == ' ' || *p == '\\') mk_sb_addc(&b, '\\');
    mk_sb_addc(&b, *p);
  }
  m->cmdline_vars = mk_sb_take(&b);
  mk_sb_free(&b);
}

static void builtin_vars(mk_state *m, const char *argv0, bool no_builtins)
{
  char cwd[4096] = "";
  acs_sys_getcwd(cwd, sizeof cwd);
  mk_var_set(&m->globals, "CURDIR", cwd, false, MK_FILE);
  mk_var_set(&m->globals, "MAKE", argv0, false, MK_DEFAULT);
  mk_var_set(&m->globals, "MAKE_COMMAND", argv0, false, MK_DEFAULT);
  mk_var_set(&m->globals, "MAKE_VERSION", "4.3", false, MK_DEFAULT);
  mk_var_set(&m->globals, "SHELL", "/bin/sh", false, MK_FILE);
  mk_var_set(&m->globals, ".SHELLFLAGS", "-c", false, MK_DEFAULT);
  mk_var_set(&m->globals, "MAKEFILE_LIST", "", false, MK_FILE);
  char lvl[16];
  snprintf(lvl, sizeof lvl, "%d", m->level);
  mk_var_set(&m->globals, "MAKELEVEL", lvl, false, MK_ENV);
  if (no_builtins) return;
  static const char *const defs[][2] = {
    {"CC", "cc"}, {"CXX", "g++"}, {"CPP", "$(CC) -E"}, {"AR", "ar"}, {"ARFLAGS", "rv"}, {"AS", "as"},
    {"RM", "rm -f"}, {"LEX", "lex"}, {"YACC", "yacc"}, {"LD", "ld"}, {"FC", "f77"}, {"PC", "pc"},
    {"CO", "co"}, {"GET", "get"}, {"MAKEINFO", "makeinfo"}, {"TEX", "tex"}, {"CWEAVE", "cweave"},
    {"COMPILE.c", "$(CC) $(CFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c"},
    {"LINK.c", "$(CC) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)"},
    {"OUTPUT_OPTION", "-o $@"},
  };
  for (size_t i = 0; i < sizeof defs / sizeof *defs; i++)
    mk_var_set(&m->globals, defs[i][0], defs[i][1], true, MK_DEFAULT);
}

static void env_vars(mk_state *m)
{
  extern char **environ;
  for (char **e = environ; *e; e++) {
    const char *eq = strchr(*e, '=');
    if (!eq || eq == *e) continue;
    char *name = mk_strndup(*e, (size_t)(eq - *e));
    /* make keeps its own SHELL; MAKEFLAGS and MAKELEVEL are read apart */
    if (!strcmp(name, "SHELL") || !strcmp(name, "MAKEFLAGS") || !strcmp(name, "MAKELEVEL") ||
        !strcmp(name, "MFLAGS"))
      continue;
    mk_var_set(&m->globals, name, eq + 1, true, MK_ENV);
  }
}

/* MAKEFLAGS from a parent make: letters, then " -- VAR=value ...". */
static void parent_flags(mk_state *m)
{
  const char *f = getenv("MAKEFLAGS");
  if (!f || !*f) return;
  const char *vars = strstr(f, " -- ");
  const char *end = vars ? vars : f + strlen(f);
  const char *p = f;
  if (*p == '-') p++;
  for (; p < end && *p != ' '; p++) {
    switch (*p) {
    case 'k': m->keep_going = true; break;
    case 's': m->silent = true; break;
    case 'n': m->dry_run = true; break;
    case 'i': m->ignore_errors = true; break;
    case 'B': m->always = true; break;
    case 'e': m->env_overrides = true; break;
    default: break;
    }
  }
  const char *npd = strstr(f, "--no-print-directory");
  if (npd && npd < end) m->no_print_dir = true;
  if (!vars) return;
  /* words with backslash-escaped blanks */
  const char *q = vars + 4;
  while (*q) {
    mk_sb w = {0};
    while (*q == ' ') q++;
    while (*q && *q != ' ') {
      if (*q == '\\' && q[1]) q++;
      mk_sb_addc(&w, *q++);
    }
    if (w.len && is_assignment(w.s)) cmdline_var(m, w.s);
    mk_sb_free(&w);
  }
}

static void dir_note(mk_state *m, const char *what)
{
  char cwd[4096] = "";
  acs_sys_getcwd(cwd, sizeof cwd);
  cmd_printf(m->c, "%s: %s directory '%s'\n", m->progname, what, cwd);
}

int acs__cmd_make(acs_cmd *c, int argc, char **argv)
{
  static mk_state st;
  mk_state *m = &st;
  memset(m, 0, sizeof *m);
  m->c = c;
  m->jobs = 1;
  m->rules_tail = &m->rules;

  const char *lv = getenv("MAKELEVEL");
  m->level = lv ? atoi(lv) : 0;
  if (m->level < 0) m->level = 0;
  if (m->level) snprintf(m->progname, sizeof m->progname, "make[%d]", m->level);
  else snprintf(m->progname, sizeof m->progname, "make");
  parent_flags(m);
  c->usage_full = true;

  const char *files[64], *dirs[64], *evals[64];
  size_t nfiles = 0, ndirs = 0, nevals = 0;
  char *incs[64];
  size_t nincs = 0;
  bool no_builtins = false, print_dir_opt = false, no_print_dir = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bBC:eE:f:hiI:j::kl::mnO::qrRsStvwW:o:L", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'B': m->always = true; break;
    case 'C': if (ndirs < 64) dirs[ndirs++] = g.arg; break;
    case 'e': m->env_overrides = true; break;
    case 'E': if (nevals < 64) evals[nevals++] = g.arg; break;
    case 'f': if (nfiles < 64) files[nfiles++] = g.arg; break;
    case 'h': cmd_puts(c, c->help); mk_free_all(); return 0;
    case 'i': m->ignore_errors = true; break;
    case 'I': if (nincs < 64) incs[nincs++] = g.arg; break;
    case 'j': m->jobs = g.arg ? atoi(g.arg) : 0; break;
    case 'k': m->keep_going = true; break;
    case 'S': m->keep_going = false; break;
    case 'n': m->dry_run = true; break;
    case 'q': m->question = true; break;
    case 'r': no_builtins = true; break;
    case 'R': no_builtins = true; break;
    case 's': m->silent = true; break;
    case 256: m->silent = false; break;
    case 't': m->touch = true; break;
    case 'v':
      cmd_puts(c, "GNU Make 4.3 (agent-code-sandbox)\nBuilt for x86_64-pc-linux-gnu\n"
                  "License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n"
                  "This is free software: you are free to change and redistribute it.\n"
                  "There is NO WARRANTY, to the extent permitted by law.\n");
      mk_free_all();
      return 0;
    case 'w': print_dir_opt = true; break;
    case 257: no_print_dir = true; break;
    case 258: m->warn_undefined = true; break;
    default: break; /* -b -m -l -O -L -o -W --debug --trace: accepted */
    }
  }
  if (opt < 0) {
    mk_free_all();
    return opt == CMD_HELP_DONE ? 0 : 2;
  }
  for (size_t i = 0; i < ndirs; i++) {
    int r = acs_sys_chdir(dirs[i]);
    if (r < 0) {
      mk_msg(m, "*** %s: %s.  Stop.", dirs[i], cmd_strerror(r));
      mk_free_all();
      return 2;
    }
  }
  m->include_dirs = incs;
  m->ninclude_dirs = nincs;
  if (no_print_dir) m->no_print_dir = true;
  /* -s turns the directory lines off, as GNU's -w is with -s */
  bool print_dir = !m->no_print_dir && !m->silent && (print_dir_opt || ndirs > 0 || m->level > 0);

  builtin_vars(m, argv[0], no_builtins);
  env_vars(m);
  builtin_vars(m, argv[0], true); /* CURDIR, MAKE, SHELL win over the environment */
  char **ops = cmd_operands(&g);
  mk_sb goals = {0};
  for (int i = 0; i < g.nops; i++) {
    if (is_assignment(ops[i])) cmdline_var(m, ops[i]);
    else {
      if (goals.len) mk_sb_addc(&goals, ' ');
      mk_sb_adds(&goals, ops[i]);
    }
  }
  mk_var_set(&m->globals, "MAKECMDGOALS", goals.s ? goals.s : "", false, MK_DEFAULT);
  mk_var_set(&m->globals, "MAKEFLAGS", mk_makeflags(m), false, MK_FILE);
  if (print_dir) dir_note(m, "Entering");

  int status = 0;
  for (size_t i = 0; i < nevals && !status; i++) {
    m->cur_file = NULL;
    status = mk_read_text(m, "-E", evals[i], strlen(evals[i]));
  }
  bool found = false;
  if (!status && nfiles) {
    for (size_t i = 0; i < nfiles && !status; i++) {
      int rs = 0;
      int e;
      if (!strcmp(files[i], "-")) {
        char *data = NULL;
        size_t len = 0;
        e = cmd_read_all("/dev/stdin", &data, &len);
        if (e >= 0) {
          rs = mk_read_text(m, "-", data, len);
          free(data);
        }
      } else {
        e = mk_read_file(m, files[i], &rs);
      }
      if (e < 0) {
        mk_msg(m, "%s: %s", files[i], cmd_strerror(e));
        m->cur_file = NULL;
        status = mk_fatal(m, "No rule to make target '%s'", files[i]);
      }
      status = status ? status : rs;
      found = true;
    }
  } else if (!status) {
    static const char *const names[] = {"GNUmakefile", "makefile", "Makefile"};
    for (size_t i = 0; i < 3 && !found; i++) {
      int rs = 0;
      if (mk_read_file(m, names[i], &rs) == 0) {
        found = true;
        status = rs;
      }
    }
  }
  m->cur_file = NULL;
  if (!status) {
    mk_var *dg = mk_var_find(&m->globals, ".DEFAULT_GOAL");
    char *dgv = dg ? mk_expand(m, NULL, dg->value) : NULL;
    size_t ng;
    char **gw = mk_words(goals.s ? goals.s : "", &ng);
    if (!ng) {
      const char *goal = dgv && *dgv ? dgv : m->default_goal;
      if (!goal) {
        if (found) status = mk_fatal(m, "No targets");
        else status = mk_fatal(m, "No targets specified and no makefile found");
      } else {
        status = mk_update_goal(m, goal);
      }
    } else {
      for (size_t i = 0; i < ng; i++) {
        int s = mk_update_goal(m, gw[i]);
        if (s && (!status || s > status)) status = s;
        if (s && !m->keep_going) break;
      }
    }
  }
  mk_sb_free(&goals);
  if (m->clock_skew) mk_msg(m, "warning:  Clock skew detected.  Your build may be incomplete.");
  if (print_dir) dir_note(m, "Leaving");
  cmd_flush(c);
  mk_free_all();
  return status;
}

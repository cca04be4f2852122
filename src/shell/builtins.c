/* builtins.c - the shell's builtin commands and their table: control
** (break, continue, return, exit, eval, source, exec, command), variables
** (export, readonly, unset, local, declare, set, shift), the directory
** (cd, pwd), and small ones (echo, true, false, :, type, wait, trap,
** umask, let). test, printf and read have files of their own. */
#include "sh.h"

#include <errno.h>

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int run_builtin_argv(strv *args);

static int usage_error(const char *name, const char *msg)
{
  sh_error("%s: %s", name, msg);
  return 2;
}

/* ---- echo ---------------------------------------------------------------- */

static int hexval(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* bash's echo -e escapes; false after \c */
static bool echo_escaped(const char *s)
{
  for (; *s; s++) {
    if (*s != '\\' || !s[1]) {
      out_add(s, 1);
      continue;
    }
    char c = *++s, o;
    switch (c) {
    case 'a': o = '\a'; break;
    case 'b': o = '\b'; break;
    case 'c': return false;
    case 'e': case 'E': o = 033; break;
    case 'f': o = '\f'; break;
    case 'n': o = '\n'; break;
    case 'r': o = '\r'; break;
    case 't': o = '\t'; break;
    case 'v': o = '\v'; break;
    case '\\': o = '\\'; break;
    case 'x': {
      int v = hexval(s[1]);
      if (v < 0) {
        out_add("\\x", 2);
        continue;
      }
      s++;
      if (hexval(s[1]) >= 0) v = v * 16 + hexval(*++s);
      o = (char)v;
      break;
    }
    case '0': {
      int v = 0;
      for (int i = 0; i < 3 && s[1] >= '0' && s[1] <= '7'; i++) v = v * 8 + (*++s - '0');
      o = (char)v;
      break;
    }
    case 'u': case 'U': {
      unsigned long u = 0;
      int i = 0;
      for (; i < (c == 'u' ? 4 : 8) && hexval(s[1]) >= 0; i++) u = u * 16 + (unsigned long)hexval(*++s);
      if (!i) {
        out_add(s - 1, 2);
        continue;
      }
      sbuf t = {0};
      sb_utf8(&t, u);
      out_add(t.s, t.len);
      sb_free(&t);
      continue;
    }
    default:
      out_add(s - 1, 2);
      continue;
    }
    out_add(&o, 1);
  }
  return true;
}

int bi_echo(int argc, char **argv)
{
  bool nl = true, esc = shopt_on("xpg_echo");
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || !a[1] || a[strspn(a + 1, "neE") + 1]) break;
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'n') nl = false;
      else if (*p == 'e') esc = true;
      else esc = false;
    }
  }
  for (; i < argc; i++) {
    if (esc) {
      if (!echo_escaped(argv[i])) return out_flush() ? 0 : 1;
    } else {
      out_adds(argv[i]);
    }
    if (i + 1 < argc) out_add(" ", 1);
  }
  if (nl) out_add("\n", 1);
  int err = out_flush_err();
  if (err) {
    sh_error("echo: write error: %s", strerror(-err));
    return 1;
  }
  return 0;
}

/* ---- small ones ------------------------------------------------------------ */

static int bi_true(int argc, char **argv) { (void)argc, (void)argv; return 0; }
static int bi_false(int argc, char **argv) { (void)argc, (void)argv; return 1; }

static bool number_arg(const char *s, long *v)
{
  if (!*s) return false;
  char *end;
  *v = strtol(s, &end, 10);
  return !*end;
}

static int bi_exit(int argc, char **argv)
{
  long v = sh.status;
  if (argc > 1 && !number_arg(argv[1], &v)) {
    sh_error("exit: %s: numeric argument required", argv[1]);
    v = 2;
  } else if (argc > 2) {
    sh_error("exit: too many arguments");
    return 1;
  }
  out_flush();
  sh_exit((int)(v & 255));
}

static int bi_return(int argc, char **argv)
{
  long v = sh.status;
  if (argc > 1 && !number_arg(argv[1], &v)) {
    sh_error("return: %s: numeric argument required", argv[1]);
    v = 2;
  }
  /* a subshell outside a function is no function either (bash) */
  if (sh.func_depth == 0) {
    sh_error("return: can only `return' from a function or sourced script");
    return 2;
  }
  if (sh.func_depth > 0 && sh.in_child && var_scope_depth() == 0) sh_exit((int)(v & 255));
  sh.returning = true;
  sh.before_return = sh.status; /* $? in a RETURN trap (bash's) */
  sh.status = (int)(v & 255);
  return sh.status;
}

static int loop_ctl(int argc, char **argv, bool brk)
{
  long n = 1;
  /* bash leaves a script on a malformed break or continue (a special
  ** builtin's usage error): 128 for a word, 1 for extra arguments */
  if (argc > 1 && !number_arg(argv[1], &n)) {
    sh_error("%s: %s: numeric argument required", argv[0], argv[1]);
    sh_exit(128);
  }
  if (argc > 2) {
    sh_error("%s: too many arguments", argv[0]);
    sh_exit(1);
  }
  int st = 0;
  if (n < 1) { /* bash says so, then acts as for 1 */
    sh_error("%s: %ld: loop count out of range", argv[0], n);
    n = 1;
    st = 1;
  }
  if (sh.loop_depth == 0) {
    sh_error("%s: only meaningful in a `for', `while', or `until' loop", argv[0]);
    return st;
  }
  if (n > sh.loop_depth) n = sh.loop_depth;
  if (brk) sh.breaking = (int)n;
  else sh.continuing = (int)n;
  return st;
}

static int bi_break(int argc, char **argv) { return loop_ctl(argc, argv, true); }
static int bi_continue(int argc, char **argv) { return loop_ctl(argc, argv, false); }

static int bi_shift(int argc, char **argv)
{
  long n = 1;
  if (argc > 1 && !number_arg(argv[1], &n)) {
    sh_error("shift: %s: numeric argument required", argv[1]);
    return 1;
  }
  if (n < 0 || n > sh.argc) return 1;
  sh.argv += n;
  sh.argc -= (int)n;
  return 0;
}

static int bi_eval(int argc, char **argv)
{
  sbuf b = {0};
  int first = 1;
  if (argc > 1 && !strcmp(argv[1], "--")) first = 2;
  else if (argc > 1 && argv[1][0] == '-' && argv[1][1]) {
    sh_error("eval: %s: invalid option", argv[1]);
    sh_usage("eval: usage: eval [arg ...]\n");
    out_flush();
    return 2;
  }
  for (int i = first; i < argc; i++) {
    if (i > first) sb_addc(&b, ' ');
    sb_adds(&b, argv[i]);
  }
  if (!b.len) return 0;
  trace_level++;
  int st = run_string(b.s, "eval", sh.line);
  trace_level--;
  if (sh.aborting) {
    /* an expansion error ends the eval'd text, not the line that ran eval */
    sh.aborting = false;
    st = 1;
  }
  sb_free(&b);
  return st;
}

static int bi_source(int argc, char **argv)
{
  if (argc > 1 && !strcmp(argv[1], "--")) {
    argv++, argc--; /* argv[0] is not used below */
  }
  if (argc < 2) return usage_error("source", "filename argument required");
  const char *name = argv[1];
  char *path = NULL;
  if (!strchr(name, '/')) {
    int err;
    path = path_lookup(name, &err);
  }
  int fd = acs_sys_open(path ? path : name, O_RDONLY, 0);
  if (fd < 0 && path) fd = acs_sys_open(name, O_RDONLY, 0);
  free(path);
  if (fd < 0) {
    sh_perror(name, fd);
    return 1;
  }
  acs__sys_stat fst;
  if (acs_sys_fstat(fd, &fst) == 0 && (fst.mode & 0170000) == 0040000) {
    acs_sys_close(fd);
    sh_error("%s: is a directory", name);
    return 1;
  }
  sbuf b = {0};
  char buf[65536];
  ssize_t n;
  while ((n = acs_sys_read(fd, buf, sizeof buf)) > 0) sb_add(&b, buf, (size_t)n);
  acs_sys_close(fd);
  char **oargv = sh.argv;
  int oargc = sh.argc;
  if (argc > 2) {
    sh.argv = argv + 2;
    sh.argc = argc - 2;
  }
  sh.func_depth++; /* return works in a sourced file */
  frame_push("source", name, sh.line, false);
  trace_level++;
  int st = run_string(b.s ? b.s : "", name, 1);
  trace_level--;
  bool returned = sh.returning;
  if (returned) {
    sh.returning = false;
    st = sh.status;
  }
  trap_run_return(returned ? sh.before_return : st); /* a RETURN trap runs as the file ends */
  sh.status = st;
  frame_pop(false);
  sh.func_depth--;
  if (argc > 2) {
    sh.argv = oargv;
    sh.argc = oargc;
  }
  sb_free(&b);
  return st;
}

static int bi_command(int argc, char **argv)
{
  int i = 1;
  bool v = false, V = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *p = argv[i] + 1; *p; p++) {
      if (*p == 'v') v = true;
      else if (*p == 'V') V = true;
      else if (*p != 'p') return usage_error("command", "invalid option");
    }
  }
  if (i >= argc) return 0;
  if (v || V) {
    int st = 0;
    for (; i < argc; i++) {
      const char *n = argv[i];
      bool special;
      const char *al = shopt_on("expand_aliases") ? alias_get(n) : NULL;
      if (al) {
        if (V) out_printf("%s is aliased to `%s'\n", n, al);
        else alias_print(n, al);
        continue;
      }
      if (fn_find(n) || builtin_find(n, &special) || is_keyword(n)) {
        if (V) out_printf("%s is %s\n", n, fn_find(n) ? "a function" : is_keyword(n) ? "a shell keyword" : "a shell builtin");
        else out_printf("%s\n", n);
        continue;
      }
      int err;
      char *p = hash_shown(n);
      bool hashed = p != NULL;
      err = 0;
      if (!p) p = strchr(n, '/') ? (acs_sys_access(n, 1) == 0 ? xstrdup(n) : NULL) : path_lookup(n, &err);
      if (p && (strchr(n, '/') || err != -13)) {
        if (V && hashed) out_printf("%s is hashed (%s)\n", n, p);
        else if (V) out_printf("%s is %s\n", n, p);
        else out_printf("%s\n", p);
      } else {
        if (V) sh_error("command: %s: not found", n);
        st = 1;
      }
      free(p);
    }
    return st;
  }
  strv a = {0};
  for (; i < argc; i++) sv_push(&a, xstrdup(argv[i]));
  int st = run_builtin_argv(&a);
  sv_free(&a);
  return st;
}

static int bi_builtin(int argc, char **argv)
{
  if (argc < 2) return 0;
  bool special;
  if (!builtin_find(argv[1], &special)) {
    sh_error("builtin: %s: not a shell builtin", argv[1]);
    return 1;
  }
  strv a = {0};
  for (int i = 1; i < argc; i++) sv_push(&a, xstrdup(argv[i]));
  int st = run_builtin_argv(&a);
  sv_free(&a);
  return st;
}

static int bi_exec(int argc, char **argv)
{
  /* the redirections (applied by the caller) are made permanent by not
  ** restoring them: exec has none of its own to undo */
  extern bool exec_keep_redirs;
  if (argc < 2) {
    exec_keep_redirs = true;
    return 0;
  }
  /* an external program replaces the shell (acs_sys_exec: the same pid);
  ** a builtin runs here and the shell then exits with its status */
  extern bool exec_replace, exec_naming;
  strv a = {0};
  for (int i = 1; i < argc; i++) sv_push(&a, xstrdup(argv[i]));
  exec_replace = exec_naming = true;
  int st = run_builtin_argv(&a);
  exec_replace = exec_naming = false;
  sv_free(&a);
  sh_exit(st);
}

/* ---- variables ---------------------------------------------------------------- */

typedef struct pr {
  int flag;
  const char *prefix;
} pr;

static void print_decl(const char *name, const char *value, int flags, void *u)
{
  pr *p = u;
  if (p->flag && !(flags & p->flag)) return;
  sbuf b = {0};
  sb_adds(&b, "declare -");
  if (flags & V_INTEGER) sb_addc(&b, 'i');
  if (flags & V_NAMEREF) sb_addc(&b, 'n');
  if (flags & V_READONLY) sb_addc(&b, 'r');
  if (flags & V_EXPORT) sb_addc(&b, 'x');
  if (!(flags & (V_INTEGER | V_READONLY | V_EXPORT | V_NAMEREF))) sb_addc(&b, '-');
  sb_addc(&b, ' ');
  sb_adds(&b, name);
  if (value) {
    sb_addc(&b, '=');
    sb_dquote(&b, value);
  }
  sb_addc(&b, '\n');
  out_add(b.s, b.len);
  sb_free(&b);
}

typedef struct arr_filter {
  int kind, flag; /* 'a' or 'A' (0: both); attributes it must have */
} arr_filter;

static void print_array(const char *name, int flags, array *a, void *u)
{
  arr_filter *f = u;
  if (f->kind && (f->kind == 'A') != arr_assoc(a)) return;
  if (f->flag && !(flags & f->flag)) return;
  arrays_print(name, flags, a);
}

/* NAME[=VALUE] arguments of export, readonly, local, declare */
static int declare_args_(const char *cmd, int argc, char **argv, int i, int flag, bool local, int kind,
                         int unflag);

/* NAME[=VALUE] arguments; a nameref's own value is set, not its target's */
static int declare_args(const char *cmd, int argc, char **argv, int i, int flag, bool local, int kind)
{
  return declare_args_(cmd, argc, argv, i, flag, local, kind, 0);
}

static int declare_args_(const char *cmd, int argc, char **argv, int i, int flag, bool local, int kind,
                         int unflag)
{
  int st = 0;
  if (flag & V_NAMEREF) var_nameref_raw(true);
  for (; i < argc; i++) {
    const char *a = argv[i];
    int ar = arrays_declare_arg(a, kind, local);
    if (ar >= 0) {
      st |= ar;
      size_t nl = strcspn(a, "[+=");
      char *name = xstrndup(a, nl);
      if (flag && !ar) var_set_flag(name, flag);
      free(name);
      continue;
    }
    const char *eq = strchr(a, '=');
    size_t n = eq ? (size_t)(eq - a) : strlen(a);
    bool append = eq && n > 0 && a[n - 1] == '+';
    if (append) n--;
    if (!is_name(a, n)) {
      sh_error("%s: `%s': not a valid identifier", cmd, a);
      st = 1;
      continue;
    }
    char *name = xstrndup(a, n);
    /* an integer's value is its expression's (the attribute first) */
    char *ival = NULL;
    if (eq && ((flag & V_INTEGER) || (var_flags(name) & V_INTEGER)) && !(unflag & V_INTEGER)) {
      const char *old = var_get(name);
      if (append) ival = var_int_append(old, eq + 1);
      else {
        int64_t v;
        if (arith_eval(eq + 1, &v)) {
          char buf[32];
          snprintf(buf, sizeof buf, "%lld", (long long)v);
          ival = xstrdup(buf);
        }
      }
      if (!ival) {
        st = 1;
        free(name);
        continue;
      }
      if (local) var_local(name, ival, true);
      else if (var_set(name, ival, 0) < 0) st = 1;
    } else if (local) {
      if (eq && append) {
        const char *old = var_get(name);
        sbuf b = {0};
        sb_adds(&b, old ? old : "");
        sb_adds(&b, eq + 1);
        var_local(name, b.s, true);
        sb_free(&b);
      } else {
        var_local(name, eq ? eq + 1 : NULL, eq != NULL);
      }
    } else if (eq) {
      const char *old = var_get(name);
      sbuf b = {0};
      if (append) sb_adds(&b, old ? old : "");
      sb_adds(&b, eq + 1);
      if (var_set(name, b.s, 0) < 0) st = 1;
      sb_free(&b);
    } else if (!var_get(name) && !var_flags(name) && !var_array(name)) {
      var_set_flag(name, V_DECLARED);
    }
    if (flag) var_set_flag(name, flag);
    if (unflag & ~V_READONLY) var_clear_flag(name, unflag & ~V_READONLY); /* readonly stays */
    free(ival);
    free(name);
  }
  if (flag & V_NAMEREF) var_nameref_raw(false);
  return st;
}

static int bi_export(int argc, char **argv)
{
  int i = 1;
  bool unexport = false, print = false, funcs = false;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 'n') unexport = true;
      else if (*c == 'p') print = true;
      else if (*c == 'f') funcs = true;
      else return usage_error("export", "invalid option");
    }
  }
  if (funcs && i < argc) {
    /* export -f NAME: the function goes to programs' environments */
    int st = 0;
    for (; i < argc; i++) {
      func *f = fn_find(argv[i]);
      if (!f) {
        sh_error("export: %s: not a function", argv[i]);
        st = 1;
      } else {
        f->exported = !unexport;
      }
    }
    return st;
  }
  if (i >= argc || print) {
    pr p = {V_EXPORT, "export"};
    var_each(print_decl, &p);
    return 0;
  }
  if (unexport) {
    /* export -n NAME=VALUE assigns too */
    int st = declare_args("export", argc, argv, i, 0, false, 0);
    for (; i < argc; i++) {
      char *name = xstrndup(argv[i], strcspn(argv[i], "="));
      var_clear_flag(name, V_EXPORT);
      free(name);
    }
    return st;
  }
  return declare_args("export", argc, argv, i, V_EXPORT, false, 0);
}

static int bi_readonly(int argc, char **argv)
{
  int i = 1, kind = 0;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 'a' || *c == 'A') kind = *c;
      else if (*c == 'p') continue;
      else if (*c == 'f') {
        /* functions carry no readonly mark here: say so rather than pass */
        sh_error("readonly: -f: read-only functions are not supported by this shell");
        return 2;
      } else {
        sh_error("readonly: -%c: invalid option", *c);
        sh_usage("readonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p\n");
        return 2;
      }
    }
  }
  if (i >= argc) {
    /* as declare -p lists them: -a or -A only that kind of array */
    pr p = {V_READONLY, "readonly"};
    if (!kind) var_each(print_decl, &p);
    arr_filter af = {kind, V_READONLY};
    var_each_array(print_array, &af);
    return 0;
  }
  /* `readonly -a q` alone makes no array (bash's declare -r q) */
  int st = 0;
  for (; i < argc; i++)
    st |= declare_args("readonly", i + 1, argv, i, V_READONLY, false, strchr(argv[i], '=') ? kind : 0);
  return st;
}

static int bi_local(int argc, char **argv)
{
  if (var_scope_depth() == 0 || sh.func_depth == 0) {
    sh_error("local: can only be used in a function");
    return 1;
  }
  int i = 1;
  int flag = 0, kind = 0;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!argv[i][1]) {
      /* local -: the set options come back as they were when it returns */
      opts_save_for_function();
      continue;
    }
    if (strchr(argv[i], 'x')) flag |= V_EXPORT;
    if (strchr(argv[i], 'r')) flag |= V_READONLY;
    if (strchr(argv[i], 'a')) kind = 'a';
    if (strchr(argv[i], 'A')) kind = 'A';
    if (strchr(argv[i], 'n')) flag |= V_NAMEREF;
    if (strchr(argv[i], 'i')) flag |= V_INTEGER;
  }
  return declare_args("local", argc, argv, i, flag, true, kind);
}

static void add_fn_name(func *f, void *u) { sv_push(u, xstrdup(f->name)); }

static void show_fn(const func *f)
{
  char *t = fn_format(f, false);
  out_printf("%s\n", t);
  free(t);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int print_named(int argc, char **argv, int i);

static int bi_declare(int argc, char **argv)
{
  int i = 1, flag = 0, unflag = 0, kind = 0;
  bool print = false, funcs = false, fnames = false, global = false;
  for (; i < argc && (argv[i][0] == '-' || argv[i][0] == '+') && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    /* +x takes the attribute away */
    int *fl = argv[i][0] == '+' ? &unflag : &flag;
    for (const char *p = argv[i] + 1; *p; p++) {
      if (*p == 'a') kind = 'a';
      else if (*p == 'A') kind = 'A';
      else if (*p == 'x') *fl |= V_EXPORT;
      else if (*p == 'r') *fl |= V_READONLY;
      else if (*p == 'i') *fl |= V_INTEGER;
      else if (*p == 'n') *fl |= V_NAMEREF;
      else if (*p == 'p') print = true;
      else if (*p == 'f') funcs = true;
      else if (*p == 'F') funcs = fnames = true;
      else if (*p == 'g') global = true;
      else if (!strchr("ltu", *p)) {
        sh_error("%s: -%c: invalid option", argv[0], *p);
        if (!strcmp(argv[0], "declare") || !strcmp(argv[0], "typeset")) {
          char u[200];
          snprintf(u, sizeof u, "%s: usage: %s [-aAfFgiIlnrtux] [name[=value] ...] or %s -p "
                   "[-aAfFilnrtux] [name ...]\n", argv[0], argv[0], argv[0]);
          sh_usage(u);
        }
        return 2;
      }
    }
  }
  if (funcs) {
    int st = 0;
    if (i >= argc) {
      /* every function, sorted by name */
      strv names = {0};
      fn_each(add_fn_name, &names);
      if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp_str);
      for (size_t k = 0; k < names.n; k++) {
        func *f = fn_find(names.v[k]);
        if (!f || ((flag & V_EXPORT) && !f->exported)) continue;
        /* a listing of all shows each one's attributes after it, as bash's */
        if (!fnames) show_fn(f);
        if (fnames || f->exported) out_printf("declare -f%s %s\n", f->exported ? "x" : "", names.v[k]);
      }
      sv_free(&names);
      return 0;
    }
    for (; i < argc; i++) {
      func *f = fn_find(argv[i]);
      if (!f) st = 1;
      else if (fnames) out_printf("%s\n", argv[i]);
      else {
        show_fn(f);
        if (print && f->exported) out_printf("declare -fx %s\n", argv[i]);
      }
    }
    return st;
  }
  if (i >= argc || print) {
    pr p = {flag, "declare"};
    var_nameref_raw(true);
    if (i >= argc) {
      if (!kind) var_each(print_decl, &p);
      arr_filter af = {kind, flag};
      var_each_array(print_array, &af);
      var_nameref_raw(false);
      return 0;
    }
    int st = print_named(argc, argv, i);
    var_nameref_raw(false);
    return st;
  }
  bool local = sh.func_depth > 0 && var_scope_depth() > 0 && !global;
  return declare_args_(argv[0], argc, argv, i, flag, local, kind, unflag);
}

static int print_named(int argc, char **argv, int i)
{
  {
    int st = 0;
    for (; i < argc; i++) {
      array *arr = var_array(argv[i]);
      if (arr) {
        arrays_print(argv[i], var_flags(argv[i]), arr);
        continue;
      }
      const char *v = var_get(argv[i]);
      int fl = var_flags(argv[i]);
      if (!v && !fl) {
        sh_error("declare: %s: not found", argv[i]);
        st = 1;
        continue;
      }
      pr all = {0, "declare"};
      print_decl(argv[i], v, fl, &all);
    }
    return st;
  }
}

static int bi_unset(int argc, char **argv)
{
  int i = 1;
  bool funcs = false, vars = false, unref = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *o = argv[i] + 1; *o; o++) {
      if (*o == 'f') funcs = true;
      else if (*o == 'v') vars = true;
      else if (*o == 'n') unref = true;
      else {
        sh_error("unset: -%c: invalid option", *o);
        sh_usage("unset: usage: unset [-f] [-v] [-n] [name ...]\n");
        return 2;
      }
    }
  }
  int st = 0;
  for (; i < argc; i++) {
    if (funcs) {
      fn_unset(argv[i]);
      continue;
    }
    const char *br = strchr(argv[i], '[');
    size_t len = strlen(argv[i]);
    if (br && br > argv[i] && len > 2 && argv[i][len - 1] == ']' && is_name(argv[i], (size_t)(br - argv[i]))) {
      char *name = xstrndup(argv[i], (size_t)(br - argv[i]));
      char *sub = arr_sub_text(br + 1, len - (size_t)(br - argv[i]) - 2);
      array *arr = var_array(name);
      if ((!strcmp(sub, "@") || !strcmp(sub, "*")) && !(arr && arr_assoc(arr))) {
        /* a[@]: every element, the array stays declared, as bash's (an
        ** associative one's key "@") */
        if (!arr) {
          if (var_get(name)) {
            sh_error("unset: %s: not an array variable", name);
            st = 1;
          }
        } else if (var_flags(name) & V_READONLY) {
          sh_error("unset: %s: cannot unset: readonly variable", name);
          st = 1;
        } else {
          while (arr_count(arr)) arr_unseti(arr, arr_idx_at(arr, 0));
        }
      } else if (var_elem_unset(name, sub) < 0) {
        st = 1;
      }
      free(name);
      free(sub);
      continue;
    }
    if (!is_name(argv[i], strlen(argv[i]))) {
      sh_error("unset: `%s': not a valid identifier", argv[i]);
      st = 1;
      continue;
    }
    if (!vars && !var_get(argv[i]) && !var_flags(argv[i]) && fn_find(argv[i])) {
      fn_unset(argv[i]);
      continue;
    }
    if (unref) var_nameref_raw(true);
    if (var_unset(argv[i]) < 0) st = 1;
    if (unref) var_nameref_raw(false);
  }
  return st;
}

static void print_set(const char *name, const char *value, int flags, void *u)
{
  (void)flags, (void)u;
  if (!value) return;
  sbuf b = {0};
  sb_adds(&b, name);
  sb_addc(&b, '=');
  bool plain = *value != 0, ctrl = false;
  for (const char *p = value; *p; p++) {
    if (!(isalnum((unsigned char)*p) || strchr("_-./:,+@%^", *p))) plain = false;
    if ((unsigned char)*p < 32 || *p == 127) ctrl = true;
  }
  if (plain) sb_adds(&b, value);
  else if (ctrl) {
    /* control characters: $'...' keeps the line one line, as bash */
    char *q = sh_quote(value);
    sb_adds(&b, q);
    free(q);
  } else {
    sb_addc(&b, '\'');
    for (const char *p = value; *p; p++) {
      if (*p == '\'') sb_adds(&b, "'\\''");
      else sb_addc(&b, *p);
    }
    sb_addc(&b, '\'');
  }
  sb_addc(&b, '\n');
  out_add(b.s, b.len);
  sb_free(&b);
}

/* bash's options that change nothing here, kept so that set -o shows what
** a script set (braceexpand, hashall and interactive-comments are on in
** bash and always so here) */
static bool opt_keep[12] = {[0] = true, [4] = true, [6] = true}, opt_monitor;
enum { K_BRACE, K_ERRTRACE, K_FUNCTRACE, K_HIST, K_HASH, K_HISTEXP, K_COMMENTS, K_KEYWORD, K_NOTIFY,
       K_ONECMD, K_PHYSICAL, K_PRIVILEGED };

static bool *opt_letter(char c)
{
  switch (c) {
  case 'e': return &sh.opt_e;
  case 'u': return &sh.opt_u;
  case 'x': return &sh.opt_x;
  case 'f': return &sh.opt_f;
  case 'C': return &sh.opt_C;
  case 'a': return &sh.opt_a;
  case 'n': return &sh.opt_n;
  case 'v': return &sh.opt_v;
  case 'B': return &opt_keep[K_BRACE];
  case 'E': return &opt_keep[K_ERRTRACE];
  case 'T': return &opt_keep[K_FUNCTRACE];
  case 'h': return &opt_keep[K_HASH];
  case 'H': return &opt_keep[K_HISTEXP];
  case 'k': return &opt_keep[K_KEYWORD];
  case 'b': return &opt_keep[K_NOTIFY];
  case 't': return &opt_keep[K_ONECMD];
  case 'P': return &opt_keep[K_PHYSICAL];
  case 'p': return &opt_keep[K_PRIVILEGED];
  case 'm': return &opt_monitor;
  default: return NULL;
  }
}

static bool opt_emacs, opt_vi, opt_ignoreeof, opt_nolog, opt_posix;

/* bash's set -o list, in its order */
static const struct {
  const char *name;
  char letter;
  bool *flag; /* when it has no letter */
} long_opts[] = {
    {"allexport", 'a', NULL},  {"braceexpand", 'B', NULL}, {"emacs", 0, &opt_emacs},
    {"errexit", 'e', NULL},    {"errtrace", 'E', NULL},    {"functrace", 'T', NULL},
    {"hashall", 'h', NULL},    {"histexpand", 'H', NULL},  {"history", 0, &opt_keep[K_HIST]},
    {"ignoreeof", 0, &opt_ignoreeof}, {"interactive-comments", 0, &opt_keep[K_COMMENTS]},
    {"keyword", 'k', NULL},    {"monitor", 'm', NULL}, {"noclobber", 'C', NULL},
    {"noexec", 'n', NULL},     {"noglob", 'f', NULL},      {"nolog", 0, &opt_nolog},
    {"notify", 'b', NULL},     {"nounset", 'u', NULL},     {"onecmd", 't', NULL},
    {"physical", 'P', NULL},   {"pipefail", 0, NULL},      {"posix", 0, &opt_posix},
    {"privileged", 'p', NULL}, {"verbose", 'v', NULL},     {"vi", 0, &opt_vi},
    {"xtrace", 'x', NULL},
};

static bool *opt_named(const char *name)
{
  for (size_t i = 0; i < sizeof long_opts / sizeof *long_opts; i++)
    if (!strcmp(long_opts[i].name, name)) {
      if (long_opts[i].letter) return opt_letter(long_opts[i].letter);
      return long_opts[i].flag ? long_opts[i].flag : &sh.pipefail;
    }
  return NULL;
}

bool set_errtrace(void) { return opt_keep[K_ERRTRACE]; }
bool set_functrace(void) { return opt_keep[K_FUNCTRACE]; }

/* The options that change nothing here, for a child shell (state.c): one
** '0' or '1' per entry of long_opts without a flag of sh's own. */
static bool *kept_flag(size_t i)
{
  bool *f = long_opts[i].letter ? opt_letter(long_opts[i].letter) : long_opts[i].flag;
  bool ours = f == &sh.opt_e || f == &sh.opt_u || f == &sh.opt_x || f == &sh.opt_f || f == &sh.opt_C ||
              f == &sh.opt_a || f == &sh.opt_n || f == &sh.opt_v || !f;
  return ours ? NULL : f;
}

char *set_kept_options(void)
{
  size_t n = sizeof long_opts / sizeof *long_opts;
  char *v = xmalloc(n + 1);
  for (size_t i = 0; i < n; i++) {
    bool *f = kept_flag(i);
    v[i] = f && *f ? '1' : '0';
  }
  v[n] = 0;
  return v;
}

void set_kept_options_load(const char *v)
{
  size_t n = sizeof long_opts / sizeof *long_opts;
  for (size_t i = 0; i < n && v[i]; i++) {
    bool *f = kept_flag(i);
    if (f) *f = v[i] == '1';
  }
}

static void set_positional(int argc, char **argv)
{
  /* the old array may still be referenced by a caller's frame: keep it */
  char **v = xcalloc((size_t)argc + 1, sizeof *v);
  for (int i = 0; i < argc; i++) v[i] = xstrdup(argv[i]);
  sh.argv = v;
  sh.argc = argc;
}

int sh_set_options(int argc, char **argv, int i, bool *set_args)
{
  *set_args = false;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      *set_args = true;
      return i + 1;
    }
    if (!strcmp(a, "+")) continue; /* ignored, as bash */
    if ((a[0] != '-' && a[0] != '+') || !a[1]) {
      if (!strcmp(a, "-")) {
        /* the end of the options (and -x -v off); the parameters stay
        ** when none follow */
        sh.opt_x = sh.opt_v = false;
        i++;
      }
      *set_args = i < argc;
      return i;
    }
    bool on = a[0] == '-';
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'o') {
        /* -o NAME, also inside a cluster (set -euo pipefail): the name is
        ** the next argument; with none, the options are listed */
        if (i + 1 >= argc) {
          for (size_t k = 0; k < sizeof long_opts / sizeof *long_opts; k++) {
            bool *o = opt_named(long_opts[k].name);
            if (on) out_printf("%-15s\t%s\n", long_opts[k].name, *o ? "on" : "off");
            else out_printf("set %co %s\n", *o ? '-' : '+', long_opts[k].name);
          }
          continue;
        }
        bool *o = opt_named(argv[++i]);
        if (!o) {
          sh_error("set: %s: invalid option name", argv[i]);
          return -1;
        }
        *o = on;
        /* the line editor is one or the other */
        if (on && o == &opt_vi) opt_emacs = false;
        if (on && o == &opt_emacs) opt_vi = false;
        continue;
      }
      bool *o = opt_letter(*p);
      if (!o) {
        sh_error("set: %c%c: invalid option", a[0], *p);
        sh_usage("set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n");
        return -1;
      }
      *o = on;
    }
  }
  return i;
}

static void print_set_array(const char *name, int flags, array *a, void *u)
{
  (void)flags, (void)u;
  arrays_print_set(name, a);
}

static int bi_set(int argc, char **argv)
{
  if (argc == 1) {
    var_each(print_set, NULL);
    var_each_array(print_set_array, NULL);
    /* then the functions, by name, as bash's set lists them */
    strv names = {0};
    fn_each(add_fn_name, &names);
    if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp_str);
    for (size_t k = 0; k < names.n; k++) show_fn(fn_find(names.v[k]));
    sv_free(&names);
    return 0;
  }
  bool set_args;
  int i = sh_set_options(argc, argv, 1, &set_args);
  if (i < 0) return 2;
  if (set_args) set_positional(argc - i, argv + i);
  return 0;
}

/* ---- directories ----------------------------------------------------------- */

/* a logical path: . and .. resolved by the text, as cd -L does; as
** bash's, NULL when what a .. climbs out of is not a directory (cd
** nonexistent/.. fails) */
static char *normalize(const char *path)
{
  strv parts = {0};
  sbuf sofar = {0};
  const char *p = path;
  while (*p) {
    while (*p == '/') p++;
    if (!*p) break;
    const char *e = strchr(p, '/');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n == 1 && p[0] == '.') {
    } else if (n == 2 && p[0] == '.' && p[1] == '.') {
      sofar.len = 0;
      for (size_t i = 0; i < parts.n; i++) sb_addc(&sofar, '/'), sb_adds(&sofar, parts.v[i]);
      sb_addc(&sofar, '/');
      acs__sys_stat st;
      if (acs_sys_stat(sofar.s, &st) < 0 || (st.mode & 0170000) != 0040000) {
        sv_free(&parts);
        sb_free(&sofar);
        return NULL;
      }
      if (parts.n) free(parts.v[--parts.n]);
    } else {
      sv_push(&parts, xstrndup(p, n));
    }
    p += n;
  }
  sbuf b = {0};
  for (size_t i = 0; i < parts.n; i++) {
    sb_addc(&b, '/');
    sb_adds(&b, parts.v[i]);
  }
  if (!b.len) sb_addc(&b, '/');
  sv_free(&parts);
  sb_free(&sofar);
  return sb_take(&b);
}

static char *cwd(void)
{
  char buf[4096];
  if (acs_sys_getcwd(buf, sizeof buf) < 0) return NULL;
  return xstrdup(buf);
}

static int bi_cd(int argc, char **argv)
{
  int i = 1;
  bool physical = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    if (!strcmp(argv[i], "-P")) physical = true;
    else if (!strcmp(argv[i], "-L")) physical = false;
    else break;
  }
  const char *dir;
  bool print = false;
  if (i >= argc) {
    dir = var_get("HOME");
    if (!dir) {
      sh_error("cd: HOME not set");
      return 1;
    }
  } else if (argc - i > 1) {
    sh_error("cd: too many arguments");
    return 1;
  } else if (!strcmp(argv[i], "-")) {
    dir = var_get("OLDPWD");
    if (!dir) {
      sh_error("cd: OLDPWD not set");
      return 1;
    }
    print = true;
  } else {
    dir = argv[i];
  }
  if (!*dir) return 0;
  char *target = NULL;
  /* CDPATH for a relative name */
  const char *cdpath = var_get("CDPATH");
  if (cdpath && dir[0] != '/' && strncmp(dir, "./", 2) && strncmp(dir, "../", 3) && strcmp(dir, ".") &&
      strcmp(dir, "..")) {
    const char *p = cdpath;
    for (;;) {
      const char *c = strchr(p, ':');
      size_t n = c ? (size_t)(c - p) : strlen(p);
      if (n) {
        sbuf b = {0};
        sb_add(&b, p, n);
        sb_addc(&b, '/');
        sb_adds(&b, dir);
        acs__sys_stat st;
        if (acs_sys_stat(b.s, &st) == 0 && (st.mode & 0170000) == 0040000) {
          target = sb_take(&b);
          print = true;
          break;
        }
        sb_free(&b);
      }
      if (!c) break;
      p = c + 1;
    }
  }
  if (!target) {
    if (dir[0] == '/') target = xstrdup(dir);
    else {
      const char *pwd = var_get("PWD");
      char *here = pwd && pwd[0] == '/' ? xstrdup(pwd) : cwd();
      sbuf b = {0};
      sb_adds(&b, here ? here : "/");
      sb_addc(&b, '/');
      sb_adds(&b, dir);
      free(here);
      target = sb_take(&b);
    }
  }
  char *logical = physical ? NULL : normalize(target);
  bool phys = physical || !logical; /* bash then tries the name as it is */
  int rc = acs_sys_chdir(phys ? target : logical);
  if (rc < 0 && !phys) {
    rc = acs_sys_chdir(target);
    phys = true;
  }
  if (rc < 0) {
    sh_error("cd: %s: %s", dir, sh_strerror(rc));
    free(target);
    free(logical);
    return 1;
  }
  const char *old = var_get("PWD");
  char *oldc = old ? xstrdup(old) : cwd();
  if (oldc) var_set("OLDPWD", oldc, 0);
  free(oldc);
  if (phys) {
    char *c = cwd();
    var_set("PWD", c ? c : target, 0);
    free(c);
  } else {
    var_set("PWD", logical, 0);
  }
  if (print) out_printf("%s\n", var_get("PWD"));
  free(target);
  free(logical);
  return 0;
}

static int bi_pwd(int argc, char **argv)
{
  bool physical = argc > 1 && !strcmp(argv[1], "-P");
  const char *pwd = var_get("PWD");
  char *c = cwd();
  if (!physical && pwd && pwd[0] == '/') {
    acs__sys_stat a, b;
    if (c && acs_sys_stat(pwd, &a) == 0 && acs_sys_stat(c, &b) == 0 && a.ino == b.ino) {
      out_printf("%s\n", pwd);
      free(c);
      return 0;
    }
  }
  if (!c && !physical && pwd && pwd[0] == '/') {
    /* the directory was removed under the shell: bash names the one it is in */
    out_printf("%s\n", pwd);
    return 0;
  }
  if (!c) {
    sh_error("pwd: error retrieving current directory: getcwd: cannot access parent "
             "directories: No such file or directory");
    return 1;
  }
  out_printf("%s\n", c);
  free(c);
  return 0;
}

/* ---- others ---------------------------------------------------------------- */


/* u=rwx,g=rx,o= for the permissions a mask leaves */
static void umask_symbolic(unsigned mask)
{
  unsigned perm = ~mask & 0777;
  const char *who = "ugo";
  for (int i = 0; i < 3; i++) {
    unsigned bits = (perm >> (6 - 3 * i)) & 7;
    out_printf("%c=%s%s%s%s", who[i], bits & 4 ? "r" : "", bits & 2 ? "w" : "", bits & 1 ? "x" : "",
               i < 2 ? "," : "\n");
  }
}

/* chmod's symbolic form on the permissions the mask leaves: the new
** mask, or -1 with bash's complaint said */
static int umask_apply(const char *spec, unsigned mask)
{
  unsigned perm = ~mask & 0777;
  const char *p = spec;
  for (;;) {
    unsigned who = 0;
    for (; *p && strchr("ugoa", *p); p++)
      who |= *p == 'u' ? 0700 : *p == 'g' ? 0070 : *p == 'o' ? 0007 : 0777;
    if (!who) who = 0777;
    if (!*p || !strchr("+-=", *p)) {
      sh_error("umask: `%c': invalid symbolic mode operator", *p ? *p : ' ');
      return -1;
    }
    while (*p && strchr("+-=", *p)) {
      char op = *p++;
      unsigned bits = 0;
      for (; *p && strchr("rwxXst", *p); p++)
        bits |= *p == 'r' ? 0444 : *p == 'w' ? 0222 : *p == 'x' || *p == 'X' ? 0111 : 0;
      bits &= who;
      if (op == '+') perm |= bits;
      else if (op == '-') perm &= ~bits;
      else perm = (perm & ~who) | bits;
    }
    if (!*p) break;
    if (*p != ',') {
      sh_error("umask: `%c': invalid symbolic mode character", *p);
      return -1;
    }
    p++;
  }
  return (int)(~perm & 0777);
}

static int bi_umask(int argc, char **argv)
{
  bool sym = false, reuse = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *p = argv[i] + 1; *p; p++) {
      if (*p == 'S') sym = true;
      else if (*p == 'p') reuse = true;
      else {
        sh_error("umask: -%c: invalid option", *p);
        out_flush();
        fprintf(stderr, "umask: usage: umask [-p] [-S] [mode]\n");
        return 2;
      }
    }
  }
  int old = acs_sys_umask(022);
  acs_sys_umask((unsigned)old);
  if (i >= argc) {
    if (reuse) out_printf("umask%s ", sym ? " -S" : "");
    if (sym) umask_symbolic((unsigned)old);
    else out_printf("%04o\n", old);
    return 0;
  }
  const char *a = argv[i];
  int m;
  if (*a >= '0' && *a <= '9') {
    char *end;
    long v = strtol(a, &end, 8);
    if (*end || v < 0 || v > 0777) {
      sh_error("umask: %s: octal number out of range", a);
      return 1;
    }
    m = (int)v;
  } else if ((m = umask_apply(a, (unsigned)old)) < 0) {
    return 1;
  }
  acs_sys_umask((unsigned)m);
  if (sym) umask_symbolic((unsigned)m);
  return 0;
}

static int bi_let(int argc, char **argv)
{
  int64_t v = 0;
  if (argc < 2) {
    sh_error("let: expression expected");
    return 1;
  }
  const char *ctx = arith_ctx;
  arith_ctx = "let";
  bool ok = true;
  for (int i = 1; i < argc && ok; i++) ok = arith_eval(argv[i], &v);
  arith_ctx = ctx;
  return ok ? v == 0 : 1;
}

static int bi_colon(int argc, char **argv) { (void)argc, (void)argv; return 0; }

static int bi_enable(int argc, char **argv);

static const struct {
  const char *name;
  builtin_fn fn;
  bool special;
} table[] = {
    {".", bi_source, true},      {":", bi_colon, true},       {"[", bi_test, false},
    {"alias", bi_alias, false},  {"unalias", bi_unalias, false}, {"builtin", bi_builtin, false},
    {"break", bi_break, true},   {"cd", bi_cd, false},        {"command", bi_command, false},
    {"continue", bi_continue, true}, {"declare", bi_declare, false}, {"echo", bi_echo, false},
    {"eval", bi_eval, true},     {"exec", bi_exec, true},     {"exit", bi_exit, true},
    {"export", bi_export, true}, {"getopts", bi_getopts, false}, {"kill", bi_kill, false}, {"false", bi_false, false},  {"let", bi_let, false},
    {"local", bi_local, false},  {"printf", bi_printf, false}, {"pwd", bi_pwd, false},
    {"read", bi_read, false},    {"readonly", bi_readonly, true}, {"return", bi_return, true},
    {"set", bi_set, true},       {"shift", bi_shift, true}, {"shopt", bi_shopt, false},   {"source", bi_source, true},
    {"test", bi_test, false},    {"trap", bi_trap, true},     {"true", bi_true, false},
    {"type", bi_type, false},    {"typeset", bi_declare, false}, {"umask", bi_umask, false},
    {"unset", bi_unset, true},   {"wait", bi_wait, false},
    {"jobs", bi_jobs, false},    {"history", bi_history, false},    {"fg", bi_fg, false},        {"bg", bi_bg, false},
    {"disown", bi_disown, false}, {"pushd", bi_pushd, false}, {"popd", bi_popd, false},
    {"dirs", bi_dirs, false},    {"hash", bi_hash, false},    {"times", bi_times, false},
    {"ulimit", bi_ulimit, false}, {"caller", bi_caller, false}, {"mapfile", bi_mapfile, false}, {"readarray", bi_mapfile, false},
    {"enable", bi_enable, false},
};
enum { NBUILTINS = sizeof table / sizeof *table };
static bool disabled[NBUILTINS]; /* enable -n */

static int by_name(const void *a, const void *b)
{
  return strcmp(table[*(const int *)a].name, table[*(const int *)b].name);
}

/* enable [-a] [-n] [-ps] [name ...]: builtins turned off (a program of
** the name then runs) and on again, and bash's listings */
static int bi_enable(int argc, char **argv)
{
  bool off = false, all = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 'n') off = true;
      else if (*c == 'a') all = true;
      else if (*c != 'p' && *c != 's') {
        sh_error("enable: -%c: invalid option", *c);
        sh_usage("enable: usage: enable [-a] [-dnps] [-f filename] [name ...]\n");
        return 2;
      }
    }
  }
  if (i >= argc) {
    int order[NBUILTINS];
    for (int k = 0; k < NBUILTINS; k++) order[k] = k;
    qsort(order, NBUILTINS, sizeof *order, by_name);
    for (int k = 0; k < NBUILTINS; k++) {
      int b = order[k];
      if (all || disabled[b] == off) out_printf("enable %s%s\n", disabled[b] ? "-n " : "", table[b].name);
    }
    return 0;
  }
  int st = 0;
  for (; i < argc; i++) {
    int b = 0;
    while (b < NBUILTINS && strcmp(table[b].name, argv[i])) b++;
    if (b == NBUILTINS) {
      sh_error("enable: %s: not a shell builtin", argv[i]);
      st = 1;
      continue;
    }
    disabled[b] = off;
  }
  return st;
}

void builtins_send(sbuf *b, void (*put)(sbuf *, const char *))
{
  for (int k = 0; k < NBUILTINS; k++)
    if (disabled[k]) {
      put(b, "N");
      put(b, table[k].name);
    }
}

void builtin_disable(const char *name)
{
  for (int k = 0; k < NBUILTINS; k++)
    if (!strcmp(table[k].name, name)) disabled[k] = true;
}

builtin_fn builtin_find(const char *name, bool *special)
{
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (!strcmp(table[i].name, name) && !disabled[i]) {
      *special = table[i].special;
      return table[i].fn;
    }
  *special = false;
  return NULL;
}

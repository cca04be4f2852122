/* awk.c - pattern scanning and processing language.
**
** Usage: awk [POSIX or GNU style options] -f progfile [--] file ...
** Usage: awk [POSIX or GNU style options] [--] 'program' file ...
** POSIX options:          GNU long options: (standard)
**   -f progfile             --file=progfile
**   -F fs                   --field-separator=fs
**   -v var=val              --assign=var=val
** Short options:          GNU long options: (extensions)
**   -e 'program-text'       --source='program-text'
**   -h                      --help
**   -V                      --version
**
** awk is a pattern scanning and processing language.
** By default it reads standard input and writes standard output.
**
** Examples:
**   awk '{ sum += $1 }; END { print sum }' file
**   awk -F: '{ print $1 }' /etc/passwd
*/

/* POSIX awk with what gawk scripts commonly use (BEGINFILE/ENDFILE,
** gensub, match's array, asort, strftime, regex RS, IGNORECASE, **, and
** gawk's messages). Also installed as gawk. The parts are listed in
** awk.h. Fatal errors leave through a jmp_buf to here, where open pipes
** are still closed and output flushed; the status is then 2, as gawk's. */
#include "awk.h"

#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern char **environ;

static void put_err(const char *s, size_t n) { acs_sys_write_all(2, s, n); }

static void vmsg(awk *A, const char *kind, const char *fmt, va_list ap)
{
  char buf[8192];
  int n = snprintf(buf, sizeof buf, "%s: ", A->name);
  if (A->lint_line > 0 && A->srcname)
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s:%d: ", A->srcname, A->lint_line);
  if (A->fnr > 0 && !A->in_end && A->g && A->ng > G_FILENAME) {
    astr *f = cell_tostr(A, &A->g[G_FILENAME].c);
    n += snprintf(buf + n, sizeof buf - (size_t)n, "(FILENAME=%s FNR=%.0f) ", f->s, A->fnr);
    astr_unref(f);
  }
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  if (kind) n += snprintf(buf + n, sizeof buf - (size_t)n, "%s: ", kind);
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  n += vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
  if ((size_t)n >= sizeof buf - 1) n = sizeof buf - 2;
  buf[n++] = '\n';
  cmd_flush(A->c); /* as gawk: what was printed comes first */
  put_err(buf, (size_t)n);
}

void awk_fatal(awk *A, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vmsg(A, A->parsing ? "error" : "fatal", fmt, ap);
  A->fatal_status = A->parsing ? 1 : 2;
  va_end(ap);
  longjmp(*A->fatal_jb, 1);
}

void awk_warn(awk *A, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vmsg(A, "warning", fmt, ap);
  va_end(ap);
}

void awk_syntax(awk *A, const token *t, const char *what)
{
  size_t pos = t->pos <= A->srclen ? t->pos : A->srclen;
  size_t ls = pos;
  while (ls > 0 && A->src[ls - 1] != '\n') ls--;
  size_t le = pos;
  while (le < A->srclen && A->src[le] != '\n') le++;
  if (!what) what = t->t == T_NEWLINE || t->t == T_EOF ? "unexpected newline or end of string" : "syntax error";
  char head[512];
  int line = t->line;
  if (t->t == T_NEWLINE) {
    line++; /* gawk has read the newline: it counts the next line */
  } else if (t->t == T_EOF) {
    /* the caret goes after the end of the line the statement was on */
    if (ls == le && ls > 0) {
      le = ls - 1;
      ls = le;
      while (ls > 0 && A->src[ls - 1] != '\n') ls--;
      pos = le;
      line--;
    }
  }
  int hn = snprintf(head, sizeof head, "%s: %s:%d: ", A->name, A->srcname, line);
  put_err(head, (size_t)hn);
  put_err(A->src + ls, le - ls);
  put_err("\n", 1);
  put_err(head, (size_t)hn);
  for (size_t i = ls; i < pos; i++) put_err(A->src[i] == '\t' ? "\t" : " ", 1);
  put_err("^ ", 2);
  put_err(what, strlen(what));
  put_err("\n", 1);
  A->fatal_status = 1;
  longjmp(*A->fatal_jb, 1);
}

/* the escapes of a -v or operand value, as in a string literal */
static astr *unescape_value(awk *A, const char *s)
{
  size_t n = strlen(s), k = 0;
  char *b = malloc(n + 1);
  if (!b) awk_fatal(A, "out of memory");
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '\\' || i + 1 >= n) {
      b[k++] = s[i];
      continue;
    }
    char c = s[++i];
    switch (c) {
    case 'n': b[k++] = '\n'; break;
    case 't': b[k++] = '\t'; break;
    case 'r': b[k++] = '\r'; break;
    case 'a': b[k++] = '\a'; break;
    case 'b': b[k++] = '\b'; break;
    case 'f': b[k++] = '\f'; break;
    case 'v': b[k++] = '\v'; break;
    case '\\': b[k++] = '\\'; break;
    case '"': b[k++] = '"'; break;
    case '/': b[k++] = '/'; break;
    default:
      if (c >= '0' && c <= '7') {
        int v = 0, d = 0;
        while (d < 3 && i < n && s[i] >= '0' && s[i] <= '7') v = v * 8 + (s[i++] - '0'), d++;
        i--;
        b[k++] = (char)v;
      } else {
        b[k++] = '\\';
        b[k++] = c;
      }
    }
  }
  astr *r = astr_new(A, b, k);
  free(b);
  return r;
}

void awk_assign_operand(awk *A, const char *s, const char *eq)
{
  int slot = -1;
  size_t n = (size_t)(eq - s);
  for (int i = 0; i < A->ng; i++)
    if (A->gnames[i]->len == n && !memcmp(A->gnames[i]->s, s, n)) slot = i;
  if (slot < 0) return; /* a name the program never uses */
  if (A->g[slot].k == V_ARRAY) awk_fatal(A, "cannot use array `%s' as a scalar", A->gnames[slot]->s);
  cell v = cell_input(unescape_value(A, eq + 1));
  var_assign(A, slot, &v);
  cell_free(&v);
}

static void set_str(awk *A, int slot, const char *s)
{
  cell v = cell_str(astr_cstr(A, s));
  var_assign(A, slot, &v);
  cell_free(&v);
}

static void set_num(awk *A, int slot, double d)
{
  cell v = cell_num(d);
  var_assign(A, slot, &v);
}

static void init_specials(awk *A, int argc, char **argv)
{
  static const char *const names[G_NSPECIAL] = {
      "NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "SUBSEP", "CONVFMT", "OFMT", "RSTART",
      "RLENGTH", "FILENAME", "ENVIRON", "ARGC", "ARGV", "RT", "IGNORECASE", "PROCINFO", "FPAT",
      "FIELDWIDTHS"};
  for (int i = 0; i < G_NSPECIAL; i++) awk_global(A, names[i], strlen(names[i]));
  A->fs = astr_cstr(A, " ");
  A->ofs = astr_cstr(A, " ");
  A->ors = astr_cstr(A, "\n");
  A->rs = astr_cstr(A, "\n");
  A->subsep = astr_cstr(A, "\034");
  A->convfmt = astr_cstr(A, "%.6g");
  A->ofmt = astr_cstr(A, "%.6g");
  set_num(A, G_NF, 0);
  set_num(A, G_NR, 0);
  set_num(A, G_FNR, 0);
  set_str(A, G_FS, " ");
  set_str(A, G_OFS, " ");
  set_str(A, G_ORS, "\n");
  set_str(A, G_RS, "\n");
  set_str(A, G_SUBSEP, "\034");
  set_str(A, G_CONVFMT, "%.6g");
  set_str(A, G_OFMT, "%.6g");
  set_num(A, G_RSTART, 0);
  set_num(A, G_RLENGTH, -1);
  set_str(A, G_FILENAME, "");
  set_str(A, G_RT, "");
  set_num(A, G_IGNORECASE, 0);
  set_str(A, G_FPAT, "[^[:space:]]+");
  set_str(A, G_FIELDWIDTHS, "");
  A->split_mode = 0; /* FS: assigning FPAT or FIELDWIDTHS changes it */
  A->g[G_ENVIRON] = (var){.k = V_ARRAY, .a = array_new()};
  A->g[G_ARGV] = (var){.k = V_ARRAY, .a = array_new()};
  A->g[G_PROCINFO] = (var){.k = V_ARRAY, .a = array_new()};
  if (!A->g[G_ENVIRON].a || !A->g[G_ARGV].a || !A->g[G_PROCINFO].a) awk_fatal(A, "out of memory");
  for (char **e = environ; e && *e; e++) {
    const char *eq = strchr(*e, '=');
    if (!eq) continue;
    astr *k = astr_new(A, *e, (size_t)(eq - *e));
    *array_get(A, A->g[G_ENVIRON].a, k) = cell_input(astr_cstr(A, eq + 1));
    astr_unref(k);
  }
  for (int i = 0; i < argc; i++) {
    astr *k = num_tostr(A, i, NULL);
    *array_get(A, A->g[G_ARGV].a, k) = cell_input(astr_cstr(A, argv[i]));
    astr_unref(k);
  }
  set_num(A, G_ARGC, argc);
  static const char *const info[][2] = {{"version", "5.2.1"}, {"FS", "FS"}, {"platform", "posix"}};
  for (size_t i = 0; i < sizeof info / sizeof *info; i++) {
    astr *k = astr_cstr(A, info[i][0]);
    *array_get(A, A->g[G_PROCINFO].a, k) = cell_str(astr_cstr(A, info[i][1]));
    astr_unref(k);
  }
  astr *k = astr_cstr(A, "pid");
  *array_get(A, A->g[G_PROCINFO].a, k) = cell_num(acs_sys_getpid());
  astr_unref(k);
}

typedef struct src {
  char *text;
  size_t len, cap;
} src;

static void src_add(awk *A, src *s, const char *p, size_t n)
{
  if (s->len + n + 2 > s->cap) {
    s->cap = (s->len + n + 2) * 2;
    s->text = realloc(s->text, s->cap);
    if (!s->text) awk_fatal(A, "out of memory");
  }
  memcpy(s->text + s->len, p, n);
  s->len += n;
  if (n && p[n - 1] != '\n') s->text[s->len++] = '\n';
  s->text[s->len] = 0;
}

static void usage(awk *A)
{
  static const char u[] =
      "Usage: %s [POSIX or GNU style options] -f progfile [--] file ...\n"
      "Usage: %s [POSIX or GNU style options] [--] 'program' file ...\n"
      "POSIX options:\t\tGNU long options: (standard)\n"
      "\t-f progfile\t\t--file=progfile\n"
      "\t-F fs\t\t\t--field-separator=fs\n"
      "\t-v var=val\t\t--assign=var=val\n";
  char buf[1024];
  int n = snprintf(buf, sizeof buf, u, A->name, A->name);
  put_err(buf, (size_t)n);
}

static int awk_main(acs_cmd *c, int argc, char **argv)
{
  awk *A = calloc(1, sizeof *A);
  if (!A) {
    cmd_error(c, "out of memory");
    return 2;
  }
  A->c = c;
  const char *slash = strrchr(c->name, '/');
  A->name = slash ? slash + 1 : c->name;
  A->cur_fi = -1;
  A->argi = 1;
  {
    /* the locale as the environment names it: LC_ALL, LC_CTYPE, LANG */
    const char *loc = getenv("LC_ALL");
    if (!loc || !*loc) loc = getenv("LC_CTYPE");
    if (!loc || !*loc) loc = getenv("LANG");
    if (loc && (strcasestr(loc, "utf-8") || strcasestr(loc, "utf8"))) {
      A->utf8 = true;
      setlocale(LC_CTYPE, "C.UTF-8"); /* glibc's built-in one: no file; regcomp then matches characters */
    }
  }
  A->srcname = "cmd. line";
  volatile int status = 0;
  jmp_buf jb;
  A->fatal_jb = &jb;
  src prog = {0};
  char **vars = calloc((size_t)argc + 1, sizeof *vars);
  const char *fs = NULL;
  bool have_prog = false;
  if (setjmp(jb)) {
    status = A->fatal_status ? A->fatal_status : 2;
    goto out;
  }
  if (!vars) awk_fatal(A, "out of memory");
  int nvars = 0, i = 1;
  /* options stop at the program text; gawk's own parsing */
  for (; i < argc; i++) {
    char *a = argv[i];
    if (a[0] != '-' || !a[1]) break;
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    char *val = NULL;
    int opt = 0;
    if (a[1] == '-') {
      static const struct {
        const char *name;
        int opt;
        bool arg;
      } longs[] = {{"field-separator", 'F', true}, {"assign", 'v', true}, {"file", 'f', true},
                   {"source", 'e', true}, {"help", 'h', false}, {"version", 'V', false},
                   {"posix", 'P', false}, {"traditional", 'c', false}, {"re-interval", 'r', false},
                   {"characters-as-bytes", 'b', false}, {"sandbox", 'S', false}};
      char *eq = strchr(a + 2, '=');
      size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
      int found = -1, nfound = 0;
      for (size_t k = 0; k < sizeof longs / sizeof *longs; k++)
        if (!strncmp(longs[k].name, a + 2, len)) {
          if (strlen(longs[k].name) == len) {
            found = (int)k;
            nfound = 1;
            break;
          }
          found = (int)k;
          nfound++;
        }
      if (nfound != 1) {
        char m[512];
        int n = snprintf(m, sizeof m, nfound ? "%s: option '%s' is ambiguous\n" : "%s: unrecognized option '%s'\n", A->name, a);
        put_err(m, (size_t)n);
        usage(A);
        status = 1;
        goto out;
      }
      opt = longs[found].opt;
      if (longs[found].arg) {
        if (eq) val = eq + 1;
        else if (i + 1 < argc) val = argv[++i];
        else {
          char m[512];
          int n = snprintf(m, sizeof m, "%s: option '--%s' requires an argument\n", A->name, longs[found].name);
          put_err(m, (size_t)n);
          usage(A);
          status = 1;
          goto out;
        }
      }
    } else {
      opt = a[1];
      if (strchr("Fvfe", opt)) {
        if (a[2]) val = a + 2;
        else if (i + 1 < argc) val = argv[++i];
        else {
          char m[256];
          int n = snprintf(m, sizeof m, "%s: option requires an argument -- %c\n", A->name, opt);
          put_err(m, (size_t)n);
          usage(A);
          status = 1;
          goto out;
        }
      } else if (!strchr("hVPcrbS", opt) || a[2]) {
        char m[256];
        int n = snprintf(m, sizeof m, "%s: invalid option -- '%c'\n", A->name, opt);
        put_err(m, (size_t)n);
        usage(A);
        status = 1;
        goto out;
      }
    }
    switch (opt) {
    case 'F': fs = val; break;
    case 'v': vars[nvars++] = val; break;
    case 'f': {
      char *data;
      size_t len;
      int rc = !strcmp(val, "-") ? cmd_read_all("-", &data, &len) : cmd_read_all(val, &data, &len);
      if (rc < 0) awk_fatal(A, "cannot open source file `%s' for reading: %s", val, cmd_strerror(rc));
      src_add(A, &prog, data, len);
      free(data);
      if (!have_prog) A->srcname = val;
      have_prog = true;
      break;
    }
    case 'e':
      src_add(A, &prog, val, strlen(val));
      have_prog = true;
      break;
    case 'h':
      cmd_puts(c, c->help);
      goto out;
    case 'V':
      cmd_puts(c, "awk (agent-code-sandbox)\n");
      goto out;
    default: break;
    }
  }
  if (!have_prog) {
    if (i >= argc) {
      usage(A);
      status = 1;
      goto out;
    }
    src_add(A, &prog, argv[i], strlen(argv[i]));
    i++;
  }
  /* ARGV: the name, then the operands after the program */
  int nargs = argc - i + 1;
  char **av = calloc((size_t)nargs + 1, sizeof *av);
  if (!av) awk_fatal(A, "out of memory");
  av[0] = (char *)A->name;
  for (int k = 1; k < nargs; k++) av[k] = argv[i + k - 1];
  init_specials(A, nargs, av);
  free(av);
  A->src = prog.text;
  A->srclen = prog.len;
  if (A->srclen && prog.text[A->srclen - 1] == '\n' && have_prog == false) A->srclen--;
  if (fs) {
    astr *v = unescape_value(A, fs);
    cell cv = cell_str(v);
    var_assign(A, G_FS, &cv);
    cell_free(&cv);
  }
  for (int k = 0; k < nvars; k++) {
    char *eq = strchr(vars[k], '=');
    if (!eq || eq == vars[k]) {
      char m[512];
      int n = snprintf(m, sizeof m, "%s: `%s' argument to `-v' not in `var=value' form\n\n", A->name, vars[k]);
      put_err(m, (size_t)n < sizeof m ? (size_t)n : sizeof m - 1);
      usage(A);
      status = 1;
      goto out;
    }
    int slot = awk_global(A, vars[k], (size_t)(eq - vars[k]));
    cell v = cell_input(unescape_value(A, eq + 1));
    var_assign(A, slot, &v);
    cell_free(&v);
  }
  A->lint_line = 0;
  A->parsing = true;
  awk_lex(A);
  awk_parse(A);
  A->parsing = false;
  A->in_begin = true;
  run_rules(A, T_BEGIN);
  A->in_begin = false;
  run_main(A);
  status = A->exit_code;
out:
  A->fatal_jb = &jb;
  if (setjmp(jb)) {
    status = 2;
  } else {
    awk_close_all(A);
  }
  free(vars);
  free(prog.text);
  return status;
}

int acs__awk_compile(acs_cmd *c, const char *text, size_t len)
{
  awk *A = calloc(1, sizeof *A);
  if (!A) return 2;
  A->c = c;
  A->name = "awk";
  A->cur_fi = -1;
  A->argi = 1;
  A->srcname = "cmd. line";
  volatile int status = 0;
  jmp_buf jb;
  A->fatal_jb = &jb;
  src prog = {0};
  if (setjmp(jb)) {
    status = A->fatal_status ? A->fatal_status : 2;
  } else {
    char *av[] = {"awk", NULL};
    init_specials(A, 1, av);
    src_add(A, &prog, text, len);
    A->src = prog.text;
    A->srclen = prog.len;
    A->parsing = true;
    awk_lex(A);
    awk_parse(A);
  }
  free(prog.text);
  return status;
}

int acs__cmd_awk(acs_cmd *c, int argc, char **argv) { return awk_main(c, argc, argv); }

int acs__cmd_gawk(acs_cmd *c, int argc, char **argv) { return awk_main(c, argc, argv); }

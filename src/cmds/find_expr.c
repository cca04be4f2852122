/* find_expr.c - find's expression: the parser (operators with GNU's
** precedence, options, tests, actions and GNU's messages), evaluation,
** -printf, -ls and the -exec family. */
#include "find.h"
#include "lib_mode.h"
#include "lib_run.h"

#include <ctype.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
  N_AND, N_OR, N_NOT, N_COMMA, N_TRUE, N_FALSE, N_NAME, N_PATH, N_REGEX, N_TYPE, N_SIZE, N_TIME, N_NEWER,
  N_PERM, N_UID, N_GID, N_EMPTY, N_LINKS, N_INUM, N_SAME, N_ACCESS, N_NOUSER, N_NOGROUP, N_LNAME,
  N_PRINT, N_PRINT0, N_PRINTF, N_LS, N_EXEC, N_DELETE, N_PRUNE, N_QUIT
};

struct fnode {
  int kind;
  fnode *l, *r;
  const char *s;  /* pattern, format, type letters */
  int flags;      /* fnmatch flags; N_TIME: which time; N_EXEC: bits */
  int cmp;        /* -1 less, 0 equal, 1 more */
  int64_t num;    /* N_SIZE: units; N_TIME: seconds per unit */
  int64_t val;
  unsigned mode;  /* N_PERM; N_ACCESS: R_OK... */
  char perm_kind; /* 0 exact, '-' all, '/' any */
  int64_t sec, nsec;
  uint64_t dev, ino;
  regex_t re;
  int fd;         /* -fprint: the file, -1 stdout */
  char **argv;    /* -exec */
  int argc;
  char **batch;   /* -exec +: the paths gathered */
  size_t nbatch, bbytes;
};

enum { EX_DIR = 1, EX_OK = 2, EX_PLUS = 4 };

typedef struct parser {
  find *f;
  char **v;
  int n, i;
  bool failed, action, tests_seen;
  const char *last_test;
  fnode *made; /* the node primary made, freed when it then fails */
} parser;

static fnode *node(int kind)
{
  fnode *n = calloc(1, sizeof *n);
  n->kind = kind;
  n->fd = -1;
  return n;
}

static void perr(parser *p, const char *fmt, const char *a)
{
  if (!p->failed) cmd_error(p->f->c, fmt, a);
  p->failed = true;
}

static const char *arg(parser *p, const char *opt)
{
  if (p->i >= p->n) {
    perr(p, "missing argument to `%s'", opt);
    return NULL;
  }
  return p->v[p->i++];
}

static bool num_arg(parser *p, const char *opt, const char *a, fnode *n, bool sign)
{
  const char *s = a;
  n->cmp = 0;
  if (sign && (*s == '+' || *s == '-')) n->cmp = *s++ == '+' ? 1 : -1;
  char *end;
  if (!isdigit((unsigned char)*s)) goto bad;
  n->val = strtoll(s, &end, 10);
  if (*end) goto bad;
  return true;
bad:
  {
    char msg[512];
    snprintf(msg, sizeof msg, "invalid argument `%s' to `%s'", a, opt);
    perr(p, "%s", msg);
  }
  return false;
}

static bool cmp_num(const fnode *n, int64_t v) { return n->cmp > 0 ? v > n->val : n->cmp < 0 ? v < n->val : v == n->val; }

static fnode *parse_or(parser *p);

static bool is_op_end(const char *t) { return !strcmp(t, "-o") || !strcmp(t, "-or") || !strcmp(t, ",") || !strcmp(t, ")"); }

/* GNU warns only when asked (-warn) or when its stdin is a terminal,
** which a box's never is */
static void global_option(parser *p, const char *t)
{
  if (p->tests_seen && p->f->warn) {
    char msg[1024];
    snprintf(msg, sizeof msg,
             "warning: you have specified the global option %s after the argument %s, but global options are not positional, i.e., %s affects tests specified before it as well as those specified after it.  Please specify global options before other arguments.",
             t, p->last_test, t);
    cmd_error(p->f->c, "%s", msg);
  }
}

static fnode *exec_node(parser *p, const char *t, int bits)
{
  fnode *n = node(N_EXEC);
  n->flags = bits;
  int st = p->i;
  while (p->i < p->n) {
    const char *a = p->v[p->i];
    if (!strcmp(a, ";")) break;
    if (!strcmp(a, "+") && p->i > st && !strcmp(p->v[p->i - 1], "{}") && !(bits & EX_OK)) {
      n->flags |= EX_PLUS;
      break;
    }
    p->i++;
  }
  if (p->i >= p->n || p->i == st) {
    perr(p, p->i == st && p->i < p->n ? "missing argument to `%s'" : "missing argument to `%s'", t);
    return n;
  }
  n->argc = p->i - st;
  n->argv = calloc((size_t)n->argc + 1, sizeof *n->argv);
  for (int k = 0; k < n->argc; k++) n->argv[k] = p->v[st + k];
  if (n->flags & EX_PLUS) {
    n->argc--; /* the {} goes last at run time */
    p->f->batches = realloc(p->f->batches, (p->f->nbatches + 1) * sizeof *p->f->batches);
    p->f->batches[p->f->nbatches++] = n;
  }
  p->i++;
  p->action = true;
  return n;
}

static bool parse_time_arg(parser *p, const char *t, const char *a, fnode *n, int which, int64_t unit)
{
  n->kind = N_TIME;
  n->flags = which;
  n->num = unit;
  return num_arg(p, t, a, n, true);
}

static fnode *primary_node(parser *p)
{
  const char *t = p->v[p->i++];
  find *f = p->f;
  fnode *n = NULL;
  const char *a;
  if (t[0] != '-' || !t[1]) {
    perr(p, "paths must precede expression: `%s'", t);
    return NULL;
  }
  /* options */
  if (!strcmp(t, "-maxdepth") || !strcmp(t, "-mindepth")) {
    global_option(p, t);
    if (!(a = arg(p, t))) return NULL;
    char *end;
    long v = strtol(a, &end, 10);
    if (!*a || *end || v < 0) {
      char msg[512], q[256];
      snprintf(msg, sizeof msg, "Expected a positive decimal integer argument to %s, but got %s", t, cmd_quote(a, q, sizeof q));
      perr(p, "%s", msg);
      return NULL;
    }
    if (t[2] == 'a') f->maxdepth = (int)v;
    else f->mindepth = (int)v;
    return node(N_TRUE);
  }
  if (!strcmp(t, "-depth") || !strcmp(t, "-d")) {
    global_option(p, t);
    f->depth_first = true;
    return node(N_TRUE);
  }
  if (!strcmp(t, "-xdev") || !strcmp(t, "-mount") || !strcmp(t, "-noleaf") || !strcmp(t, "-ignore_readdir_race") ||
      !strcmp(t, "-noignore_readdir_race")) {
    global_option(p, t);
    return node(N_TRUE);
  }
  if (!strcmp(t, "-follow")) {
    f->follow = 'L';
    return node(N_TRUE);
  }
  if (!strcmp(t, "-daystart")) {
    f->daystart = true;
    return node(N_TRUE);
  }
  if (!strcmp(t, "-warn") || !strcmp(t, "-nowarn")) {
    f->warn = t[1] == 'w';
    return node(N_TRUE);
  }
  if (!strcmp(t, "-regextype")) {
    if (!(a = arg(p, t))) return NULL;
    static const char *const types[] = {"findutils-default", "ed", "emacs", "gnu-awk", "grep", "posix-awk", "awk",
                                        "posix-basic", "posix-egrep", "egrep", "posix-extended", "posix-minimal-basic",
                                        "sed", NULL};
    int k;
    for (k = 0; types[k] && strcmp(types[k], a); k++) {}
    if (!types[k]) {
      char msg[1024], q[256];
      size_t n = (size_t)snprintf(msg, sizeof msg, "Unknown regular expression type %s; valid types are ", cmd_quote(a, q, sizeof q));
      for (int j = 0; types[j]; j++) n += (size_t)snprintf(msg + n, sizeof msg - n, "%s'%s'", j ? ", " : "", types[j]);
      snprintf(msg + n, sizeof msg - n, ".");
      perr(p, "%s", msg);
      return NULL;
    }
    /* 0 emacs, 1 basic, 2 extended */
    f->regex_syntax = k == 0 || k == 2 ? 0 : (k == 1 || k == 4 || k == 7 || k == 11 || k == 12) ? 1 : 2;
    return node(N_TRUE);
  }
  p->tests_seen = true;
  p->last_test = t;
  if (!strcmp(t, "-true")) return node(N_TRUE);
  if (!strcmp(t, "-false")) return node(N_FALSE);
  if (!strcmp(t, "-name") || !strcmp(t, "-iname") || !strcmp(t, "-path") || !strcmp(t, "-ipath") ||
      !strcmp(t, "-wholename") || !strcmp(t, "-iwholename") || !strcmp(t, "-lname") || !strcmp(t, "-ilname")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(!strcmp(t, "-lname") || !strcmp(t, "-ilname") ? N_LNAME
             : !strcmp(t, "-name") || !strcmp(t, "-iname") ? N_NAME : N_PATH);
    n->s = a;
    n->flags = t[1] == 'i' ? FNM_CASEFOLD : 0;
    if (n->kind == N_NAME && strchr(a, '/') && strcmp(a, "/") && f->warn) {
      char msg[1024];
      snprintf(msg, sizeof msg,
               "warning: %s matches against basenames only, but the given pattern contains a directory separator (`/'), thus the expression will evaluate to false everywhere.  Did you mean `-wholename'?", t);
      cmd_error(f->c, "%s", msg);
    }
    return n;
  }
  if (!strcmp(t, "-regex") || !strcmp(t, "-iregex")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(N_REGEX);
    /* GNU's default is emacs syntax: \( \) \| group and alternate, + ? repeat */
    size_t len = strlen(a);
    char *x = malloc(len * 2 + 1), *q = x;
    for (size_t k = 0; k < len; k++) {
      if (f->regex_syntax) *q++ = a[k];
      else if (a[k] == '\\' && k + 1 < len && strchr("()|{}", a[k + 1])) *q++ = a[++k];
      else if (strchr("()|{}", a[k])) *q++ = '\\', *q++ = a[k];
      else *q++ = a[k];
    }
    *q = 0;
    int rc = regcomp(&n->re, x, (f->regex_syntax == 1 ? 0 : REG_EXTENDED) | (t[1] == 'i' ? REG_ICASE : 0));
    free(x);
    if (rc) {
      char m[256];
      regerror(rc, &n->re, m, sizeof m);
      n->kind = N_FALSE; /* nothing for regfree */
      perr(p, "%s", m);
      return NULL;
    }
    return n;
  }
  if (!strcmp(t, "-type") || !strcmp(t, "-xtype")) {
    if (!(a = arg(p, t))) return NULL;
    for (const char *k = a; *k; k++)
      if (!strchr("bcdpflsD", *k) || (k[1] && k[1] != ',') || (k[1] == ',' && !k[2])) {
        char msg[512];
        if (strchr("bcdpflsD", *k) && k[1] && k[1] != ',') snprintf(msg, sizeof msg, "Must separate multiple arguments to %s using: ','", t);
        else snprintf(msg, sizeof msg, "Unknown argument to %s: %c", t, *k);
        perr(p, "%s", msg);
        return NULL;
      } else if (k[1] == ',') k++;
    n = p->made = node(N_TYPE);
    n->s = a;
    n->flags = t[1] == 'x';
    return n;
  }
  if (!strcmp(t, "-size")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(N_SIZE);
    char buf[64];
    snprintf(buf, sizeof buf, "%s", a);
    size_t l = strlen(buf);
    n->num = 512;
    if (l && !isdigit((unsigned char)buf[l - 1])) {
      if (!strchr("bcwkMG", buf[l - 1])) {
        char msg[64];
        snprintf(msg, sizeof msg, "invalid -size type `%c'", buf[l - 1]);
        perr(p, "%s", msg);
        return NULL;
      }
      char u = buf[--l];
      buf[l] = 0;
      n->num = u == 'b' ? 512 : u == 'c' ? 1 : u == 'w' ? 2 : u == 'k' ? 1024 : u == 'M' ? 1048576 : 1073741824;
    }
    if (!num_arg(p, t, buf, n, true)) {
      return NULL;
    }
    return n;
  }
  struct { const char *name; int which; int64_t unit; } times[] = {
      {"-mtime", 'm', 86400}, {"-atime", 'a', 86400}, {"-ctime", 'c', 86400},
      {"-mmin", 'm', 60}, {"-amin", 'a', 60}, {"-cmin", 'c', 60}};
  for (size_t k = 0; k < sizeof times / sizeof *times; k++)
    if (!strcmp(t, times[k].name)) {
      if (!(a = arg(p, t))) return NULL;
      n = p->made = node(N_TIME);
      if (!parse_time_arg(p, t, a, n, times[k].which, times[k].unit)) return NULL;
      return n;
    }
  if (!strcmp(t, "-newer") || !strcmp(t, "-anewer") || !strcmp(t, "-cnewer") || !strcmp(t, "-samefile")) {
    if (!(a = arg(p, t))) return NULL;
    acs__sys_stat st;
    int rc = f->follow == 'L' ? acs_sys_stat(a, &st) : acs_sys_lstat(a, &st);
    if (rc < 0) {
      find_error(f, a, rc);
      p->failed = true;
      return NULL;
    }
    n = p->made = node(t[1] == 's' ? N_SAME : N_NEWER);
    n->flags = t[1] == 'n' ? 'm' : t[1];
    n->sec = st.mtime_s, n->nsec = st.mtime_ns;
    n->dev = st.dev, n->ino = st.ino;
    return n;
  }
  if (!strcmp(t, "-perm")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(N_PERM);
    const char *m = a;
    if (*m == '-' || *m == '/' || *m == '+') n->perm_kind = *m == '+' ? '/' : *m, m++;
    mode_change *ch = mode_compile(m);
    if (!ch) {
      char q[256];
      perr(p, "invalid mode %s", cmd_quote(a, q, sizeof q));
      return NULL;
    }
    n->mode = mode_adjust(0, false, 0, ch, NULL);
    free(ch);
    return n;
  }
  if (!strcmp(t, "-user") || !strcmp(t, "-group")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(t[1] == 'u' ? N_UID : N_GID);
    uint32_t id;
    bool ok = t[1] == 'u' ? cmd_user_id(a, &id) : cmd_group_id(a, &id);
    if (!ok) {
      char msg[512], q[256];
      cmd_quote(a, q, sizeof q);
      if (t[1] != 'u') snprintf(msg, sizeof msg, "%s is not the name of an existing group", q);
      else snprintf(msg, sizeof msg, "%s is not the name of a known user", q);
      perr(p, "%s", msg);
      return NULL;
    }
    n->val = id;
    return n;
  }
  if (!strcmp(t, "-uid") || !strcmp(t, "-gid") || !strcmp(t, "-links") || !strcmp(t, "-inum")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(t[1] == 'u' ? N_UID : t[1] == 'g' ? N_GID : t[1] == 'l' ? N_LINKS : N_INUM);
    if (!num_arg(p, t, a, n, true)) return NULL;
    return n;
  }
  if (!strcmp(t, "-empty")) return node(N_EMPTY);
  if (!strcmp(t, "-nouser")) return node(N_NOUSER);
  if (!strcmp(t, "-nogroup")) return node(N_NOGROUP);
  if (!strcmp(t, "-readable") || !strcmp(t, "-writable") || !strcmp(t, "-executable")) {
    n = p->made = node(N_ACCESS);
    n->mode = t[1] == 'r' ? R_OK : t[1] == 'w' ? W_OK : X_OK;
    return n;
  }
  /* actions */
  if (!strcmp(t, "-print") || !strcmp(t, "-print0") || !strcmp(t, "-ls")) {
    p->action = true;
    return node(!strcmp(t, "-ls") ? N_LS : !strcmp(t, "-print0") ? N_PRINT0 : N_PRINT);
  }
  if (!strcmp(t, "-fprint") || !strcmp(t, "-fprint0") || !strcmp(t, "-fls") || !strcmp(t, "-fprintf")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(!strcmp(t, "-fls") ? N_LS : !strcmp(t, "-fprint0") ? N_PRINT0 : !strcmp(t, "-fprintf") ? N_PRINTF : N_PRINT);
    n->fd = acs_sys_open(a, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (n->fd < 0) {
      find_error(f, a, n->fd);
      p->failed = true;
      return NULL;
    }
    if (n->kind == N_PRINTF && !(n->s = arg(p, t))) return NULL;
    p->action = true;
    return n;
  }
  if (!strcmp(t, "-printf")) {
    if (!(a = arg(p, t))) return NULL;
    n = p->made = node(N_PRINTF);
    n->s = a;
    p->action = true;
    return n;
  }
  if (!strcmp(t, "-exec")) return exec_node(p, t, 0);
  if (!strcmp(t, "-execdir")) return exec_node(p, t, EX_DIR);
  if (!strcmp(t, "-ok")) return exec_node(p, t, EX_OK);
  if (!strcmp(t, "-okdir")) return exec_node(p, t, EX_OK | EX_DIR);
  if (!strcmp(t, "-delete")) {
    f->depth_first = true;
    p->action = true;
    return node(N_DELETE);
  }
  if (!strcmp(t, "-prune")) return node(N_PRUNE);
  if (!strcmp(t, "-quit")) return node(N_QUIT);
  perr(p, "unknown predicate `%s'", t);
  return NULL;
}

static void free_node(fnode *n);

/* one test, option or action; what it made is freed when it fails */
static fnode *primary(parser *p)
{
  p->made = NULL;
  fnode *n = primary_node(p);
  if (!n && p->made) free_node(p->made);
  p->made = NULL;
  return n;
}

static fnode *parse_comma(parser *p);

static fnode *unary(parser *p)
{
  if (p->i >= p->n) return NULL;
  const char *t = p->v[p->i];
  if (!strcmp(t, "!") || !strcmp(t, "-not")) {
    p->i++;
    fnode *x = unary(p);
    if (!x) {
      if (!p->failed) perr(p, "expected an expression after '%s'", t);
      return NULL;
    }
    fnode *n = node(N_NOT);
    n->l = x;
    return n;
  }
  if (!strcmp(t, "(")) {
    p->i++;
    if (p->i < p->n && !strcmp(p->v[p->i], ")")) {
      perr(p, "%s", "invalid expression; empty parentheses are not allowed.");
      return NULL;
    }
    if (p->i >= p->n) {
      perr(p, "%s", "invalid expression; expected to find a ')' but didn't see one. Perhaps you need an extra predicate after '('");
      return NULL;
    }
    fnode *x = parse_comma(p);
    if (!p->failed && (p->i >= p->n || strcmp(p->v[p->i], ")")))
      perr(p, "%s", "invalid expression; I was expecting to find a ')' somewhere but did not see one.");
    if (p->failed) {
      free_node(x);
      return NULL;
    }
    p->i++;
    return x;
  }
  if (!strcmp(t, "-o") || !strcmp(t, "-or") || !strcmp(t, "-a") || !strcmp(t, "-and") || !strcmp(t, ",")) {
    perr(p, "invalid expression; you have used a binary operator '%s' with nothing before it.", t);
    return NULL;
  }
  if (!strcmp(t, ")")) {
    perr(p, "%s", "you have too many ')'");
    return NULL;
  }
  return primary(p);
}

static fnode *bin(int kind, fnode *l, fnode *r)
{
  fnode *n = node(kind);
  n->l = l;
  n->r = r;
  return n;
}

static fnode *parse_and(parser *p)
{
  fnode *l = unary(p);
  while (l && !p->failed && p->i < p->n && !is_op_end(p->v[p->i])) {
    const char *t = p->v[p->i];
    if (!strcmp(t, "-a") || !strcmp(t, "-and")) {
      p->i++;
      if (p->i >= p->n) {
        perr(p, "expected an expression after '%s'", t);
        free_node(l);
        return NULL;
      }
    }
    fnode *r = unary(p);
    if (!r) {
      free_node(l);
      return NULL;
    }
    l = bin(N_AND, l, r);
  }
  return l;
}

static fnode *parse_or(parser *p)
{
  fnode *l = parse_and(p);
  while (l && !p->failed && p->i < p->n && (!strcmp(p->v[p->i], "-o") || !strcmp(p->v[p->i], "-or"))) {
    const char *t = p->v[p->i++];
    fnode *r = parse_and(p);
    if (!r) {
      if (!p->failed) perr(p, "expected an expression after '%s'", t);
      free_node(l);
      return NULL;
    }
    l = bin(N_OR, l, r);
  }
  return l;
}

static fnode *parse_comma(parser *p)
{
  fnode *l = parse_or(p);
  while (l && !p->failed && p->i < p->n && !strcmp(p->v[p->i], ",")) {
    p->i++;
    fnode *r = parse_or(p);
    if (!r) {
      if (!p->failed) perr(p, "%s", "expected an expression after ','");
      free_node(l);
      return NULL;
    }
    l = bin(N_COMMA, l, r);
  }
  return l;
}

bool find_parse(find *f, char **argv, int argc)
{
  parser p = {.f = f, .v = argv, .n = argc};
  fnode *root = argc ? parse_comma(&p) : NULL;
  if (!p.failed && p.i < p.n) {
    if (!strcmp(argv[p.i], ")")) perr(&p, "%s", "you have too many ')'");
    else perr(&p, "paths must precede expression: `%s'", argv[p.i]);
  }
  if (p.failed) {
    free_node(root); /* a failed -exec comes back with the rest */
    return false;
  }
  if (!root) root = node(N_PRINT);
  else if (!p.action) root = bin(N_AND, root, node(N_PRINT));
  f->root = root;
  return true;
}

/* ---- evaluation ------------------------------------------------------ */

static void out(find *f, int fd, const char *s, size_t n)
{
  if (fd < 0) cmd_out(f->c, s, n);
  else acs_sys_write_all(fd, s, n);
}

static char type_letter(unsigned m)
{
  return S_ISDIR(m) ? 'd' : S_ISREG(m) ? 'f' : S_ISLNK(m) ? 'l' : S_ISCHR(m) ? 'c' : S_ISBLK(m) ? 'b' : S_ISFIFO(m) ? 'p' : S_ISSOCK(m) ? 's' : 'U';
}

static void fmt_time(char *b, size_t size, int64_t sec, int64_t nsec, char k)
{
  time_t t = (time_t)sec;
  struct tm tm;
  gmtime_r(&t, &tm);
  if (k == '@') snprintf(b, size, "%lld.%09lld0", (long long)sec, (long long)nsec);
  else if (k == 0) strftime(b, size, "%a %b %e %H:%M:%S.0000000000 %Y", &tm);
  else {
    char f[3] = {'%', k, 0};
    if (k == 'S') {
      snprintf(b, size, "%02d.%09lld0", tm.tm_sec, (long long)nsec);
      return;
    }
    if (k == '+') {
      strftime(b, size, "%Y-%m-%d+%H:%M:%S", &tm);
      size_t l = strlen(b);
      snprintf(b + l, size - l, ".%09lld0", (long long)nsec);
      return;
    }
    strftime(b, size, f, &tm);
  }
}

static void printf_one(find *f, fnode *n, fentry *e)
{
  char *o = NULL;
  size_t on = 0;
  FILE *m = open_memstream(&o, &on);
  const char *s = n->s;
  for (; *s; s++) {
    if (*s == '\\' && s[1]) {
      s++;
      switch (*s) {
      case 'n': fputc('\n', m); break;
      case 't': fputc('\t', m); break;
      case '0': fputc(0, m); break;
      case 'a': fputc(7, m); break;
      case 'b': fputc(8, m); break;
      case 'f': fputc(12, m); break;
      case 'r': fputc(13, m); break;
      case 'v': fputc(11, m); break;
      case '\\': fputc('\\', m); break;
      case 'c': goto done;
      default: fputc('\\', m); fputc(*s, m);
      }
      continue;
    }
    if (*s != '%' || !s[1]) {
      fputc(*s, m);
      continue;
    }
    char spec[32] = "%";
    size_t sl = 1;
    s++;
    while (*s && strchr("-+ #0123456789.", *s) && sl < 20) spec[sl++] = *s++;
    char d = *s, buf[4096];
    const char *str = NULL;
    long long num = 0;
    bool is_num = false;
    acs__sys_stat *st = &e->st;
    switch (d) {
    case '%': fputc('%', m); continue;
    case 'p': str = e->path; break;
    case 'f': str = e->name; break;
    case 'h': {
      const char *sl2 = strrchr(e->path, '/');
      if (!sl2) str = ".";
      else {
        snprintf(buf, sizeof buf, "%.*s", sl2 == e->path ? 1 : (int)(sl2 - e->path), e->path);
        str = buf;
      }
      break;
    }
    case 'P': {
      str = e->path;
      if (e->depth > 0) {
        /* the path below the starting point */
        const char *q = e->path;
        int k = 0;
        const char *x = e->path + strlen(e->path);
        while (x > q && k < e->depth) {
          x--;
          if (*x == '/') k++;
        }
        str = x + (*x == '/');
      } else str = "";
      break;
    }
    case 'H': {
      const char *x = e->path + strlen(e->path);
      int k = 0;
      while (x > e->path && k < e->depth) {
        x--;
        if (*x == '/') k++;
      }
      snprintf(buf, sizeof buf, "%.*s", e->depth ? (int)(x - e->path) : (int)strlen(e->path), e->path);
      str = buf;
      break;
    }
    case 'd': num = e->depth, is_num = true; break;
    case 's': num = (long long)st->size, is_num = true; break;
    case 'k': num = (long long)((st->blocks + 1) / 2), is_num = true; break;
    case 'b': num = (long long)st->blocks, is_num = true; break;
    case 'i': num = (long long)st->ino, is_num = true; break;
    case 'n': num = (long long)st->nlink, is_num = true; break;
    case 'U': num = st->uid, is_num = true; break;
    case 'G': num = st->gid, is_num = true; break;
    case 'm': snprintf(buf, sizeof buf, "%o", st->mode & 07777); str = buf; break;
    case 'M': mode_string(st->mode, buf); str = buf; break;
    case 'u': cmd_user_name(st->uid, buf, sizeof buf); str = buf; break;
    case 'g': cmd_group_name(st->gid, buf, sizeof buf); str = buf; break;
    case 'y': buf[0] = type_letter(st->mode), buf[1] = 0; str = buf; break;
    case 'Y': {
      acs__sys_stat t;
      buf[0] = S_ISLNK(st->mode) ? (acs_sys_stat(e->path, &t) == 0 ? type_letter(t.mode) : 'N') : type_letter(st->mode);
      buf[1] = 0;
      str = buf;
      break;
    }
    case 'l': {
      ssize_t r = S_ISLNK(st->mode) ? acs_sys_readlink(e->path, buf, sizeof buf - 1) : 0;
      buf[r > 0 ? r : 0] = 0;
      str = buf;
      break;
    }
    case 't': case 'a': case 'c':
      fmt_time(buf, sizeof buf, d == 't' ? st->mtime_s : d == 'a' ? st->atime_s : st->ctime_s,
               d == 't' ? st->mtime_ns : d == 'a' ? st->atime_ns : st->ctime_ns, 0);
      str = buf;
      break;
    case 'T': case 'A': case 'C':
      if (!s[1]) continue;
      s++;
      fmt_time(buf, sizeof buf, d == 'T' ? st->mtime_s : d == 'A' ? st->atime_s : st->ctime_s,
               d == 'T' ? st->mtime_ns : d == 'A' ? st->atime_ns : st->ctime_ns, *s);
      str = buf;
      break;
    default:
      fputc('%', m);
      if (d) fputc(d, m);
      else s--;
      continue;
    }
    if (is_num) {
      spec[sl++] = 'l', spec[sl++] = 'l', spec[sl++] = 'd', spec[sl] = 0;
      fprintf(m, spec, num);
    } else {
      spec[sl++] = 's', spec[sl] = 0;
      fprintf(m, spec, str);
    }
  }
done:
  fclose(m);
  out(f, n->fd, o, on);
  free(o);
}

static void ls_one(find *f, fnode *n, fentry *e)
{
  char mode[11], u[64], g[64], date[64], line[8192];
  mode_string(e->st.mode, mode);
  cmd_user_name(e->st.uid, u, sizeof u);
  cmd_group_name(e->st.gid, g, sizeof g);
  time_t t = (time_t)e->st.mtime_s;
  struct tm tm;
  gmtime_r(&t, &tm);
  bool recent = e->st.mtime_s > f->now - 15778476 && e->st.mtime_s <= f->now + 3600;
  strftime(date, sizeof date, recent ? "%b %e %H:%M" : "%b %e  %Y", &tm);
  char link[4096] = "";
  if (S_ISLNK(e->st.mode)) {
    ssize_t r = acs_sys_readlink(e->path, link + 4, sizeof link - 5);
    if (r > 0) {
      memcpy(link, " -> ", 4);
      link[4 + r] = 0;
    }
  }
  int len = snprintf(line, sizeof line, "%9llu %6llu %s %3llu %-8s %-8s %8llu %s %s%s\n", (unsigned long long)e->st.ino,
                     (unsigned long long)((e->st.blocks + 1) / 2), mode, (unsigned long long)e->st.nlink, u, g,
                     (unsigned long long)e->st.size, date, e->path, link);
  out(f, n->fd, line, (size_t)(len < (int)sizeof line ? len : (int)sizeof line - 1));
}

static char *subst(const char *a, const char *path)
{
  size_t pl = strlen(path), n = 0;
  for (const char *q = a; (q = strstr(q, "{}")); q += 2) n++;
  char *o = malloc(strlen(a) + n * pl + 1), *w = o;
  for (const char *q = a; *q;) {
    if (q[0] == '{' && q[1] == '}') {
      memcpy(w, path, pl);
      w += pl;
      q += 2;
    } else *w++ = *q++;
  }
  *w = 0;
  return o;
}

/* GNU's prompt names the program and the file: "< echo ... ./a > ? " */
static bool ask(find *f, char **argv, const char *path)
{
  cmd_flush(f->c);
  char buf[8192];
  size_t n = (size_t)snprintf(buf, sizeof buf, "< %s ... %s > ? ", argv[0], path);
  acs_sys_write_all(2, buf, n < sizeof buf ? n : sizeof buf - 1);
  char ans[256];
  size_t k = 0;
  for (;;) {
    char ch;
    if (acs_sys_read(0, &ch, 1) != 1 || ch == '\n') break;
    if (k < sizeof ans - 1) ans[k++] = ch;
  }
  ans[k] = 0;
  return ans[0] == 'y' || ans[0] == 'Y';
}

/* runs argv in dir (NULL: here); true when it exits 0 */
static bool run_argv(find *f, char **argv, const char *dir)
{
  char cwd[4096];
  if (dir && (acs_sys_getcwd(cwd, sizeof cwd) < 0 || acs_sys_chdir(dir) < 0)) {
    find_error(f, dir, -2);
    return false;
  }
  cmd_flush(f->c);
  int pid = run_spawn(argv, NULL);
  if (dir) acs_sys_chdir(cwd);
  if (pid < 0) { /* GNU's child fails its exec: the test is false, the status stays */
    run_failed(f->c, argv[0], pid);
    return false;
  }
  int st = 0;
  run_wait(pid, &st, -1);
  return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void run_batch(find *f, fnode *n)
{
  if (!n->nbatch) return;
  char **argv = calloc((size_t)n->argc + n->nbatch + 1, sizeof *argv);
  for (int k = 0; k < n->argc; k++) argv[k] = n->argv[k];
  for (size_t k = 0; k < n->nbatch; k++) argv[n->argc + k] = n->batch[k];
  if (!run_argv(f, argv, NULL)) f->status = 1;
  for (size_t k = 0; k < n->nbatch; k++) free(n->batch[k]);
  free(argv);
  n->nbatch = 0;
  n->bbytes = 0;
}

static bool do_exec(find *f, fnode *n, fentry *e)
{
  char dirbuf[4096];
  const char *dir = NULL, *path = e->path;
  char *rel = NULL;
  if (n->flags & EX_DIR) {
    const char *sl = strrchr(e->path, '/');
    if (sl) {
      snprintf(dirbuf, sizeof dirbuf, "%.*s", sl == e->path ? 1 : (int)(sl - e->path), e->path);
      dir = dirbuf;
    }
    rel = malloc(strlen(e->name) + 3);
    sprintf(rel, "./%s", e->name);
    if (!strcmp(e->name, "/")) strcpy(rel, "/");
    path = rel;
  }
  if (n->flags & EX_PLUS) {
    /* GNU keeps a batch under the argument size limit; the box's spawn
    ** also takes at most ACS__SYS_MAX_ARGS items */
    size_t len = strlen(path) + 1;
    if (n->nbatch && (n->bbytes + len > 128 * 1024 || (size_t)n->argc + n->nbatch + 1 >= ACS__SYS_MAX_ARGS)) run_batch(f, n);
    n->batch = realloc(n->batch, (n->nbatch + 1) * sizeof *n->batch);
    n->batch[n->nbatch++] = strdup(path);
    n->bbytes += len;
    free(rel);
    return true;
  }
  char **argv = calloc((size_t)n->argc + 1, sizeof *argv);
  for (int k = 0; k < n->argc; k++) argv[k] = subst(n->argv[k], path);
  bool ok = true;
  if (n->flags & EX_OK) ok = ask(f, argv, e->path);
  if (ok) ok = run_argv(f, argv, dir);
  for (int k = 0; k < n->argc; k++) free(argv[k]);
  free(argv);
  free(rel);
  return ok;
}

void find_finish(find *f)
{
  for (size_t i = 0; i < f->nbatches; i++) run_batch(f, f->batches[i]);
}

static bool is_empty(fentry *e)
{
  if (S_ISREG(e->st.mode)) return e->st.size == 0;
  if (!S_ISDIR(e->st.mode)) return false;
  cmd_dirent *ents;
  size_t n;
  if (cmd_dir_read(e->path, &ents, &n) < 0) return false;
  cmd_dir_free(ents, n);
  return n == 0;
}

bool find_eval(find *f, fnode *n, fentry *e)
{
  acs__sys_stat *st = &e->st;
  switch (n->kind) {
  case N_AND: return find_eval(f, n->l, e) && !f->quit && find_eval(f, n->r, e);
  case N_OR: return find_eval(f, n->l, e) || (!f->quit && find_eval(f, n->r, e));
  case N_NOT: return !find_eval(f, n->l, e);
  case N_COMMA: find_eval(f, n->l, e); return !f->quit && find_eval(f, n->r, e);
  case N_TRUE: return true;
  case N_FALSE: return false;
  case N_NAME: return fnmatch(n->s, e->name, n->flags) == 0;
  case N_PATH: return fnmatch(n->s, e->path, n->flags) == 0;
  case N_LNAME: {
    char b[4096];
    ssize_t r = S_ISLNK(st->mode) ? acs_sys_readlink(e->path, b, sizeof b - 1) : -1;
    if (r < 0) return false;
    b[r] = 0;
    return fnmatch(n->s, b, n->flags) == 0;
  }
  case N_REGEX: {
    regmatch_t m[1];
    return regexec(&n->re, e->path, 1, m, 0) == 0 && m[0].rm_so == 0 && (size_t)m[0].rm_eo == strlen(e->path);
  }
  case N_TYPE: {
    char t = type_letter(st->mode);
    if (n->flags) { /* -xtype: the other side of a link */
      acs__sys_stat o;
      int rc = f->follow == 'L' ? acs_sys_lstat(e->path, &o) : acs_sys_stat(e->path, &o);
      t = rc < 0 ? 'l' : type_letter(o.mode);
    }
    for (const char *k = n->s; *k; k++)
      if (*k == t) return true;
    return false;
  }
  case N_SIZE: {
    int64_t units = n->num == 1 ? (int64_t)st->size : ((int64_t)st->size + n->num - 1) / n->num;
    return cmp_num(n, units);
  }
  case N_TIME: {
    int64_t t = n->flags == 'm' ? st->mtime_s : n->flags == 'a' ? st->atime_s : st->ctime_s;
    int64_t now = f->now;
    if (f->daystart) now = (now / 86400 + 1) * 86400;
    int64_t diff = now - t;
    int64_t v = diff >= 0 ? diff / n->num : -((-diff + n->num - 1) / n->num);
    if (n->num == 60) /* -mmin rounds up, as GNU compares minutes */
      v = diff > 0 ? (diff + 59) / 60 : diff / 60;
    return cmp_num(n, v);
  }
  case N_NEWER: {
    int64_t s = n->flags == 'm' ? st->mtime_s : n->flags == 'a' ? st->atime_s : st->ctime_s;
    int64_t ns = n->flags == 'm' ? st->mtime_ns : n->flags == 'a' ? st->atime_ns : st->ctime_ns;
    return s > n->sec || (s == n->sec && ns > n->nsec);
  }
  case N_SAME: return st->dev == n->dev && st->ino == n->ino;
  case N_PERM: {
    unsigned m = st->mode & 07777;
    if (n->perm_kind == '-') return (m & n->mode) == n->mode;
    if (n->perm_kind == '/') return n->mode == 0 || (m & n->mode) != 0;
    return m == n->mode;
  }
  case N_UID: return cmp_num(n, st->uid);
  case N_GID: return cmp_num(n, st->gid);
  case N_LINKS: return cmp_num(n, (int64_t)st->nlink);
  case N_INUM: return cmp_num(n, (int64_t)st->ino);
  case N_EMPTY: return is_empty(e);
  case N_NOUSER: {
    char b[64];
    return !cmd_user_name(st->uid, b, sizeof b);
  }
  case N_NOGROUP: {
    char b[64];
    return !cmd_group_name(st->gid, b, sizeof b);
  }
  case N_ACCESS: return acs_sys_access(e->path, (int)n->mode) == 0;
  case N_PRINT: out(f, n->fd, e->path, strlen(e->path)); out(f, n->fd, "\n", 1); return true;
  case N_PRINT0: out(f, n->fd, e->path, strlen(e->path) + 1); return true;
  case N_PRINTF: printf_one(f, n, e); return true;
  case N_LS: ls_one(f, n, e); return true;
  case N_EXEC: return do_exec(f, n, e);
  case N_PRUNE: f->prune = true; return true;
  case N_QUIT: f->quit = true; return true;
  case N_DELETE: {
    if (!strcmp(e->path, ".")) return true;
    int rc = S_ISDIR(st->mode) ? acs_sys_rmdir(e->path) : acs_sys_unlink(e->path);
    if (rc < 0) {
      char q[4096];
      cmd_error(f->c, "cannot delete %s: %s", cmd_quote(e->path, q, sizeof q), cmd_strerror(rc));
      f->status = 1;
      return false;
    }
    return true;
  }
  }
  return false;
}

static void free_node(fnode *n)
{
  if (!n) return;
  free_node(n->l);
  free_node(n->r);
  if (n->kind == N_REGEX) regfree(&n->re);
  if (n->fd > 2) acs_sys_close(n->fd);
  free(n->argv);
  free(n->batch);
  free(n);
}

void find_free(find *f)
{
  free_node(f->root);
  free(f->batches);
  free(f);
}

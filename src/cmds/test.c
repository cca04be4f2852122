/* test.c - check file types and compare values (test and [).
**
** Usage: test EXPRESSION
**   or:  test
**   or:  [ EXPRESSION ]
**   or:  [ ]
**   or:  [ OPTION
** Exit with the status determined by EXPRESSION.
**
**       --help        display this help and exit
**       --version     output version information and exit
**
** An omitted EXPRESSION defaults to false.  Otherwise,
** EXPRESSION is true or false and sets exit status.  It is one of:
**
**   ( EXPRESSION )               EXPRESSION is true
**   ! EXPRESSION                 EXPRESSION is false
**   EXPRESSION1 -a EXPRESSION2   both EXPRESSION1 and EXPRESSION2 are true
**   EXPRESSION1 -o EXPRESSION2   either EXPRESSION1 or EXPRESSION2 is true
**
**   -n STRING            the length of STRING is nonzero
**   STRING               equivalent to -n STRING
**   -z STRING            the length of STRING is zero
**   STRING1 = STRING2    the strings are equal
**   STRING1 != STRING2   the strings are not equal
**
**   INTEGER1 -eq INTEGER2   INTEGER1 is equal to INTEGER2
**   INTEGER1 -ge INTEGER2   INTEGER1 is greater than or equal to INTEGER2
**   INTEGER1 -gt INTEGER2   INTEGER1 is greater than INTEGER2
**   INTEGER1 -le INTEGER2   INTEGER1 is less than or equal to INTEGER2
**   INTEGER1 -lt INTEGER2   INTEGER1 is less than INTEGER2
**   INTEGER1 -ne INTEGER2   INTEGER1 is not equal to INTEGER2
**
**   FILE1 -ef FILE2   FILE1 and FILE2 have the same device and inode numbers
**   FILE1 -nt FILE2   FILE1 is newer (modification date) than FILE2
**   FILE1 -ot FILE2   FILE1 is older than FILE2
**
**   -b FILE     FILE exists and is block special
**   -c FILE     FILE exists and is character special
**   -d FILE     FILE exists and is a directory
**   -e FILE     FILE exists
**   -f FILE     FILE exists and is a regular file
**   -g FILE     FILE exists and is set-group-ID
**   -G FILE     FILE exists and is owned by the effective group ID
**   -h FILE     FILE exists and is a symbolic link (same as -L)
**   -k FILE     FILE exists and has its sticky bit set
**   -L FILE     FILE exists and is a symbolic link (same as -h)
**   -N FILE     FILE exists and has been modified since it was last read
**   -O FILE     FILE exists and is owned by the effective user ID
**   -p FILE     FILE exists and is a named pipe
**   -r FILE     FILE exists and the user has read access
**   -s FILE     FILE exists and has a size greater than zero
**   -S FILE     FILE exists and is a socket
**   -t FD       file descriptor FD is opened on a terminal
**   -u FILE     FILE exists and its set-user-ID bit is set
**   -w FILE     FILE exists and the user has write access
**   -x FILE     FILE exists and the user has execute (or search) access
**
** Except for -h and -L, all FILE-related tests dereference symbolic links.
** Beware that parentheses need to be escaped (e.g., by backslashes) for shells.
** INTEGER may also be -l STRING, which evaluates to the length of STRING.
*/

/* GNU coreutils' test and [ as programs: POSIX's rules by the number of
** arguments (1 to 4), then GNU's grammar with -a, -o, ! and parentheses;
** integers may have blanks around them and are compared as strings of
** digits (any length), as GNU's strintcmp does. Errors exit 2. The box
** has no terminals, so -t is false unless the fd is a tty the host gave. */
#include "cmd.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct tst {
  acs_cmd *c;
  char **argv;
  int argc, pos;
  jmp_buf fail;
} tst;

static _Noreturn void syntax(tst *t, const char *fmt, const char *a, const char *b)
{
  char q[1024], q2[1024];
  if (b) cmd_error(t->c, fmt, cmd_quote(a, q, sizeof q), cmd_quote(b, q2, sizeof q2));
  else if (a) cmd_error(t->c, fmt, cmd_quote(a, q, sizeof q));
  else cmd_error(t->c, "%s", fmt);
  longjmp(t->fail, 1);
}

static _Noreturn void beyond(tst *t) { syntax(t, "missing argument after %s", t->argv[t->argc - 1], NULL); }

static void advance(tst *t, bool need_more)
{
  t->pos++;
  if (need_more && t->pos >= t->argc) beyond(t);
}

static bool is_binop(const char *s)
{
  static const char *const ops[] = {"=", "!=", "==", "-nt", "-ot", "-ef", "-eq", "-ne",
                                    "-lt", "-le", "-gt", "-ge", NULL}; /* 9.1 has no < and > */
  for (int i = 0; ops[i]; i++)
    if (!strcmp(ops[i], s)) return true;
  return false;
}

static bool is_unop(const char *s) { return s[0] == '-' && s[1] && strchr("bcdefgGhkLnNOprsStuwxz", s[1]) && !s[2]; }

/* the digits of an integer operand (blanks around it allowed), or an error */
static const char *find_int(tst *t, const char *s)
{
  const char *p = s, *start;
  while (isblank((unsigned char)*p)) p++;
  if (*p == '+') start = ++p;
  else {
    start = p;
    p += *p == '-';
  }
  if (isdigit((unsigned char)*p++)) {
    while (isdigit((unsigned char)*p)) p++;
    while (isblank((unsigned char)*p)) p++;
    if (!*p) return start;
  }
  syntax(t, "invalid integer %s", s, NULL);
}

/* compare two integers written as digits (GNU's strintcmp) */
static int intcmp(const char *a, const char *b)
{
  bool na = *a == '-', nb = *b == '-';
  a += na;
  b += nb;
  while (*a == '0') a++;
  while (*b == '0') b++;
  size_t la = 0, lb = 0;
  while (isdigit((unsigned char)a[la])) la++;
  while (isdigit((unsigned char)b[lb])) lb++;
  if (!la) na = false;
  if (!lb) nb = false;
  if (na != nb) return na ? -1 : 1;
  int r = la != lb ? (la < lb ? -1 : 1) : memcmp(a, b, la);
  if (r) r = r < 0 ? -1 : 1;
  return na ? -r : r;
}

static bool mtime_of(const char *path, int64_t *s, int64_t *ns)
{
  acs__sys_stat st;
  if (acs_sys_stat(path, &st) < 0) return false;
  *s = st.mtime_s;
  *ns = st.mtime_ns;
  return true;
}

static bool binary(tst *t, bool l_is_l)
{
  if (l_is_l) advance(t, false);
  int op = t->pos + 1;
  bool r_is_l = false;
  char **a = t->argv;
  if (op < t->argc - 2 && !strcmp(a[op + 1], "-l")) {
    r_is_l = true;
    advance(t, false);
  }
  const char *o = a[op];
  if (!strcmp(o, "-eq") || !strcmp(o, "-ne") || !strcmp(o, "-lt") || !strcmp(o, "-le") || !strcmp(o, "-gt") ||
      !strcmp(o, "-ge")) {
    char lb[32], rb[32];
    const char *l, *r;
    if (l_is_l) {
      snprintf(lb, sizeof lb, "%zu", strlen(a[op - 1]));
      l = lb;
    } else {
      l = find_int(t, a[op - 1]);
    }
    if (r_is_l) {
      snprintf(rb, sizeof rb, "%zu", strlen(a[op + 2]));
      r = rb;
    } else {
      r = find_int(t, a[op + 1]);
    }
    int cmp = intcmp(l, r);
    t->pos += 3;
    if (o[1] == 'l') return o[2] == 'e' ? cmp <= 0 : cmp < 0;
    if (o[1] == 'g') return o[2] == 'e' ? cmp >= 0 : cmp > 0;
    return (cmp == 0) == (o[1] == 'e');
  }
  if (!strcmp(o, "-nt") || !strcmp(o, "-ot") || !strcmp(o, "-ef")) {
    t->pos += 3;
    if (l_is_l || r_is_l) syntax(t, o[1] == 'n' ? "-nt does not accept -l" : o[1] == 'o' ? "-ot does not accept -l" : "-ef does not accept -l", NULL, NULL);
    if (o[1] == 'e') {
      acs__sys_stat x, y;
      return acs_sys_stat(a[op - 1], &x) == 0 && acs_sys_stat(a[op + 1], &y) == 0 && x.dev == y.dev && x.ino == y.ino;
    }
    int64_t ls = 0, lns = 0, rs = 0, rns = 0;
    bool le = mtime_of(a[op - 1], &ls, &lns), re = mtime_of(a[op + 1], &rs, &rns);
    int cmp = ls != rs ? (ls < rs ? -1 : 1) : lns != rns ? (lns < rns ? -1 : 1) : 0;
    if (o[1] == 'n') return le && (!re || cmp > 0);
    return re && (!le || cmp < 0);
  }
  bool v;
  if (!strcmp(o, "=") || !strcmp(o, "==")) v = !strcmp(a[op - 1], a[op + 1]);
  else if (!strcmp(o, "!=")) v = strcmp(a[op - 1], a[op + 1]) != 0;
  else syntax(t, "%s: unknown binary operator", o, NULL);
  t->pos += 3;
  return v;
}

static bool unary(tst *t)
{
  const char *op = t->argv[t->pos];
  advance(t, true);
  const char *arg = t->argv[t->pos++];
  acs__sys_stat st;
  char kind = op[1];
  switch (kind) {
  case 'n': return arg[0] != 0;
  case 'z': return arg[0] == 0;
  case 't': {
    const char *n = find_int(t, arg);
    long fd = strtol(n, NULL, 10);
    int hfd = fd >= 0 && fd < 1024 ? acs_sys_direct_fd((int)fd) : -1;
    return hfd >= 0 && isatty(hfd);
  }
  case 'h':
  case 'L': return acs_sys_lstat(arg, &st) == 0 && S_ISLNK(st.mode);
  case 'r': return acs_sys_access(arg, R_OK) == 0;
  case 'w': return acs_sys_access(arg, W_OK) == 0;
  case 'x': return acs_sys_access(arg, X_OK) == 0;
  }
  if (acs_sys_stat(arg, &st) < 0) return false;
  switch (kind) {
  case 'e': return true;
  case 'f': return S_ISREG(st.mode);
  case 'd': return S_ISDIR(st.mode);
  case 's': return st.size > 0;
  case 'S': return S_ISSOCK(st.mode);
  case 'c': return S_ISCHR(st.mode);
  case 'b': return S_ISBLK(st.mode);
  case 'p': return S_ISFIFO(st.mode);
  case 'u': return (st.mode & S_ISUID) != 0;
  case 'g': return (st.mode & S_ISGID) != 0;
  case 'k': return (st.mode & S_ISVTX) != 0;
  case 'N': return st.mtime_s > st.atime_s || (st.mtime_s == st.atime_s && st.mtime_ns > st.atime_ns);
  case 'O':
  case 'G': {
    acs_sys_ids ids;
    if (acs_sys_getids(&ids) < 0) return false;
    return kind == 'O' ? ids.euid == st.uid : ids.egid == st.gid;
  }
  }
  return false;
}

static bool posixtest(tst *t, int nargs);

static bool one(tst *t) { return t->argv[t->pos++][0] != 0; }

static bool two(tst *t)
{
  char **a = t->argv;
  if (!strcmp(a[t->pos], "!")) {
    advance(t, false);
    return !one(t);
  }
  if (a[t->pos][0] == '-' && a[t->pos][1] && !a[t->pos][2]) {
    if (is_unop(a[t->pos])) return unary(t);
    syntax(t, "%s: unary operator expected", a[t->pos], NULL);
  }
  beyond(t);
}

static bool expr(tst *t);

static bool three(tst *t)
{
  char **a = t->argv;
  if (is_binop(a[t->pos + 1])) return binary(t, false);
  if (!strcmp(a[t->pos], "!")) {
    advance(t, true);
    return !two(t);
  }
  if (!strcmp(a[t->pos], "(") && !strcmp(a[t->pos + 2], ")")) {
    advance(t, false);
    bool v = one(t);
    advance(t, false);
    return v;
  }
  if (!strcmp(a[t->pos + 1], "-a") || !strcmp(a[t->pos + 1], "-o")) return expr(t);
  syntax(t, "%s: binary operator expected", a[t->pos + 1], NULL);
}

static bool term(tst *t)
{
  char **a = t->argv;
  bool negated = false, v;
  while (t->pos < t->argc && !strcmp(a[t->pos], "!")) {
    advance(t, true);
    negated = !negated;
  }
  if (t->pos >= t->argc) beyond(t);
  if (!strcmp(a[t->pos], "(")) {
    advance(t, true);
    int nargs = 1;
    for (; t->pos + nargs < t->argc && strcmp(a[t->pos + nargs], ")"); nargs++)
      if (nargs == 4) {
        nargs = t->argc - t->pos;
        break;
      }
    v = posixtest(t, nargs);
    if (t->pos >= t->argc) syntax(t, "%s expected", ")", NULL);
    if (strcmp(a[t->pos], ")")) syntax(t, "%s expected, found %s", ")", a[t->pos]);
    advance(t, false);
  } else if (t->argc - t->pos >= 4 && !strcmp(a[t->pos], "-l") && is_binop(a[t->pos + 2])) {
    v = binary(t, true);
  } else if (t->argc - t->pos >= 3 && is_binop(a[t->pos + 1])) {
    v = binary(t, false);
  } else if (a[t->pos][0] == '-' && a[t->pos][1] && !a[t->pos][2]) {
    if (!is_unop(a[t->pos])) syntax(t, "%s: unary operator expected", a[t->pos], NULL);
    v = unary(t);
  } else {
    v = a[t->pos][0] != 0;
    advance(t, false);
  }
  return negated ^ v;
}

static bool and_(tst *t)
{
  bool v = true;
  for (;;) {
    v &= term(t);
    if (!(t->pos < t->argc && !strcmp(t->argv[t->pos], "-a"))) return v;
    advance(t, false);
  }
}

static bool expr(tst *t)
{
  if (t->pos >= t->argc) beyond(t);
  bool v = false;
  for (;;) {
    v |= and_(t);
    if (!(t->pos < t->argc && !strcmp(t->argv[t->pos], "-o"))) return v;
    advance(t, false);
  }
}

static bool posixtest(tst *t, int nargs)
{
  char **a = t->argv;
  switch (nargs) {
  case 1: return one(t);
  case 2: return two(t);
  case 3: return three(t);
  case 4:
    if (!strcmp(a[t->pos], "!")) {
      advance(t, true);
      return !three(t);
    }
    if (!strcmp(a[t->pos], "(") && !strcmp(a[t->pos + 3], ")")) {
      advance(t, false);
      bool v = two(t);
      advance(t, false);
      return v;
    }
    /* fall through */
  default: return expr(t);
  }
}

static int run(acs_cmd *c, int argc, char **argv, bool bracket)
{
  int st;
  if (bracket && argc == 2 && cmd_help_version(c, argv[1], &st)) return st;
  tst t = {.c = c, .argv = argv, .argc = argc, .pos = 1};
  if (setjmp(t.fail)) return 2;
  if (bracket) {
    if (argc < 2 || strcmp(argv[argc - 1], "]")) syntax(&t, "missing %s", "]", NULL);
    t.argc--;
  }
  if (t.pos >= t.argc) return 1;
  bool v = posixtest(&t, t.argc - 1);
  if (t.pos != t.argc) syntax(&t, "extra argument %s", argv[t.pos], NULL);
  return v ? 0 : 1;
}

int acs__cmd_test(acs_cmd *c, int argc, char **argv) { return run(c, argc, argv, false); }

int acs__cmd_lbracket(acs_cmd *c, int argc, char **argv) { return run(c, argc, argv, true); }

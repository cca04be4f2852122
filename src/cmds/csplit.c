/* csplit.c - split a file into sections determined by context lines.
**
** Usage: csplit [OPTION]... FILE PATTERN...
** Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ...,
** and output byte counts of each piece to standard output.
**
** Read standard input if FILE is -
**
** Mandatory arguments to long options are mandatory for short options too.
**   -b, --suffix-format=FORMAT  use sprintf FORMAT instead of %02d
**   -f, --prefix=PREFIX        use PREFIX instead of 'xx'
**   -k, --keep-files           do not remove output files on errors
**       --suppress-matched     suppress the lines matching PATTERN
**   -n, --digits=DIGITS        use specified number of digits instead of 2
**   -s, --quiet, --silent      do not print counts of output file sizes
**   -z, --elide-empty-files    remove empty output files
**       --help        display this help and exit
**       --version     output version information and exit
**
** Each PATTERN may be:
**   INTEGER            copy up to but not including specified line number
**   /REGEXP/[OFFSET]   copy up to but not including a matching line
**   %REGEXP%[OFFSET]   skip to, but not including a matching line
**   {INTEGER}          repeat the previous pattern specified number of times
**   {*}                repeat the previous pattern as many times as possible
**
** A line OFFSET is an integer optionally preceded by '+' or '-'
*/

/* GNU coreutils 9.1's csplit on the whole input held in memory. Regular
** expressions are glibc's regcomp BREs (GNU's extensions included),
** matched against a line without its newline. A search starts on the line
** after the last match, so /RE/{*} moves on; a line number N repeated k
** times splits at N, 2N, ... (GNU's rule). Each file's size is printed
** when it is closed; on an error ("match not found", "line number out of
** range") the rest goes to the current file, then every file made is
** removed unless -k, and the status is 1. -z removes empty files and
** reuses their number, as GNU does. */
#include "cmd.h"
#include "lib_cquote.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pattern {
  const char *arg; /* as written, for messages */
  bool regex, ignore, forever;
  regex_t re;
  long long offset;
  uint64_t line;   /* a line number pattern */
  uint64_t repeat;
} pattern;

typedef struct cs {
  acs_cmd *c;
  const char *prefix, *format;
  int digits;
  bool keep, quiet, elide, suppress;
  char *data;
  size_t len;
  size_t *starts; /* line i (0-based) is data[starts[i] .. starts[i+1]) */
  size_t nlines;
  size_t next;    /* the first line not yet written or dropped (0-based) */
  size_t cur;     /* GNU's current_line (1-based) */
  int fd;         /* the open output, or -1 */
  uint64_t written;
  char name[4096];
  unsigned files; /* files made so far */
  char **made;
} cs;

/* "csplit: MESSAGE" straight to fd 2: GNU's sizes sit in stdout's buffer
** until the end, so its messages come first. */
static void err(cs *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void err(cs *s, const char *fmt, ...)
{
  char msg[2048];
  int k = snprintf(msg, sizeof msg, "%s: ", s->c->name);
  va_list ap;
  va_start(ap, fmt);
  k += vsnprintf(msg + k, sizeof msg - (size_t)k, fmt, ap);
  va_end(ap);
  if (k > (int)sizeof msg - 2) k = (int)sizeof msg - 2;
  msg[k++] = '\n';
  cmd_write_fd(2, msg, (size_t)k);
}

static void make_name(cs *s, unsigned n)
{
  int k = snprintf(s->name, sizeof s->name, "%s", s->prefix);
  if (s->format) snprintf(s->name + k, sizeof s->name - (size_t)k, s->format, n);
  else snprintf(s->name + k, sizeof s->name - (size_t)k, "%0*u", s->digits, n);
}


static bool create(cs *s)
{
  make_name(s, s->files);
  char **m = realloc(s->made, (s->files + 1) * sizeof *m);
  if (!m) return false;
  s->made = m;
  s->made[s->files] = strdup(s->name);
  s->fd = acs_sys_open(s->name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (s->fd < 0) {
    char q[1024];
    err(s, "%s: %s", cmd_quotef(s->name, q, sizeof q), cmd_strerror(s->fd));
    free(s->made[s->files]);
    s->fd = -1;
    return false;
  }
  s->files++;
  s->written = 0;
  return true;
}

static void close_file(cs *s)
{
  if (s->fd < 0) return;
  acs_sys_close(s->fd);
  s->fd = -1;
  if (!s->written && s->elide) {
    s->files--;
    acs_sys_unlink(s->made[s->files]);
    free(s->made[s->files]);
  } else if (!s->quiet) {
    cmd_printf(s->c, "%llu\n", (unsigned long long)s->written);
  }
}

static bool save_lines(cs *s, size_t upto, bool ignore)
{
  if (upto > s->nlines) upto = s->nlines;
  if (upto <= s->next) return true;
  size_t a = s->starts[s->next], b = s->starts[upto];
  s->next = upto;
  if (ignore || s->fd < 0) return true;
  if (acs_sys_write_all(s->fd, s->data + a, b - a) < 0) {
    char q[1024];
    cmd_error(s->c, "%s: %s", cmd_quotef(s->name, q, sizeof q), cmd_strerror(-EIO));
    return false;
  }
  s->written += b - a;
  return true;
}

/* GNU's cleanup_fatal: the open file is closed (its size printed), then
** every file made is removed unless -k. */
static int fatal(cs *s)
{
  close_file(s);
  if (!s->keep)
    for (unsigned i = 0; i < s->files; i++) acs_sys_unlink(s->made[i]);
  return 1;
}

static void range_error(cs *s, const char *arg, uint64_t rep)
{
  char q[1024];
  if (rep) err(s, "%s: line number out of range on repetition %llu", cmd_quote_c(arg, q, sizeof q), (unsigned long long)rep);
  else err(s, "%s: line number out of range", cmd_quote_c(arg, q, sizeof q));
}

static bool line_matches(cs *s, pattern *p, size_t i)
{
  size_t a = s->starts[i], b = s->starts[i + 1];
  if (b > a && s->data[b - 1] == '\n') b--;
  regmatch_t m = {.rm_so = 0, .rm_eo = (regoff_t)(b - a)};
  return regexec(&p->re, s->data + a, 1, &m, REG_STARTEND) == 0;
}

/* 0 on success, 1 after an error, 2 when {*} met the end (stop, success). */
static int do_regex(cs *s, pattern *p, uint64_t rep)
{
  if (!p->ignore && !create(s)) return 1;
  for (;;) {
    s->cur++;
    if (s->cur > s->nlines) {
      if (p->forever) {
        if (!p->ignore) {
          save_lines(s, s->nlines, false);
          close_file(s);
        }
        return 2;
      }
      char q[1024];
      if (rep) err(s, "%s: match not found on repetition %llu", cmd_quote_c(p->arg, q, sizeof q), (unsigned long long)rep);
      else err(s, "%s: match not found", cmd_quote_c(p->arg, q, sizeof q));
      if (!p->ignore) save_lines(s, s->nlines, false);
      return 1;
    }
    if (line_matches(s, p, s->cur - 1)) break;
  }
  long long brk = (long long)s->cur + p->offset; /* 1-based: the first line of the next piece */
  if (brk < (long long)s->next + 1) {
    range_error(s, p->arg, 0);
    return 1;
  }
  if (brk - 1 > (long long)s->nlines) { /* GNU wrote what there was first */
    save_lines(s, s->nlines, p->ignore);
    range_error(s, p->arg, 0);
    return 1;
  }
  if (!save_lines(s, (size_t)(brk - 1), p->ignore)) return 1;
  if (!p->ignore) close_file(s);
  if (s->cur < s->next) s->cur = s->next;
  if (p->offset > 0) s->cur = (size_t)brk;
  if (s->suppress) {
    s->next++;
    if (s->cur < s->next) s->cur = s->next;
  }
  return 0;
}

static int do_line(cs *s, pattern *p, uint64_t rep)
{
  uint64_t last = p->line * (rep + 1);
  if (!s->nlines) { /* GNU's words for an empty input */
    err(s, "input disappeared");
    return 1;
  }
  if (!create(s)) return 1;
  if (s->suppress && s->next >= s->nlines) {
    range_error(s, p->arg, rep);
    return 1;
  }
  if (last - 1 > s->nlines) {
    save_lines(s, s->nlines, false);
    range_error(s, p->arg, rep);
    return 1;
  }
  if (last - 1 > s->next && !save_lines(s, (size_t)(last - 1), false)) return 1;
  close_file(s);
  if (s->suppress) s->next++;
  if (!s->suppress && s->next >= s->nlines) {
    range_error(s, p->arg, rep);
    return 1;
  }
  if (s->cur < s->next) s->cur = s->next;
  return 0;
}

/* One PATTERN argument into *p; false after the message. */
static bool parse_pattern(cs *s, const char *arg, pattern *p, uint64_t *last_line)
{
  char q[1024];
  memset(p, 0, sizeof *p);
  p->arg = arg;
  if (arg[0] == '/' || arg[0] == '%') {
    char delim = arg[0];
    const char *end = strrchr(arg + 1, delim);
    if (!end) {
      err(s, "%s: closing delimiter '%c' missing", arg, delim);
      return false;
    }
    p->regex = true;
    p->ignore = delim == '%';
    char *re = strndup(arg + 1, (size_t)(end - arg - 1));
    if (!re) return false;
    int rc = regcomp(&p->re, re, 0);
    free(re);
    if (rc) {
      char msg[256];
      regerror(rc, &p->re, msg, sizeof msg);
      err(s, "%s: invalid regular expression: %s", cmd_quote_c(arg, q, sizeof q), msg);
      return false;
    }
    if (end[1]) {
      char *e;
      errno = 0;
      p->offset = strtoll(end + 1, &e, 10);
      if (*e || errno || !(end[1] == '+' || end[1] == '-' || (end[1] >= '0' && end[1] <= '9'))) {
        err(s, "%s: integer expected after delimiter", cmd_quote_c(arg, q, sizeof q));
        regfree(&p->re);
        return false;
      }
    }
    return true;
  }
  char *e;
  errno = 0;
  unsigned long long v = strtoull(arg, &e, 10);
  if (*arg < '0' || *arg > '9' || *e || errno) {
    err(s, "%s: invalid pattern", cmd_quote_c(arg, q, sizeof q));
    return false;
  }
  if (!v) {
    err(s, "%s: line number must be greater than zero", arg);
    return false;
  }
  if (v < *last_line) {
    err(s, "line number %s is smaller than preceding line number, %llu", cmd_quote_c(arg, q, sizeof q),
        (unsigned long long)*last_line);
    return false;
  }
  if (v == *last_line) err(s, "warning: line number %s is the same as preceding line number", cmd_quote_c(arg, q, sizeof q));
  *last_line = v;
  p->line = v;
  return true;
}

/* -b's FORMAT: one integer conversion; false after GNU's message. */
static bool valid_format(cs *s, const char *f)
{
  int convs = 0;
  for (const char *p = f; *p; p++) {
    if (*p != '%') continue;
    p++;
    if (*p == '%') continue;
    p += strspn(p, "-+ #0'");
    p += strspn(p, "0123456789");
    if (*p == '.') p++, p += strspn(p, "0123456789");
    if (!*p || !strchr("diouxX", *p)) {
      if (*p) err(s, "invalid conversion specifier in suffix: %c", *p);
      else err(s, "invalid conversion specifier in suffix: \\0");
      return false;
    }
    if (++convs > 1) {
      err(s, "too many %% conversion specifications in suffix");
      return false;
    }
  }
  if (!convs) err(s, "missing %% conversion specification in suffix");
  return convs == 1;
}

int acs__cmd_csplit(acs_cmd *c, int argc, char **argv)
{
  enum { SUPPRESS = 256 };
  static const cmd_opt longs[] = {
      {"suffix-format", 'b', CMD_ARG}, {"prefix", 'f', CMD_ARG},  {"keep-files", 'k', CMD_NOARG},
      {"suppress-matched", SUPPRESS, CMD_NOARG}, {"digits", 'n', CMD_ARG}, {"quiet", 's', CMD_NOARG},
      {"silent", 's', CMD_NOARG},      {"elide-empty-files", 'z', CMD_NOARG}, {0}};
  cs s = {.c = c, .prefix = "xx", .digits = 2, .fd = -1};
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "b:f:kn:sz", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'b':
      if (!valid_format(&s, g.arg)) return 1;
      s.format = g.arg;
      break;
    case 'f': s.prefix = g.arg; break;
    case 'k': s.keep = true; break;
    case SUPPRESS: s.suppress = true; break;
    case 'n': {
      char *e;
      long v = strtol(g.arg, &e, 10);
      if (*e || !*g.arg || v < 0 || v > 100) {
        cmd_error(c, "invalid number: %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      s.digits = (int)v;
      break;
    }
    case 's': s.quiet = true; break;
    case 'z': s.elide = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  if (g.nops < 2) {
    if (!g.nops) cmd_usage_error(c, "missing operand");
    else cmd_usage_error(c, "missing operand after %s", cmd_quote(ops[g.nops - 1], q, sizeof q));
    return 1;
  }
  int np = g.nops - 1;
  pattern *pats = calloc((size_t)np, sizeof *pats);
  if (!pats) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  int n = 0, rc = 1;
  uint64_t last_line = 0;
  for (int i = 1; i < g.nops; i++) {
    const char *a = ops[i];
    if (a[0] == '{') {
      size_t l = strlen(a);
      if (!n) {
        err(&s, "%s: invalid pattern", cmd_quote_c(a, q, sizeof q));
        goto out;
      }
      if (l < 3 || a[l - 1] != '}') {
        err(&s, "%s: '}' is required in repeat count", cmd_quote_c(a, q, sizeof q));
        goto out;
      }
      if (!strcmp(a, "{*}")) {
        pats[n - 1].forever = true;
        continue;
      }
      char *e;
      errno = 0;
      unsigned long long v = strtoull(a + 1, &e, 10);
      if (a[1] < '0' || a[1] > '9' || e != a + l - 1 || errno) {
        char head[1024];
        snprintf(head, sizeof head, "%.*s", (int)(l - 1), a);
        err(&s, "%s}: integer required between '{' and '}'", cmd_quote_c(head, q, sizeof q));
        goto out;
      }
      pats[n - 1].repeat = v;
      continue;
    }
    if (!parse_pattern(&s, a, &pats[n], &last_line)) goto out;
    n++;
  }
  const char *file = ops[0];
  int r = cmd_read_all(file, &s.data, &s.len);
  if (r < 0) {
    err(&s, "cannot open %s for reading: %s", cmd_quote(file, q, sizeof q), cmd_strerror(r));
    goto out;
  }
  s.starts = malloc((s.len + 2) * sizeof *s.starts);
  if (!s.starts) {
    cmd_error(c, "memory exhausted");
    goto out;
  }
  s.starts[0] = 0;
  for (size_t i = 0; i < s.len; i++)
    if (s.data[i] == '\n') s.starts[++s.nlines] = i + 1;
  if (s.len && s.data[s.len - 1] != '\n') s.starts[++s.nlines] = s.len;
  int st = 0;
  for (int i = 0; i < n && !st; i++) {
    pattern *p = &pats[i];
    for (uint64_t j = 0; !st && (p->forever || j <= p->repeat); j++) st = p->regex ? do_regex(&s, p, j) : do_line(&s, p, j);
  }
  if (st == 1) {
    rc = fatal(&s);
    goto out;
  }
  if (st != 2) {
    if (!create(&s)) {
      rc = fatal(&s);
      goto out;
    }
    save_lines(&s, s.nlines, false);
    close_file(&s);
  }
  rc = 0;
out:
  for (int i = 0; i < n; i++)
    if (pats[i].regex) regfree(&pats[i].re);
  free(pats);
  for (unsigned i = 0; i < s.files; i++) free(s.made[i]);
  free(s.made);
  free(s.starts);
  free(s.data);
  return rc;
}

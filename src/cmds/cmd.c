/* cmd.c - the commands' run wrapper, output and messages (cmd.h). */
#include "cmd.h"

#include "acs.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int acs__cmd_run(int (*fn)(acs_cmd *, int, char **), const char *help, int argc, char **argv)
{
  /* one per process: the zygote's child runs one program; static keeps
  ** the 64 KiB buffer off the stack of a command that recurses */
  static acs_cmd c;
  memset(&c, 0, offsetof(acs_cmd, obuf));
  c.name = argc > 0 && argv[0] ? argv[0] : "?";
  c.help = help;
  int status = fn(&c, argc, argv);
  if (!cmd_flush(&c) && !c.out_reported) {
    c.out_reported = true;
    cmd_error(&c, "%s: %s", c.out_what ? c.out_what : "write error", cmd_strerror(c.out_err));
  }
  return c.out_err && status == 0 ? (c.out_status ? c.out_status : 1) : status;
}

bool cmd_flush(acs_cmd *c)
{
  if (c->olen && !c->out_err) {
    int rc = acs_sys_write_all(1, c->obuf, c->olen);
    if (rc) c->out_err = rc < 0 ? rc : -rc;
  }
  c->olen = 0;
  return !c->out_err;
}

int cmd_out_error(acs_cmd *c) { return c->out_err; }

void cmd_out(acs_cmd *c, const void *data, size_t n)
{
  const char *p = data;
  if (c->out_err) return;
  if (n >= sizeof c->obuf) { /* big blocks go out as they are */
    cmd_flush(c);
    int rc = c->out_err ? 0 : acs_sys_write_all(1, p, n);
    if (rc) c->out_err = rc < 0 ? rc : -rc;
    return;
  }
  if (sizeof c->obuf - c->olen < n) cmd_flush(c);
  memcpy(c->obuf + c->olen, p, n);
  c->olen += n;
}

void cmd_puts(acs_cmd *c, const char *s) { cmd_out(c, s, strlen(s)); }

void cmd_putc(acs_cmd *c, int ch)
{
  if (c->olen == sizeof c->obuf) cmd_flush(c);
  c->obuf[c->olen++] = (char)ch;
}

void cmd_printf(acs_cmd *c, const char *fmt, ...)
{
  char small[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof small) {
    cmd_out(c, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) return;
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  cmd_out(c, big, (size_t)n);
  free(big);
}

static void verror(acs_cmd *c, const char *fmt, va_list ap, bool try_help)
{
  char line[4096];
  int n = snprintf(line, sizeof line, "%s: ", c->name);
  if (n < 0 || (size_t)n >= sizeof line) n = 0;
  int m = vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
  size_t len = (size_t)n + (m < 0 ? 0 : (size_t)m);
  if (len > sizeof line - 2) len = sizeof line - 2;
  line[len++] = '\n';
  /* what came before goes out first: glibc's error(), which GNU's tools
  ** report with, flushes stdout before it writes (the few that write to
  ** stderr themselves, csplit's size lines, write fd 2 directly) */
  cmd_flush(c);
  acs_sys_write_all(2, line, len);
  if (try_help && c->usage_full && c->help) {
    acs_sys_write_all(2, c->help, strlen(c->help));
  } else if (try_help) {
    n = snprintf(line, sizeof line, "%s%sTry '%s --help' for more information.\n",
                 c->try_named ? c->name : "", c->try_named ? ": " : "", c->name);
    if (n > 0) acs_sys_write_all(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  }
}

void cmd_error(acs_cmd *c, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  verror(c, fmt, ap, false);
  va_end(ap);
}

void cmd_usage_error(acs_cmd *c, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  verror(c, fmt, ap, true);
  va_end(ap);
}

const char *cmd_strerror(int neg_errno) { return strerror(neg_errno < 0 ? -neg_errno : neg_errno); }

/* ---- quoting, as coreutils' quotearg in its shell-escape styles */

typedef struct qbuf {
  char *p;
  size_t n, size;
} qbuf;

static void qput(qbuf *q, char ch)
{
  if (q->n + 1 < q->size) q->p[q->n++] = ch;
}

static void qputs(qbuf *q, const char *s)
{
  while (*s) qput(q, *s++);
}

static bool printable(unsigned char ch) { return ch >= 32 && ch < 127; }

static bool shell_special(const char *s, size_t i)
{
  unsigned char ch = (unsigned char)s[i];
  switch (ch) {
  case '{': case '}': return s[1] == 0;
  case '#': case '~': return i == 0;
  case ' ': case '!': case '"': case '$': case '&': case '(': case ')': case '*':
  case ';': case '<': case '=': case '>': case '[': case '^': case '`': case '|':
  case '\'': case '\\': case '?':
    return true;
  default: return !printable(ch);
  }
}

static const char *quote(const char *s, char *buf, size_t size, bool always)
{
  qbuf q = {buf, 0, size};
  if (size == 0) return buf;
  bool needs = always || !*s, ctrl = false, squote = false, dq_bad = false;
  for (size_t i = 0; s[i]; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (shell_special(s, i)) needs = true;
    if (!printable(ch)) ctrl = true;
    if (ch == '\'') squote = true;
    if (ch == '"' || ch == '$' || ch == '`' || ch == '\\' || ch == '!') dq_bad = true;
  }
  if (!needs) {
    qputs(&q, s);
  } else if (squote && !ctrl && !dq_bad) {
    qput(&q, '"');
    qputs(&q, s);
    qput(&q, '"');
  } else {
    bool in_escape = false;
    qput(&q, '\'');
    for (size_t i = 0; s[i]; i++) {
      unsigned char ch = (unsigned char)s[i];
      if (printable(ch)) {
        if (in_escape) { /* close $'...', open '...' again */
          qputs(&q, "''");
          in_escape = false;
        }
        if (ch == '\'') qputs(&q, "'\\''");
        else qput(&q, (char)ch);
        continue;
      }
      if (!in_escape) {
        qputs(&q, "'$'");
        in_escape = true;
      }
      static const char esc[] = "\a\b\f\n\r\t\v";
      static const char let[] = "abfnrtv";
      const char *e = ch ? strchr(esc, ch) : NULL;
      qput(&q, '\\');
      if (e) {
        qput(&q, let[e - esc]);
      } else {
        qput(&q, (char)('0' + (ch >> 6)));
        qput(&q, (char)('0' + ((ch >> 3) & 7)));
        qput(&q, (char)('0' + (ch & 7)));
      }
    }
    qput(&q, '\'');
  }
  q.p[q.n] = 0;
  return buf;
}

const char *cmd_quote(const char *s, char *buf, size_t size) { return quote(s, buf, size, true); }
const char *cmd_quotef(const char *s, char *buf, size_t size) { return quote(s, buf, size, false); }

bool cmd_help_version(acs_cmd *c, const char *arg, int *status)
{
  bool help = !strcmp(arg, "--help");
  if (!help && strcmp(arg, "--version")) return false;
  if (help) {
    cmd_puts(c, c->help ? c->help : "");
  } else {
    const char *base = strrchr(c->name, '/');
    cmd_printf(c, "%s (agent-code-sandbox) %s\n", base ? base + 1 : c->name, ACS_VERSION);
  }
  *status = 0;
  return true;
}

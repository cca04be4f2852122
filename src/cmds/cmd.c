/* cmd.c - the commands' shared output and messages (cmd.h). */
#include "cmd.h"

#include "acs.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static char obuf[65536];
static size_t olen;
static bool obad;
static int oerr;

bool cmd_flush(void)
{
  if (olen && !obad) {
    int rc = acs_sys_write_all(1, obuf, olen);
    if (rc) {
      obad = true;
      oerr = rc;
    }
  }
  olen = 0;
  return !obad;
}

int cmd_out_error(void) { return oerr; }

void cmd_out(const void *data, size_t n)
{
  const char *p = data;
  while (n > 0) {
    if (olen == sizeof obuf) cmd_flush();
    size_t k = sizeof obuf - olen < n ? sizeof obuf - olen : n;
    memcpy(obuf + olen, p, k);
    olen += k;
    p += k;
    n -= k;
  }
}

void cmd_puts(const char *s) { cmd_out(s, strlen(s)); }

void cmd_error(const char *name, const char *fmt, ...)
{
  char line[4096];
  int n = snprintf(line, sizeof line, "%s: ", name);
  va_list ap;
  va_start(ap, fmt);
  int m = vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
  va_end(ap);
  size_t len = (size_t)n + (m < 0 ? 0 : (size_t)m);
  if (len > sizeof line - 2) len = sizeof line - 2;
  line[len++] = '\n';
  cmd_flush(); /* what came before goes out first, as with stdio */
  acs_sys_write_all(2, line, len);
}

const char *cmd_strerror(int neg_errno) { return strerror(neg_errno < 0 ? -neg_errno : neg_errno); }

bool cmd_help_version(const char *name, const char *help, const char *arg, int *status)
{
  if (!strcmp(arg, "--help")) {
    cmd_puts(help);
    *status = cmd_flush() ? 0 : 1;
    return true;
  }
  if (!strcmp(arg, "--version")) {
    cmd_puts(name);
    cmd_puts(" (agent-code-sandbox) " ACS_VERSION "\n");
    *status = cmd_flush() ? 0 : 1;
    return true;
  }
  return false;
}

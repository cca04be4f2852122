/* kill.c - send a signal to a process.
**
** Usage:
**  kill [options] <pid> [...]
**
** Options:
**  <pid> [...]            send signal to every <pid> listed
**  -<signal>, -s, --signal <signal>
**                         specify the <signal> to be sent
**  -l, --list=[<signal>]  list all signal names, or convert one to a name
**  -L, --table            list all signal names in a nice table
**
**  -h, --help     display this help and exit
**  -V, --version  output version information and exit
**
** A pid of -1 is every process of the box the caller may signal but
** kill itself; -PGID a process group. Only the box's processes exist.
*/

/* procps-ng's kill (Debian's /usr/bin/kill) through the box's kernel:
** pids are box pids, and the kernel decides who may signal whom (root
** any process of the box, a user its own). "kill: (PID): ERROR" for a
** pid that fails; the status is 1 if any failed. */
#include "cmd.h"
#include "lib_sys.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(acs_cmd *c)
{
  cmd_flush(c);
  static const char u[] =
      "\nUsage:\n kill [options] <pid> [...]\n\nOptions:\n <pid> [...]            send signal to every <pid> listed\n"
      " -<signal>, -s, --signal <signal>\n                        specify the <signal> to be sent\n"
      " -q, --queue <value>    integer value to be sent with the signal\n"
      " -l, --list=[<signal>]  list all signal names, or convert one to a name\n"
      " -L, --table            list all signal names in a nice table\n\n"
      " -h, --help     display this help and exit\n -V, --version  output version information and exit\n\n"
      "For more details see kill(1).\n";
  acs_sys_write_all(2, u, sizeof u - 1);
}

static void list(acs_cmd *c)
{
  int col = 0;
  for (int i = 1; i < 32; i++) {
    const char *n = lib_sig_name(i);
    if (!n) continue;
    size_t len = strlen(n);
    if (col && col + 1 + (int)len > 79) {
      cmd_putc(c, '\n');
      col = 0;
    }
    if (col) cmd_putc(c, ' '), col++;
    cmd_puts(c, n);
    col += (int)len;
  }
  cmd_putc(c, '\n');
}

static void table(acs_cmd *c)
{
  /* procps's layout: seven a line, the seventh unpadded, the last padded */
  int k = 0;
  for (int i = 1; i < 32; i++) {
    const char *n = lib_sig_name(i);
    if (!n) continue;
    k++;
    if (k % 7 == 0) cmd_printf(c, "%2d %s\n", i, n);
    else if (i == 31) cmd_printf(c, "%2d %-8s\n", i, n);
    else cmd_printf(c, "%2d %-8s", i, n);
  }
}

int acs__cmd_kill(acs_cmd *c, int argc, char **argv)
{
  int sig = SIGTERM, i = 1;
  bool have_sig = false;
  for (; i < argc; i++) {
    char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (a[0] != '-' || !a[1]) break;
    /* after a signal, -N is a process group (kill -9 -1) */
    if (have_sig && a[1] >= '0' && a[1] <= '9') break;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      cmd_puts(c, c->help);
      return 0;
    }
    if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
      cmd_puts(c, "kill from procps-ng 4.0.2 (agent-code-sandbox)\n");
      return 0;
    }
    if (!strcmp(a, "-L") || !strcmp(a, "--table")) {
      table(c);
      return 0;
    }
    if (!strcmp(a, "-l") || !strcmp(a, "--list") || !strncmp(a, "--list=", 7)) {
      const char *what = a[2] == '-' && a[6] == '=' ? a + 7 : i + 1 < argc ? argv[i + 1] : NULL;
      if (!what) {
        list(c);
        return 0;
      }
      int n = lib_sig_number(what);
      char *end;
      strtol(what, &end, 10);
      if (n <= 0 || !lib_sig_name(n)) {
        cmd_error(c, "unknown signal name %s", what);
        return 0; /* procps's status, message and all */
      }
      if (!*end) cmd_printf(c, "%s\n", lib_sig_name(n));
      else cmd_printf(c, "%d\n", n);
      return 0;
    }
    if (!strcmp(a, "-s") || !strcmp(a, "--signal") || !strncmp(a, "--signal=", 9)) {
      const char *name = a[2] == 's' && a[8] == '=' ? a + 9 : i + 1 < argc ? argv[++i] : NULL;
      if (!name) {
        cmd_error(c, "option requires an argument -- 's'");
        usage(c);
        return 1;
      }
      sig = lib_sig_number(name);
      if (sig < 0) {
        cmd_error(c, "unknown signal name %s", name);
        return 1;
      }
      have_sig = true;
      continue;
    }
    if (!strcmp(a, "-q") || !strcmp(a, "--queue")) {
      if (i + 1 < argc) i++;
      continue;
    }
    /* -9, -KILL, -SIGKILL: a signal; a negative pid only after one */
    int n = lib_sig_number(a + 1);
    if (n >= 0) {
      sig = n;
      have_sig = true;
      continue;
    }
    cmd_error(c, "invalid argument %s", a + 1);
    usage(c);
    return 1;
  }
  if (i >= argc) {
    usage(c);
    return 1;
  }
  int status = 0;
  for (; i < argc; i++) {
    char *end;
    long pid = strtol(argv[i], &end, 10);
    if (end == argv[i] || *end) {
      cmd_error(c, "failed to parse argument: '%s'", argv[i]);
      status = 1;
      continue;
    }
    cmd_flush(c);
    int rc = acs_sys_kill((int)pid, sig);
    if (rc) {
      cmd_error(c, "(%ld): %s", pid, cmd_strerror(rc));
      status = 1;
    }
  }
  return status;
}

/* lib_sys.c - helpers of the process and system commands (lib_sys.h). */
#include "lib_sys.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void lib_try_help(acs_cmd *c)
{
  char line[512];
  cmd_flush(c);
  int n = snprintf(line, sizeof line, "Try '%s --help' for more information.\n", c->name);
  if (n > 0 && (size_t)n < sizeof line) acs_sys_write_all(2, line, (size_t)n);
}

ssize_t lib_read_small(const char *path, char *buf, size_t size)
{
  int fd = acs_sys_open(path, O_RDONLY, 0);
  if (fd < 0) return fd;
  size_t len = 0;
  while (len + 1 < size) {
    ssize_t n = acs_sys_read(fd, buf + len, size - 1 - len);
    if (n < 0) {
      acs_sys_close(fd);
      return n;
    }
    if (n == 0) break;
    len += (size_t)n;
  }
  acs_sys_close(fd);
  buf[len] = 0;
  return (ssize_t)len;
}

void lib_hostname(char *buf, size_t size)
{
  char t[256];
  ssize_t n = lib_read_small("/etc/hostname", t, sizeof t);
  if (n > 0) {
    t[strcspn(t, "\n")] = 0;
    if (t[0]) {
      snprintf(buf, size, "%s", t);
      return;
    }
  }
  snprintf(buf, size, "box");
}

/* Linux's numbering on x86 and arm64 alike (the generic table) */
static const char *const names[LIB_NSIG] = {
    [SIGHUP] = "HUP",   [SIGINT] = "INT",       [SIGQUIT] = "QUIT",   [SIGILL] = "ILL",
    [SIGTRAP] = "TRAP", [SIGABRT] = "ABRT",     [SIGBUS] = "BUS",     [SIGFPE] = "FPE",
    [SIGKILL] = "KILL", [SIGUSR1] = "USR1",     [SIGSEGV] = "SEGV",   [SIGUSR2] = "USR2",
    [SIGPIPE] = "PIPE", [SIGALRM] = "ALRM",     [SIGTERM] = "TERM",   [SIGSTKFLT] = "STKFLT",
    [SIGCHLD] = "CHLD", [SIGCONT] = "CONT",     [SIGSTOP] = "STOP",   [SIGTSTP] = "TSTP",
    [SIGTTIN] = "TTIN", [SIGTTOU] = "TTOU",     [SIGURG] = "URG",     [SIGXCPU] = "XCPU",
    [SIGXFSZ] = "XFSZ", [SIGVTALRM] = "VTALRM", [SIGPROF] = "PROF",   [SIGWINCH] = "WINCH",
    [SIGIO] = "POLL",   [SIGPWR] = "PWR",       [SIGSYS] = "SYS",
};

const char *lib_sig_name(int sig)
{
  if (sig <= 0 || sig >= LIB_NSIG) return NULL;
  return names[sig];
}

int lib_sig_number(const char *s)
{
  if (!*s) return -1;
  char *end;
  long v = strtol(s, &end, 10);
  if (!*end) return v >= 0 && v < LIB_NSIG ? (int)v : -1;
  if (!strncasecmp(s, "SIG", 3)) s += 3;
  for (int i = 1; i < LIB_NSIG; i++)
    if (names[i] && !strcasecmp(s, names[i])) return i;
  if (!strcasecmp(s, "IO")) return SIGIO;
  if (!strcasecmp(s, "IOT")) return SIGABRT;
  if (!strcasecmp(s, "CLD")) return SIGCHLD;
  if (!strncasecmp(s, "RTMIN", 5) || !strncasecmp(s, "RTMAX", 5)) {
    bool max = !strncasecmp(s, "RTMAX", 5);
    long off = 0;
    if (s[5]) {
      off = strtol(s + 5, &end, 10);
      if (*end || (max ? off > 0 : off < 0)) return -1;
    }
    int n = (int)((max ? 64 : 34) + off);
    return n >= 34 && n <= 64 ? n : -1;
  }
  return -1;
}

size_t lib_user_groups(const char *name, uint32_t gid, uint32_t *out, size_t max)
{
  size_t n = 0;
  if (max) out[n++] = gid;
  char *data;
  size_t len;
  if (!name || cmd_read_all("/etc/group", &data, &len)) return n;
  for (char *line = data; line && *line && n < max;) {
    char *next = strchr(line, '\n');
    if (next) *next++ = 0;
    /* name:x:gid:member,member */
    char *f[4] = {line, NULL, NULL, NULL};
    for (int i = 1; i < 4 && f[i - 1]; i++) {
      char *colon = strchr(f[i - 1], ':');
      if (colon) *colon = 0, f[i] = colon + 1;
    }
    if (f[3]) {
      uint32_t g = (uint32_t)strtoul(f[2], NULL, 10);
      for (char *m = strtok(f[3], ","); m; m = strtok(NULL, ","))
        if (!strcmp(m, name)) {
          bool dup = false;
          for (size_t i = 0; i < n; i++) dup |= out[i] == g;
          if (!dup) out[n++] = g;
          break;
        }
    }
    line = next;
  }
  free(data);
  return n;
}

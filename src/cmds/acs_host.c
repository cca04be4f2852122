/* acs_host.c - the box's side of a command the host defined
** (acs_box_install_command): /usr/bin/NAME is a program file of acs-host,
** whose second line is "# SUMMARY". It asks the kernel for a socket to the
** host's code (HOSTCMD) and relays: what the host writes goes to its
** stdout and stderr, its stdin goes to the host when the host asks for
** it (so `yes | NAME` only feeds what is read), and the host's status is
** its exit status. --help is answered here, from the summary.
**
** Frames, one per datagram: host -> box [1|2][bytes] output, [3][i32]
** exit, [4][u32 max] "send up to max bytes of stdin"; box -> host
** [0][bytes] stdin, [0] alone its end. */
#include "../sys/sys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *base_of(const char *p)
{
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

static void say(const char *name, const char *what)
{
  char msg[512];
  int n = snprintf(msg, sizeof msg, "%s: %s\n", name, what);
  acs_sys_write_all(2, msg, (size_t)n);
}

/* --help: "Usage: NAME [ARGUMENT]..." and the summary of /usr/bin/NAME */
static int help(const char *name)
{
  char path[300], text[4096] = {0};
  snprintf(path, sizeof path, "/usr/bin/%s", name);
  uint64_t size = 0;
  bool reg = false;
  ssize_t n = acs_sys_readfile(path, text, sizeof text - 1, &size, &reg);
  const char *summary = "";
  char *nl = n > 0 ? strchr(text, '\n') : NULL;
  if (nl && !strncmp(nl + 1, "# ", 2)) {
    summary = nl + 3;
    char *end = strchr(nl + 3, '\n');
    if (end) *end = 0;
  }
  char out[4600];
  int k = snprintf(out, sizeof out, "Usage: %s [ARGUMENT]...\n%s%s(a command of the box's host)\n", name,
                   summary, *summary ? "\n" : "");
  acs_sys_write_all(1, out, (size_t)k);
  return 0;
}

int acs__prog_acs_host(int argc, char **argv)
{
  const char *name = argc > 0 ? base_of(argv[0]) : "acs-host";
  if (argc == 2 && !strcmp(argv[1], "--help")) return help(name);
  int s = acs_sys_hostcmd(name);
  if (s < 0) {
    say(name, s == -ENOSYS ? "the box's host runs no commands now" : strerror(-s));
    return 126;
  }
  static unsigned char buf[(64u << 10) + 8];
  for (;;) {
    ssize_t n = read(s, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      say(name, "the host's command ended without a status");
      return 1;
    }
    if ((buf[0] == 1 || buf[0] == 2) && n > 1) {
      if (acs_sys_write_all(buf[0], buf + 1, (size_t)(n - 1)) < 0) return 1;
    } else if (buf[0] == 3 && n == 5) {
      int32_t code;
      memcpy(&code, buf + 1, 4);
      return code & 0xff;
    } else if (buf[0] == 4 && n == 5) {
      uint32_t max;
      memcpy(&max, buf + 1, 4);
      if (max > sizeof buf - 1) max = sizeof buf - 1;
      if (max == 0) max = 1;
      ssize_t r;
      do r = acs_sys_read(0, buf + 1, max);
      while (r == -EINTR);
      buf[0] = 0;
      if (write(s, buf, r > 0 ? (size_t)r + 1 : 1) < 0) return 1;
    }
  }
}

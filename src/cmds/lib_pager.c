/* lib_pager.c - a pager that passes through (lib_pager.h): options are
** skipped (those that take a value, with it), files copied in order;
** more names each file between "::::::::::::::" lines, as util-linux's
** does when its output is not a terminal. */
#include "lib_pager.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>

static int copy(acs_cmd *c, const char *name, const char *which)
{
  static unsigned char buf[ACS__SYS_MAX_DATA];
  int fd = strcmp(name, "-") ? acs_sys_open(name, O_RDONLY, 0) : 0;
  if (fd < 0) {
    if (!strcmp(which, "less")) {
      /* less names no program here, and goes on with status 0 */
      cmd_flush(c);
      char b[4200];
      int n = snprintf(b, sizeof b, "%s: %s\n", name, cmd_strerror(fd));
      acs_sys_write_all(2, b, (size_t)n);
      return 0;
    }
    cmd_error(c, "cannot open %s: %s", name, cmd_strerror(fd));
    return 1;
  }
  acs__sys_stat st;
  if (fd && acs_sys_fstat(fd, &st) == 0 && (st.mode & 0170000) == 0040000) {
    acs_sys_close(fd);
    if (!strcmp(which, "less")) cmd_error(c, "%s is a directory", name);
    else cmd_error(c, "%s: Is a directory", name);
    return 1;
  }
  for (;;) {
    ssize_t n = acs_sys_read(fd, buf, sizeof buf);
    if (n <= 0) break;
    cmd_out(c, buf, (size_t)n);
    if (cmd_out_error(c)) break;
  }
  if (fd) acs_sys_close(fd);
  return 0;
}

int lib_pager(acs_cmd *c, int argc, char **argv, const char *which)
{
  char *files[4096];
  int nf = 0;
  bool opts = true;
  for (int i = 1; i < argc && nf < 4096; i++) {
    char *a = argv[i];
    if (opts && !strcmp(a, "--")) {
      opts = false;
      continue;
    }
    if (opts && !strcmp(a, "--help")) {
      cmd_puts(c, c->help);
      return 0;
    }
    if (opts && a[0] == '+') continue;
    if (opts && a[0] == '-' && a[1]) {
      /* less's options with a value: -b -h -j -k -o -O -p -P -t -T -x -y -z, "-x4" or "-x 4" */
      if (!strcmp(which, "less") && !a[2] && strchr("bhjkoOpPtTxyz#", a[1]) && i + 1 < argc) i++;
      if (!strcmp(which, "more") && (!strcmp(a, "-n") || !strcmp(a, "--lines")) && i + 1 < argc) i++;
      continue;
    }
    files[nf++] = a;
  }
  if (!nf) return copy(c, "-", which);
  int status = 0;
  for (int i = 0; i < nf; i++) {
    if (!strcmp(which, "more")) cmd_printf(c, "::::::::::::::\n%s\n::::::::::::::\n", files[i]);
    status |= copy(c, files[i], which);
  }
  return status;
}

/* touch.c - change file timestamps.
**
** Usage: touch [OPTION]... FILE...
** Update the access and modification times of each FILE to the current time.
**
** A FILE argument that does not exist is created empty, unless -c or -h
** is supplied.
**
** A FILE argument string of - is handled specially and causes touch to
** change the times of the file associated with standard output.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -a                     change only the access time
**   -c, --no-create        do not create any files
**   -d, --date=STRING      parse STRING and use it instead of current time
**   -f                     (ignored)
**   -h, --no-dereference   affect each symbolic link instead of any referenced
**                          file
**   -m                     change only the modification time
**   -r, --reference=FILE   use this file's times instead of current time
**   -t STAMP               use [[CC]YY]MMDDhhmm[.ss] instead of current time
**       --time=WORD        change the specified time:
**                            WORD is access, atime, or use: equivalent to -a
**                            WORD is modify or mtime: equivalent to -m
**       --help        display this help and exit
**       --version     output version information and exit
**
** Note that the -d and -t options accept different time-date formats.
*/

/* GNU coreutils' touch: a missing file is created (0666 less the umask)
** and then its times set; a failure to create is "cannot touch 'X'",
** a failure to set the times of an existing file "setting times of 'X'".
** With -r and -d together the date is read relative to the reference's
** modification time, as GNU does. */
#include "cmd.h"
#include "lib_date.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_TIME = 256 };

static int usage_time(acs_cmd *c, const char *arg)
{
  char q[1024];
  cmd_error(c, "invalid argument %s for '--time'", cmd_quote(arg, q, sizeof q));
  static const char valid[] = "Valid arguments are:\n  - 'atime', 'access', 'use'\n  - 'mtime', 'modify'\n";
  acs_sys_write_all(2, valid, sizeof valid - 1);
  int n = snprintf(q, sizeof q, "Try '%s --help' for more information.\n", c->name);
  if (n > 0 && (size_t)n < sizeof q) acs_sys_write_all(2, q, (size_t)n);
  return 1;
}

int acs__cmd_touch(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"no-create", 'c', CMD_NOARG},      {"date", 'd', CMD_ARG},
                                  {"no-dereference", 'h', CMD_NOARG}, {"reference", 'r', CMD_ARG},
                                  {"time", OPT_TIME, CMD_ARG},        {0}};
  bool no_create = false, no_deref = false, atime = false, mtime = false;
  const char *date = NULL, *ref = NULL, *stamp = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "acd:fhmr:t:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': atime = true; break;
    case 'c': no_create = true; break;
    case 'd': date = g.arg; break;
    case 'f': break;
    case 'h': no_deref = true; break;
    case 'm': mtime = true; break;
    case 'r': ref = g.arg; break;
    case 't': stamp = g.arg; break;
    case OPT_TIME:
      if (!strcmp(g.arg, "atime") || !strcmp(g.arg, "access") || !strcmp(g.arg, "use")) atime = true;
      else if (!strcmp(g.arg, "mtime") || !strcmp(g.arg, "modify")) mtime = true;
      else return usage_time(c, g.arg);
      break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char q[4096];
  if ((date || ref) && stamp) {
    cmd_usage_error(c, "cannot specify times from more than one source");
    return 1;
  }
  struct timespec ts[2], now;
  clock_gettime(CLOCK_REALTIME, &now);
  bool given = date || ref || stamp;
  ts[0] = ts[1] = now;
  if (ref) {
    acs__sys_stat st;
    int rc = no_deref ? acs_sys_lstat(ref, &st) : acs_sys_stat(ref, &st);
    if (rc < 0) {
      cmd_error(c, "failed to get attributes of %s: %s", cmd_quote(ref, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
    ts[0] = (struct timespec){st.atime_s, st.atime_ns};
    ts[1] = (struct timespec){st.mtime_s, st.mtime_ns};
  }
  if (date) {
    /* with -r, each of the reference's times is the base of its own */
    struct timespec a, m;
    if (!date_parse(date, ts[0], &a) || !date_parse(date, ts[1], &m)) {
      cmd_error(c, "invalid date format %s", cmd_quote(date, q, sizeof q));
      return 1;
    }
    ts[0] = a, ts[1] = m;
  }
  if (stamp) {
    if (!date_parse_touch_t(stamp, &ts[0])) {
      cmd_error(c, "invalid date format %s", cmd_quote(stamp, q, sizeof q));
      return 1;
    }
    ts[1] = ts[0];
  }
  if (!atime && !mtime) atime = mtime = true;
  if (!given) ts[0].tv_nsec = ts[1].tv_nsec = UTIME_NOW;
  if (!atime) ts[0].tv_nsec = UTIME_OMIT;
  if (!mtime) ts[1].tv_nsec = UTIME_OMIT;
  if (g.nops == 0) {
    cmd_usage_error(c, "missing file operand");
    return 1;
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) {
    const char *file = cmd_operands(&g)[i];
    int open_err = 0;
    if (!strcmp(file, "-")) { /* the standard output's file, as GNU */
      int rc = acs_sys_utimensat(1, "", ts, AT_EMPTY_PATH);
      if (rc < 0) {
        cmd_error(c, "setting times of %s: %s", cmd_quote(file, q, sizeof q), cmd_strerror(rc));
        status = 1;
      }
      continue;
    }
    if (!no_create && !no_deref) {
      int fd = acs_sys_open(file, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY, 0666);
      if (fd >= 0) acs_sys_close(fd);
      else open_err = fd;
    }
    int rc = acs_sys_utimensat(AT_FDCWD, file, ts, no_deref ? AT_SYMLINK_NOFOLLOW : 0);
    if (rc == 0) continue;
    if (open_err && open_err != -EISDIR) {
      cmd_error(c, "cannot touch %s: %s", cmd_quote(file, q, sizeof q), cmd_strerror(open_err));
    } else {
      if (no_create && rc == -ENOENT) continue;
      cmd_error(c, "setting times of %s: %s", cmd_quote(file, q, sizeof q), cmd_strerror(rc));
    }
    status = 1;
  }
  return status;
}

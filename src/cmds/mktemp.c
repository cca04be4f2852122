/* mktemp.c - create a temporary file or directory.
**
** Usage: mktemp [OPTION]... [TEMPLATE]
** Create a temporary file or directory, safely, and print its name.
** TEMPLATE must contain at least 3 consecutive 'X's in last component.
** If TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is implied.
** Files are created u+rw, and directories u+rwx, minus umask restrictions.
**
**   -d, --directory     create a directory, not a file
**   -u, --dry-run       do not create anything; merely print a name (unsafe)
**   -q, --quiet         suppress diagnostics about file/dir-creation failure
**       --suffix=SUFF   append SUFF to TEMPLATE; SUFF must not contain a slash.
**                         This option is implied if TEMPLATE does not end in X
**   -p DIR, --tmpdir[=DIR]  interpret TEMPLATE relative to DIR; if DIR is not
**                         specified, use $TMPDIR if set, else /tmp.  With
**                         this option, TEMPLATE must not be an absolute name;
**                         unlike with -t, TEMPLATE may contain slashes, but
**                         mktemp creates only the final component
**   -t                  interpret TEMPLATE as a single file name component,
**                         relative to a directory: $TMPDIR, if set; else the
**                         directory specified via -p; else /tmp [deprecated]
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' mktemp. The X's become letters and digits from the box's
** /dev/urandom; a name taken already is tried again with other ones. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { OPT_SUFFIX = 256, OPT_TMPDIR };

static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

static void fill(char *x, size_t n)
{
  unsigned char r[256];
  int fd = acs_sys_open("/dev/urandom", O_RDONLY | O_CLOEXEC, 0);
  ssize_t got = fd >= 0 ? acs_sys_read(fd, r, n < sizeof r ? n : sizeof r) : -1;
  if (fd >= 0) acs_sys_close(fd);
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  unsigned long mix = 88172645463325252ul ^ (unsigned long)ts.tv_nsec ^ ((unsigned long)ts.tv_sec << 20);
  for (size_t i = 0; i < n; i++) {
    mix ^= mix << 13, mix ^= mix >> 7, mix ^= mix << 17; /* when urandom is short */
    unsigned v = (got > 0 && i < (size_t)got) ? r[i] : (unsigned)mix;
    x[i] = letters[v % (sizeof letters - 1)];
  }
}

static const char *tmpdir_env(void)
{
  const char *e = getenv("TMPDIR");
  return e && *e ? e : NULL;
}

int acs__cmd_mktemp(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"directory", 'd', CMD_NOARG}, {"dry-run", 'u', CMD_NOARG}, {"quiet", 'q', CMD_NOARG},
      {"suffix", OPT_SUFFIX, CMD_ARG}, {"tmpdir", OPT_TMPDIR, CMD_OPTARG}, {0}};
  bool dir = false, dry = false, quiet = false, use_dir = false, t_opt = false;
  const char *suffix = NULL, *dir_arg = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "dp:qtuV", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'd': dir = true; break;
    case 'u': dry = true; break;
    case 'q': quiet = true; break;
    case 't': use_dir = t_opt = true; break;
    case 'p': case OPT_TMPDIR: use_dir = true; dir_arg = g.arg; break;
    case OPT_SUFFIX: suffix = g.arg; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops > 1) {
    cmd_usage_error(c, "too many templates");
    return 1;
  }
  char q[4200];
  const char *tmpl = "tmp.XXXXXXXXXX";
  if (g.nops == 1) tmpl = cmd_operands(&g)[0];
  else use_dir = true;
  size_t tl = strlen(tmpl);
  size_t suffix_len;
  char *t;
  if (suffix) {
    if (strchr(suffix, '/')) {
      cmd_error(c, "invalid suffix %s, contains directory separator", cmd_quote(suffix, q, sizeof q));
      return 1;
    }
    if (tl == 0 || tmpl[tl - 1] != 'X') {
      cmd_error(c, "with --suffix, template %s must end in X", cmd_quote(tmpl, q, sizeof q));
      return 1;
    }
    suffix_len = strlen(suffix);
    t = malloc(tl + suffix_len + 1);
    if (!t) return 1;
    memcpy(t, tmpl, tl);
    memcpy(t + tl, suffix, suffix_len + 1);
  } else {
    t = strdup(tmpl);
    if (!t) return 1;
    const char *lx = strrchr(t, 'X');
    suffix_len = lx ? strlen(lx + 1) : 0;
  }
  if (use_dir) {
    const char *d;
    if (t_opt) {
      d = tmpdir_env() ? tmpdir_env() : dir_arg && *dir_arg ? dir_arg : "/tmp";
      if (strchr(t, '/')) {
        cmd_error(c, "invalid template, %s, contains directory separator", cmd_quote(t, q, sizeof q));
        free(t);
        return 1;
      }
    } else {
      d = dir_arg && *dir_arg ? dir_arg : tmpdir_env() ? tmpdir_env() : "/tmp";
      if (t[0] == '/') {
        cmd_error(c, "invalid template, %s; with --tmpdir, it may not be absolute",
                  cmd_quote(t, q, sizeof q));
        free(t);
        return 1;
      }
    }
    char *j = cmd_path_join(d, t);
    free(t);
    if (!j) return 1;
    t = j;
  }
  size_t len = strlen(t), xs = 0;
  while (xs < len - suffix_len && t[len - suffix_len - 1 - xs] == 'X') xs++;
  if (xs < 3) {
    cmd_error(c, "too few X's in template %s", cmd_quote(t, q, sizeof q));
    free(t);
    return 1;
  }
  char *x = t + len - suffix_len - xs;
  char *shown = strdup(t);
  int rc = -EEXIST;
  for (int tries = 0; tries < 1000 && rc == -EEXIST; tries++) {
    fill(x, xs);
    if (dry) {
      acs__sys_stat st;
      rc = acs_sys_lstat(t, &st) == 0 ? -EEXIST : 0;
    } else if (dir) {
      rc = acs_sys_mkdir(t, 0700);
    } else {
      int fd = acs_sys_open(t, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      rc = fd < 0 ? fd : acs_sys_close(fd);
    }
  }
  if (rc) {
    if (!quiet)
      cmd_error(c, "failed to create %s via template %s: %s", dir ? "directory" : "file",
                cmd_quote(shown ? shown : t, q, sizeof q), cmd_strerror(rc));
    free(shown);
    free(t);
    return 1;
  }
  cmd_puts(c, t);
  cmd_putc(c, '\n');
  free(shown);
  free(t);
  return 0;
}

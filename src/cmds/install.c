/* install.c - copy files and set attributes.
**
** Usage: install [OPTION]... [-T] SOURCE DEST
**   or:  install [OPTION]... SOURCE... DIRECTORY
**   or:  install [OPTION]... -t DIRECTORY SOURCE...
**   or:  install [OPTION]... -d DIRECTORY...
**
** This install program copies files (often just compiled) into destination
** locations you choose.  If you want to download and install a ready-to-use
** package on a GNU/Linux system, you should instead be using a package manager
** like yum(1) or apt-get(1).
**
** In the first three forms, copy SOURCE to DEST or multiple SOURCE(s) to
** the existing DIRECTORY, while setting permission modes and owner/group.
** In the 4th form, create all components of the given DIRECTORY(ies).
**
** Mandatory arguments to long options are mandatory for short options too.
**   -c                  (ignored)
**   -C, --compare       compare content of source and destination files, and
**                         if no change to content, ownership, and permissions,
**                         do not modify the destination at all
**   -d, --directory     treat all arguments as directory names; create all
**                         components of the specified directories
**   -D                  create all leading components of DEST except the last,
**                         or all components of --target-directory,
**                         then copy SOURCE to DEST
**   -g, --group=GROUP   set group ownership, instead of process' current group
**   -m, --mode=MODE     set permission mode (as in chmod), instead of rwxr-xr-x
**   -o, --owner=OWNER   set ownership (super-user only)
**   -p, --preserve-timestamps   apply access/modification times of SOURCE files
**                         to corresponding destination files
**   -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
**   -T, --no-target-directory  treat DEST as a normal file
**   -v, --verbose       print the name of each directory as it is created
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' install without strip and backups. A file is copied to
** a new inode (an existing DEST is removed first, as GNU's does), then
** given its mode and owner; directories made for -d and -D get 0755
** unless -m says otherwise for the last one. */
#include "cmd.h"
#include "lib_mode.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct inst {
  acs_cmd *c;
  unsigned mode, dir_mode;
  bool verbose, preserve, compare, have_uid, have_gid;
  uint32_t uid, gid;
} inst;

static int attrs(inst *in, const char *path, unsigned mode)
{
  char q[1024];
  int rc;
  if ((in->have_uid || in->have_gid)) {
    acs__sys_stat st;
    if (acs_sys_lstat(path, &st)) memset(&st, 0, sizeof st);
    rc = acs_sys_chown(path, in->have_uid ? in->uid : st.uid, in->have_gid ? in->gid : st.gid);
    if (rc) {
      cmd_error(in->c, "cannot change ownership of %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
  }
  rc = acs_sys_chmod(path, mode);
  if (rc) {
    cmd_error(in->c, "cannot change permissions of %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  return 0;
}

/* mkdir -p, each new directory 0755 (the last one `last_mode`) */
static int make_dirs(inst *in, const char *path, bool set_last, unsigned last_mode)
{
  char q[1024];
  char *p = strdup(path);
  if (!p) return 1;
  size_t len = strlen(p);
  for (size_t i = 1; i <= len; i++) {
    if (p[i] != '/' && p[i] != 0) continue;
    char save = p[i];
    p[i] = 0;
    acs__sys_stat st;
    bool last = save == 0 || p[i + 1 + strspn(p + i + 1, "/")] == 0;
    if (acs_sys_stat(p, &st)) {
      int rc = acs_sys_mkdir(p, 0700);
      if (rc && rc != -EEXIST) {
        cmd_error(in->c, "cannot create directory %s: %s", cmd_quote(p, q, sizeof q), cmd_strerror(rc));
        free(p);
        return 1;
      }
      if (in->verbose) cmd_printf(in->c, "%s: creating directory %s\n", in->c->name, cmd_quote(p, q, sizeof q));
      if (!last || !set_last) acs_sys_chmod(p, 0755);
    } else if (!S_ISDIR(st.mode)) {
      cmd_error(in->c, "%s exists but is not a directory", cmd_quote(p, q, sizeof q));
      free(p);
      return 1;
    }
    if (last && set_last && attrs(in, p, last_mode)) {
      free(p);
      return 1;
    }
    p[i] = save;
    if (last) break;
  }
  free(p);
  return 0;
}

static bool same_content(const char *a, const char *b)
{
  char *x = NULL, *y = NULL;
  size_t nx, ny;
  bool same = !cmd_read_all(a, &x, &nx) && !cmd_read_all(b, &y, &ny) && nx == ny && !memcmp(x, y, nx);
  free(x);
  free(y);
  return same;
}

static int copy(inst *in, const char *src, const char *dst)
{
  char q[1024], q2[1024];
  acs__sys_stat st, dt;
  int rc = acs_sys_stat(src, &st);
  if (rc) {
    cmd_error(in->c, "cannot stat %s: %s", cmd_quote(src, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  if (S_ISDIR(st.mode)) {
    cmd_error(in->c, "omitting directory %s", cmd_quote(src, q, sizeof q));
    return 1;
  }
  bool exists = !acs_sys_lstat(dst, &dt);
  if (exists && S_ISDIR(dt.mode)) {
    cmd_error(in->c, "cannot overwrite directory %s with non-directory", cmd_quote(dst, q, sizeof q));
    return 1;
  }
  if (exists && st.dev == dt.dev && st.ino == dt.ino) {
    cmd_error(in->c, "%s and %s are the same file", cmd_quote(src, q, sizeof q), cmd_quote(dst, q2, sizeof q2));
    return 1;
  }
  if (in->compare && exists && (dt.mode & 07777) == in->mode && same_content(src, dst)) return 0;
  int ifd = acs_sys_open(src, O_RDONLY, 0);
  if (ifd < 0) {
    cmd_error(in->c, "cannot open %s for reading: %s", cmd_quote(src, q, sizeof q), cmd_strerror(ifd));
    return 1;
  }
  if (exists) {
    rc = acs_sys_unlink(dst);
    if (rc) {
      cmd_error(in->c, "cannot remove %s: %s", cmd_quote(dst, q, sizeof q), cmd_strerror(rc));
      acs_sys_close(ifd);
      return 1;
    }
    if (in->verbose) cmd_printf(in->c, "removed %s\n", cmd_quote(dst, q, sizeof q));
  }
  int ofd = acs_sys_open(dst, O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (ofd < 0) {
    cmd_error(in->c, "cannot create regular file %s: %s", cmd_quote(dst, q, sizeof q), cmd_strerror(ofd));
    acs_sys_close(ifd);
    return 1;
  }
  static char buf[ACS__SYS_MAX_DATA];
  for (;;) {
    ssize_t n = acs_sys_read(ifd, buf, sizeof buf);
    if (n < 0) {
      cmd_error(in->c, "error reading %s: %s", cmd_quote(src, q, sizeof q), cmd_strerror((int)n));
      rc = 1;
      break;
    }
    if (n == 0) break;
    int w = acs_sys_write_all(ofd, buf, (size_t)n);
    if (w) {
      cmd_error(in->c, "error writing %s: %s", cmd_quote(dst, q, sizeof q), cmd_strerror(w));
      rc = 1;
      break;
    }
  }
  acs_sys_close(ifd);
  acs_sys_close(ofd);
  if (rc) return 1;
  if (attrs(in, dst, in->mode)) return 1;
  if (in->preserve) {
    struct timespec ts[2] = {{.tv_sec = st.atime_s, .tv_nsec = st.atime_ns},
                             {.tv_sec = st.mtime_s, .tv_nsec = st.mtime_ns}};
    acs_sys_utimensat(AT_FDCWD, dst, ts, 0);
  }
  if (in->verbose) cmd_printf(in->c, "%s -> %s\n", cmd_quote(src, q, sizeof q), cmd_quote(dst, q2, sizeof q2));
  return 0;
}

static bool is_dir(const char *p)
{
  acs__sys_stat st;
  return !acs_sys_stat(p, &st) && S_ISDIR(st.mode);
}

int acs__cmd_install(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"compare", 'C', CMD_NOARG}, {"directory", 'd', CMD_NOARG}, {"group", 'g', CMD_ARG},
      {"mode", 'm', CMD_ARG}, {"owner", 'o', CMD_ARG}, {"preserve-timestamps", 'p', CMD_NOARG},
      {"target-directory", 't', CMD_ARG}, {"no-target-directory", 'T', CMD_NOARG},
      {"verbose", 'v', CMD_NOARG}, {"strip", 's', CMD_NOARG}, {"backup", 'b', CMD_OPTARG}, {0}};
  inst in = {.c = c, .mode = 0755, .dir_mode = 0755};
  bool dirs = false, leading = false, no_target = false;
  const char *target = NULL, *mode_arg = NULL;
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bcCdDg:m:o:pst:TvS:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': case 'b': case 'S': break;
    case 'C': in.compare = true; break;
    case 'd': dirs = true; break;
    case 'D': leading = true; break;
    case 'g':
      if (!cmd_group_id(g.arg, &in.gid)) {
        cmd_error(c, "invalid group %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      in.have_gid = true;
      break;
    case 'o':
      if (!cmd_user_id(g.arg, &in.uid)) {
        cmd_error(c, "invalid user %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      in.have_uid = true;
      break;
    case 'm': mode_arg = g.arg; break;
    case 'p': in.preserve = true; break;
    case 's':
      cmd_error(c, "cannot run 'strip': the box has no strip");
      return 1;
    case 't': target = g.arg; break;
    case 'T': no_target = true; break;
    case 'v': in.verbose = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (mode_arg) {
    mode_change *ch = mode_compile(mode_arg);
    if (!ch) {
      cmd_error(c, "invalid mode %s", cmd_quote(mode_arg, q, sizeof q));
      return 1;
    }
    in.mode = mode_adjust(0, false, 0, ch, NULL);
    in.dir_mode = mode_adjust(0, true, 0, ch, NULL);
    free(ch);
  }
  char **ops = cmd_operands(&g);
  int n = g.nops, status = 0;
  if (dirs) {
    if (n == 0) {
      cmd_usage_error(c, "missing file operand");
      return 1;
    }
    for (int i = 0; i < n; i++) status |= make_dirs(&in, ops[i], true, in.dir_mode);
    return status;
  }
  if (n == 0 || (n == 1 && !target)) {
    if (n == 0) cmd_usage_error(c, "missing file operand");
    else cmd_usage_error(c, "missing destination file operand after %s", cmd_quote(ops[0], q, sizeof q));
    return 1;
  }
  if (target && no_target) {
    cmd_error(c, "cannot combine --target-directory (-t) and --no-target-directory (-T)");
    return 1;
  }
  if (!target && !no_target && (n > 2 || is_dir(ops[n - 1]))) {
    target = ops[n - 1];
    n--;
    if (!is_dir(target) && !leading) {
      acs__sys_stat st;
      int rc = acs_sys_stat(target, &st);
      cmd_error(c, "target %s: %s", cmd_quote(target, q, sizeof q), cmd_strerror(rc ? rc : -ENOTDIR));
      return 1;
    }
  } else if (no_target && n > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
    return 1;
  }
  if (target) {
    if (leading && make_dirs(&in, target, false, 0755)) return 1;
    if (!is_dir(target)) {
      cmd_error(c, "target %s: %s", cmd_quote(target, q, sizeof q), cmd_strerror(-ENOTDIR));
      return 1;
    }
    for (int i = 0; i < n; i++) {
      const char *base = strrchr(ops[i], '/');
      base = base ? base + 1 : ops[i];
      char *d = cmd_path_join(target, base);
      if (!d) return 1;
      status |= copy(&in, ops[i], d);
      free(d);
    }
    return status;
  }
  const char *dst = ops[1];
  if (leading) {
    char *dir = strdup(dst);
    if (!dir) return 1;
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
      *slash = 0;
      if (make_dirs(&in, dir, false, 0755)) {
        free(dir);
        return 1;
      }
    }
    free(dir);
  }
  return copy(&in, ops[0], dst);
}

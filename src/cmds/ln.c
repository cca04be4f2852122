/* ln.c - make links between files.
**
** Usage: ln [OPTION]... [-T] TARGET LINK_NAME
**   or:  ln [OPTION]... TARGET
**   or:  ln [OPTION]... TARGET... DIRECTORY
**   or:  ln [OPTION]... -t DIRECTORY TARGET...
** In the 1st form, create a link to TARGET with the name LINK_NAME.
** In the 2nd form, create a link to TARGET in the current directory.
** In the 3rd and 4th forms, create links to each TARGET in DIRECTORY.
** Create hard links by default, symbolic links with --symbolic.
** By default, each destination (name of new link) should not already exist.
** When creating hard links, each TARGET must exist.  Symbolic links
** can hold arbitrary text; if later resolved, a relative link is
** interpreted in relation to its parent directory.
**
** Mandatory arguments to long options are mandatory for short options too.
**       --backup[=CONTROL]      make a backup of each existing destination file
**   -b                          like --backup but does not accept an argument
**   -f, --force                 remove existing destination files
**   -i, --interactive           prompt whether to remove destinations
**   -L, --logical               dereference TARGETs that are symbolic links
**   -n, --no-dereference        treat LINK_NAME as a normal file if
**                                 it is a symbolic link to a directory
**   -P, --physical              make hard links directly to symbolic links
**   -r, --relative              with -s, create links relative to link location
**   -s, --symbolic              make symbolic links instead of hard links
**   -S, --suffix=SUFFIX         override the usual backup suffix
**   -t, --target-directory=DIRECTORY  specify the DIRECTORY in which to create
**                                 the links
**   -T, --no-target-directory   treat LINK_NAME as a normal file always
**   -v, --verbose               print name of each linked file
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' ln. -f unlinks the destination first (GNU links to a
** temporary name and renames it over; the result is the same for one
** process). With -L a hard link is made to what a symbolic link names:
** the box has link(2) without AT_SYMLINK_FOLLOW, so the target is
** resolved with realpath first. */
#include "cmd.h"
#include "lib_backup.h"
#include "lib_fileop.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct opts {
  int backup;
  const char *suffix;
  bool force, interactive, logical, no_deref, relative, symbolic, no_target, verbose;
} opts;

static int link_one(acs_cmd *c, const opts *o, const char *target, const char *dest)
{
  char q1[4096], q2[4096];
  acs__sys_stat src, dst;
  const char *kind = o->symbolic ? "symbolic link" : "hard link";
  char real[4096];
  if (!o->symbolic) {
    int rc = o->logical ? acs_sys_stat(target, &src) : acs_sys_lstat(target, &src);
    if (rc < 0) {
      cmd_error(c, "failed to access %s: %s", cmd_quote(target, q1, sizeof q1), cmd_strerror(rc));
      return 1;
    }
    if (S_ISDIR(src.mode)) {
      cmd_error(c, "%s: hard link not allowed for directory", cmd_quotef(target, q1, sizeof q1));
      return 1;
    }
    if (o->logical && acs_sys_realpath(target, real, sizeof real) == 0) target = real;
  }
  char *rel = NULL;
  if (o->symbolic && o->relative) {
    int err = 0;
    char *to = fileop_canon_missing(target, &err), *dir = fileop_dir(dest), *from = NULL;
    if (to && dir) from = fileop_canon_missing(dir, &err);
    if (to && from) rel = fileop_relative(to, from);
    free(to);
    free(dir);
    free(from);
    if (rel) target = rel;
  }
  bool exists = acs_sys_lstat(dest, &dst) == 0;
  int status = 0;
  char *backup = NULL;
  if (exists && (o->force || o->interactive || o->backup)) {
    if (!o->symbolic && src.dev == dst.dev && src.ino == dst.ino) {
      cmd_error(c, "%s and %s are the same file", cmd_quote(target, q1, sizeof q1), cmd_quote(dest, q2, sizeof q2));
      status = 1;
      goto out;
    }
    if (o->interactive && !fileop_ask(c, "replace %s? ", cmd_quote(dest, q1, sizeof q1))) goto out;
    if (S_ISDIR(dst.mode)) {
      cmd_error(c, "cannot overwrite directory %s", cmd_quote(dest, q1, sizeof q1));
      status = 1;
      goto out;
    }
    backup = backup_name(dest, o->backup, o->suffix);
    int rc = backup ? acs_sys_rename(dest, backup) : acs_sys_unlink(dest);
    if (rc < 0 && rc != -ENOENT) {
      cmd_error(c, "cannot %s %s: %s", backup ? "backup" : "remove", cmd_quote(dest, q1, sizeof q1), cmd_strerror(rc));
      status = 1;
      goto out;
    }
  }
  int rc = o->symbolic ? acs_sys_symlink(target, dest) : acs_sys_link(target, dest);
  if (rc < 0) {
    /* GNU names the target too, but where the error is the new name's own */
    bool dest_only = o->symbolic ? rc != -ENAMETOOLONG && *target
                                 : rc == -EDQUOT || rc == -EEXIST || rc == -ENOSPC || rc == -EROFS;
    if (dest_only)
      cmd_error(c, "failed to create %s %s: %s", kind, cmd_quote(dest, q1, sizeof q1), cmd_strerror(rc));
    else if (!o->symbolic && rc == -EMLINK)
      cmd_error(c, "failed to create hard link to %s: %s", cmd_quote(target, q2, sizeof q2), cmd_strerror(rc));
    else
      cmd_error(c, "failed to create %s %s %s %s: %s", kind, cmd_quote(dest, q1, sizeof q1), o->symbolic ? "->" : "=>",
                cmd_quote(target, q2, sizeof q2), cmd_strerror(rc));
    status = 1;
    if (backup) acs_sys_rename(backup, dest); /* put it back */
  } else if (o->verbose) {
    char q3[4096];
    if (backup) cmd_printf(c, "%s ~ ", cmd_quote(backup, q3, sizeof q3));
    cmd_printf(c, "%s %s %s\n", cmd_quote(dest, q1, sizeof q1), o->symbolic ? "->" : "=>",
               cmd_quote(target, q2, sizeof q2));
  }
out:
  free(backup);
  free(rel);
  return status;
}

int acs__cmd_ln(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"backup", 256, CMD_OPTARG},
                                  {"suffix", 'S', CMD_ARG},
                                  {"force", 'f', CMD_NOARG},
                                  {"interactive", 'i', CMD_NOARG},
                                  {"logical", 'L', CMD_NOARG},
                                  {"no-dereference", 'n', CMD_NOARG},
                                  {"physical", 'P', CMD_NOARG},
                                  {"relative", 'r', CMD_NOARG},
                                  {"symbolic", 's', CMD_NOARG},
                                  {"target-directory", 't', CMD_ARG},
                                  {"no-target-directory", 'T', CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG},
                                  {0}};
  opts o = {0};
  const char *tdir = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bfiLnPrsS:t:Tv", longs);
  bool backups = false;
  const char *backup_arg = NULL;
  int opt;
  char q[4096];
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'b': backups = true; break;
    case 256: backups = true, backup_arg = g.arg; break;
    case 'S': backups = true, o.suffix = g.arg; break;
    case 'f': o.force = true, o.interactive = false; break;
    case 'i': o.interactive = true, o.force = false; break;
    case 'L': o.logical = true; break;
    case 'n': o.no_deref = true; break;
    case 'P': o.logical = false; break;
    case 'r': o.relative = true; break;
    case 's': o.symbolic = true; break;
    case 't': tdir = g.arg; break;
    case 'T': o.no_target = true; break;
    case 'v': o.verbose = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (backups) {
    if ((o.backup = backup_kind(c, backup_arg)) < 0) return 1;
    o.suffix = backup_suffix(o.suffix);
  }
  if (o.relative && !o.symbolic) {
    cmd_error(c, "cannot do --relative without --symbolic");
    return 1;
  }
  char **ops = cmd_operands(&g);
  int n = g.nops;
  if (tdir && o.no_target) {
    cmd_usage_error(c, "cannot combine --target-directory and --no-target-directory");
    return 1;
  }
  if (n == 0) {
    cmd_usage_error(c, "missing file operand");
    return 1;
  }
  if (tdir) {
    acs__sys_stat st;
    int rc = acs_sys_stat(tdir, &st);
    if (rc < 0) {
      cmd_error(c, "failed to access %s: %s", cmd_quote(tdir, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
    if (!S_ISDIR(st.mode)) {
      cmd_error(c, "target %s is not a directory", cmd_quote(tdir, q, sizeof q));
      return 1;
    }
  } else if (o.no_target) {
    if (n < 2) {
      cmd_usage_error(c, "missing destination file operand after %s", cmd_quote(ops[0], q, sizeof q));
      return 1;
    }
    if (n > 2) {
      cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
      return 1;
    }
    return link_one(c, &o, ops[0], ops[1]);
  } else if (n == 1) {
    tdir = ".";
  } else {
    const char *last = ops[n - 1];
    acs__sys_stat st;
    bool isdir = false;
    if (o.no_deref) {
      isdir = acs_sys_lstat(last, &st) == 0 && S_ISDIR(st.mode);
    } else {
      int rc = acs_sys_stat(last, &st);
      isdir = rc == 0 && S_ISDIR(st.mode);
      if (n > 2 && !isdir) {
        cmd_error(c, "target %s: %s", cmd_quote(last, q, sizeof q), cmd_strerror(rc < 0 ? rc : -ENOTDIR));
        return 1;
      }
    }
    if (n > 2 && !isdir) {
      cmd_error(c, "target %s is not a directory", cmd_quote(last, q, sizeof q));
      return 1;
    }
    if (!isdir) return link_one(c, &o, ops[0], ops[1]);
    tdir = last;
    n--;
  }
  int status = 0;
  for (int i = 0; i < n; i++) {
    char *base = fileop_base(ops[i]);
    char *dest = base ? cmd_path_join(tdir, base) : NULL;
    if (!dest) {
      cmd_error(c, "%s", cmd_strerror(-ENOMEM));
      free(base);
      return 1;
    }
    status |= link_one(c, &o, ops[i], dest);
    free(base);
    free(dest);
  }
  return status;
}

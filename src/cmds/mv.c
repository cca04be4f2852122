/* mv.c - move (rename) files.
**
** Usage: mv [OPTION]... [-T] SOURCE DEST
**   or:  mv [OPTION]... SOURCE... DIRECTORY
**   or:  mv [OPTION]... -t DIRECTORY SOURCE...
** Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.
**
** Mandatory arguments to long options are mandatory for short options too.
**       --backup[=CONTROL]       make a backup of each existing destination file
**   -b                           like --backup but does not accept an argument
**   -f, --force                  do not prompt before overwriting
**   -i, --interactive            prompt before overwrite
**   -n, --no-clobber             do not overwrite an existing file
** If you specify more than one of -i, -f, -n, only the final one takes effect.
**       --strip-trailing-slashes  remove any trailing slashes from each SOURCE
**                                  argument
**   -S, --suffix=SUFFIX          override the usual backup suffix
**   -t, --target-directory=DIRECTORY  move all SOURCE arguments into DIRECTORY
**   -T, --no-target-directory    treat DEST as a normal file
**   -u, --update                 move only when the SOURCE file is newer
**                                  than the destination file or when the
**                                  destination file is missing
**   -v, --verbose                explain what is being done
**       --help        display this help and exit
**       --version     output version information and exit
**
** The backup suffix is '~', unless set with --suffix or SIMPLE_BACKUP_SUFFIX.
** The version control method may be selected via the --backup option or through
** the VERSION_CONTROL environment variable: none (off), numbered (t),
** existing (nil), simple (never).
*/

/* GNU coreutils' mv as rename(2); across file systems (memfs and a host
** mount, two mounts) a copy with modes and times, then the source
** removed, as GNU's mv does. The checks GNU makes before
** renaming give its messages: the same file, a directory into itself, a
** directory over a non-directory and the reverse. Without -f or -i, a
** destination that is not writable is asked about only when stdin is a
** terminal, as GNU does. */
#include "cmd.h"
#include "lib_backup.h"
#include "lib_fileop.h"
#include "lib_mode.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { OPT_STRIP = 256, OPT_BACKUP };
enum { CLOBBER_ASK_TTY, CLOBBER_FORCE, CLOBBER_ASK, CLOBBER_NO };

typedef struct opts {
  int clobber, backup;
  const char *suffix;
  bool update, verbose, strip, no_target, stdin_tty;
} opts;

/* dst lies inside the directory src (or is it) */
static bool inside(const char *src, const char *dst)
{
  char a[4096];
  int err;
  if (acs_sys_realpath(src, a, sizeof a) < 0) return false;
  char *b = fileop_canon_missing(dst, &err);
  if (!b) return false;
  size_t n = strlen(a);
  bool in = !strncmp(a, b, n) && (b[n] == '/' || b[n] == 0 || (n == 1 && a[0] == '/'));
  free(b);
  return in;
}

int acs__cmd_cp(acs_cmd *c, int argc, char **argv);
int acs__cmd_rm(acs_cmd *c, int argc, char **argv);

/* rename(2) said EXDEV: cp -dR --preserve=mode,timestamps, then rm -rf
** of the source (ownership is not kept, as GNU's mv does not insist on it
** where the target cannot hold it). What replaced goes first, as rename
** would replace it: a directory only when empty. */
static int move_across(acs_cmd *c, const char *src, const char *dst, bool exists, bool dst_dir)
{
  char q1[4096], q2[4096];
  int rc = !exists ? 0 : dst_dir ? acs_sys_rmdir(dst) : acs_sys_unlink(dst);
  if (rc < 0) {
    if (rc == -EEXIST) rc = -ENOTEMPTY;
    cmd_error(c, "cannot move %s to %s: %s", cmd_quote(src, q1, sizeof q1), cmd_quote(dst, q2, sizeof q2),
              cmd_strerror(rc));
    return 1;
  }
  char *cpv[] = {"cp", "-dR", "--preserve=mode,timestamps", "--", (char *)src, (char *)dst, NULL};
  if (acs__cmd_cp(c, 6, cpv)) return 1;
  char *rmv[] = {"rm", "-rf", "--", (char *)src, NULL};
  return acs__cmd_rm(c, 4, rmv) ? 1 : 0;
}

static int move(acs_cmd *c, const opts *o, const char *src, const char *dst)
{
  char q1[4096], q2[4096];
  acs__sys_stat s, d;
  int rc = acs_sys_lstat(src, &s);
  if (rc < 0) {
    cmd_error(c, "cannot stat %s: %s", cmd_quote(src, q1, sizeof q1), cmd_strerror(rc));
    return 1;
  }
  rc = acs_sys_lstat(dst, &d);
  bool exists = rc == 0;
  if (rc < 0 && rc != -ENOENT) {
    /* a destination mv cannot look at (ENOTDIR, EACCES): GNU says so */
    cmd_error(c, "cannot stat %s: %s", cmd_quote(dst, q1, sizeof q1), cmd_strerror(rc));
    return 1;
  }
  if (exists) {
    if (s.dev == d.dev && s.ino == d.ino) {
      cmd_error(c, "%s and %s are the same file", cmd_quote(src, q1, sizeof q1), cmd_quote(dst, q2, sizeof q2));
      return 1;
    }
    if (o->clobber == CLOBBER_NO) return 0;
    if (o->update && !S_ISDIR(s.mode) &&
        (d.mtime_s > s.mtime_s || (d.mtime_s == s.mtime_s && d.mtime_ns >= s.mtime_ns)))
      return 0;
    if (o->clobber == CLOBBER_ASK) {
      if (!fileop_ask(c, "overwrite %s? ", cmd_quote(dst, q1, sizeof q1))) return 0;
    } else if (o->clobber == CLOBBER_ASK_TTY && o->stdin_tty && !S_ISLNK(d.mode) &&
               acs_sys_access(dst, W_OK) == -EACCES) {
      char m[11];
      mode_string(d.mode, m);
      if (!fileop_ask(c, "replace %s, overriding mode %04o (%s)? ", cmd_quote(dst, q1, sizeof q1),
                      d.mode & 07777, m + 1))
        return 0;
    }
    if (S_ISDIR(s.mode) && !S_ISDIR(d.mode)) {
      cmd_error(c, "cannot overwrite non-directory %s with directory %s", cmd_quote(dst, q1, sizeof q1),
                cmd_quote(src, q2, sizeof q2));
      return 1;
    }
    if (!S_ISDIR(s.mode) && S_ISDIR(d.mode)) {
      cmd_error(c, "cannot overwrite directory %s with non-directory", cmd_quote(dst, q1, sizeof q1));
      return 1;
    }
  }
  if (S_ISDIR(s.mode) && inside(src, dst)) {
    cmd_error(c, "cannot move %s to a subdirectory of itself, %s", cmd_quote(src, q1, sizeof q1),
              cmd_quote(dst, q2, sizeof q2));
    return 1;
  }
  char *backup = exists ? backup_name(dst, o->backup, o->suffix) : NULL;
  if (backup && (rc = acs_sys_rename(dst, backup)) < 0) {
    cmd_error(c, "cannot backup %s: %s", cmd_quote(dst, q1, sizeof q1), cmd_strerror(rc));
    free(backup);
    return 1;
  }
  rc = acs_sys_rename(src, dst);
  if (rc == -EXDEV) {
    free(backup);
    return move_across(c, src, dst, exists && !backup, exists && S_ISDIR(d.mode));
  }
  if (rc < 0) {
    if (backup) acs_sys_rename(backup, dst); /* put it back */
    free(backup);
    if (rc == -EEXIST) rc = -ENOTEMPTY;
    cmd_error(c, "cannot move %s to %s: %s", cmd_quote(src, q1, sizeof q1), cmd_quote(dst, q2, sizeof q2),
              cmd_strerror(rc));
    return 1;
  }
  if (o->verbose) {
    cmd_printf(c, "renamed %s -> %s", cmd_quote(src, q1, sizeof q1), cmd_quote(dst, q2, sizeof q2));
    if (backup) cmd_printf(c, " (backup: %s)", cmd_quote(backup, q1, sizeof q1));
    cmd_putc(c, '\n');
  }
  free(backup);
  return 0;
}

static void strip_slashes(char *s)
{
  size_t n = strlen(s);
  while (n > 1 && s[n - 1] == '/') s[--n] = 0;
}

int acs__cmd_mv(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"backup", OPT_BACKUP, CMD_OPTARG},
                                  {"suffix", 'S', CMD_ARG},
                                  {"force", 'f', CMD_NOARG},
                                  {"interactive", 'i', CMD_NOARG},
                                  {"no-clobber", 'n', CMD_NOARG},
                                  {"strip-trailing-slashes", OPT_STRIP, CMD_NOARG},
                                  {"target-directory", 't', CMD_ARG},
                                  {"no-target-directory", 'T', CMD_NOARG},
                                  {"update", 'u', CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG},
                                  {0}};
  opts o = {0};
  const char *tdir = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bfinS:t:TuvZ", longs);
  bool backups = false;
  const char *backup_arg = NULL;
  int opt;
  char q[4096];
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'b': backups = true; break;
    case OPT_BACKUP: backups = true, backup_arg = g.arg; break;
    case 'S': backups = true, o.suffix = g.arg; break;
    case 'f': o.clobber = CLOBBER_FORCE; break;
    case 'i': o.clobber = CLOBBER_ASK; break;
    case 'n': o.clobber = CLOBBER_NO; break;
    case OPT_STRIP: o.strip = true; break;
    case 't':
      if (tdir) {
        cmd_error(c, "multiple target directories specified");
        return 1;
      }
      tdir = g.arg;
      break;
    case 'T': o.no_target = true; break;
    case 'u': o.update = true; break;
    case 'v': o.verbose = true; break;
    case 'Z': break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  o.stdin_tty = fileop_isatty(0);
  if (backups) {
    if (o.clobber == CLOBBER_NO) {
      cmd_usage_error(c, "options --backup and --no-clobber are mutually exclusive");
      return 1;
    }
    if ((o.backup = backup_kind(c, backup_arg)) < 0) return 1;
    o.suffix = backup_suffix(o.suffix);
  }
  char **ops = cmd_operands(&g);
  int n = g.nops;
  if (o.strip)
    for (int i = 0; i < n; i++) strip_slashes(ops[i]);
  if (tdir && o.no_target) {
    cmd_error(c, "cannot combine --target-directory (-t) and --no-target-directory (-T)");
    return 1;
  }
  if (n == 0) {
    cmd_usage_error(c, "missing file operand");
    return 1;
  }
  if (!tdir && n == 1) {
    cmd_usage_error(c, "missing destination file operand after %s", cmd_quote(ops[0], q, sizeof q));
    return 1;
  }
  acs__sys_stat st;
  if (tdir) {
    int rc = acs_sys_stat(tdir, &st);
    if (rc < 0 || !S_ISDIR(st.mode)) {
      cmd_error(c, "target directory %s: %s", cmd_quote(tdir, q, sizeof q), cmd_strerror(rc < 0 ? rc : -ENOTDIR));
      return 1;
    }
  } else if (o.no_target) {
    if (n > 2) {
      cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
      return 1;
    }
    return move(c, &o, ops[0], ops[1]);
  } else {
    const char *last = ops[n - 1];
    int rc = acs_sys_stat(last, &st);
    bool isdir = rc == 0 && S_ISDIR(st.mode);
    if (!isdir) {
      if (n > 2) {
        cmd_error(c, "target %s: %s", cmd_quote(last, q, sizeof q), cmd_strerror(rc < 0 ? rc : -ENOTDIR));
        return 1;
      }
      return move(c, &o, ops[0], ops[1]);
    }
    tdir = last;
    n--;
  }
  int status = 0;
  for (int i = 0; i < n && !cmd_out_error(c); i++) {
    char *base = fileop_base(ops[i]);
    char *dst = base ? cmd_path_join(tdir, base) : NULL;
    if (!dst) {
      free(base);
      cmd_error(c, "%s", cmd_strerror(-ENOMEM));
      return 1;
    }
    status |= move(c, &o, ops[i], dst);
    free(base);
    free(dst);
  }
  return status;
}

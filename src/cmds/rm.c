/* rm.c - remove files or directories.
**
** Usage: rm [OPTION]... [FILE]...
** Remove (unlink) the FILE(s).
**
**   -f, --force           ignore nonexistent files and arguments, never prompt
**   -i                    prompt before every removal
**   -I                    prompt once before removing more than three files, or
**                           when removing recursively; less intrusive than -i,
**                           while still giving protection against most mistakes
**       --interactive[=WHEN]  prompt according to WHEN: never, once (-I), or
**                           always (-i); without WHEN, prompt always
**       --one-file-system  (accepted: the box has one file system)
**       --no-preserve-root  do not treat '/' specially
**       --preserve-root[=all]  do not remove '/' (default)
**   -r, -R, --recursive   remove directories and their contents recursively
**   -d, --dir             remove empty directories
**   -v, --verbose         explain what is being done
**       --help        display this help and exit
**       --version     output version information and exit
**
** By default, rm does not remove directories.  Use the --recursive (-r or -R)
** option to remove each listed directory, too, along with all of its contents.
**
** To remove a file whose name starts with a '-', for example '-foo',
** use one of these commands:
**   rm -- -foo
**
**   rm ./-foo
*/

/* GNU coreutils' rm. Prompts read a line from stdin (GNU's yesno), so
** without a terminal and with nothing on stdin every answer is no; a
** write-protected file is asked about only when stdin is a terminal.
** A directory whose contents could not all go is not reported again when
** its own removal then fails, as GNU does not. */
#include "cmd.h"
#include "lib_fileop.h"
#include "lib_mode.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { OPT_INTERACTIVE = 256, OPT_ONE_FS, OPT_NO_PRESERVE, OPT_PRESERVE };
enum { ASK_NEVER, ASK_ONCE, ASK_ALWAYS };

typedef struct opts {
  bool force, recursive, dir, verbose, preserve_root, stdin_tty;
  int ask;
  acs__sys_stat root;
  bool have_root;
} opts;

static bool missing_ok(const opts *o, int err) { return o->force && (err == -ENOENT || err == -ENOTDIR); }

static int report(acs_cmd *c, const opts *o, const char *path, int err)
{
  char q[4096];
  if (missing_ok(o, err)) return 0;
  cmd_error(c, "cannot remove %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(err));
  return 1;
}

/* The prompt for path of status st, or true when none is needed.
** what: 'f' a file or an empty directory, 'd' descending, 'r' a directory
** after its contents. */
static bool confirm(acs_cmd *c, const opts *o, const char *path, const acs__sys_stat *st, char what)
{
  char q[4096];
  bool protected_ = false;
  if (o->force) return true;
  if (!S_ISLNK(st->mode) && o->stdin_tty && acs_sys_access(path, W_OK) == -EACCES) protected_ = true;
  if (o->ask != ASK_ALWAYS && !protected_) return true;
  const char *kind = mode_type_name(st->mode, st->size);
  cmd_quote(path, q, sizeof q);
  if (what == 'd')
    return fileop_ask(c, "descend into %sdirectory %s? ", protected_ ? "write-protected " : "", q);
  return fileop_ask(c, "remove %s%s %s? ", protected_ ? "write-protected " : "", kind, q);
}

/* a DT_* type as the st_mode of its kind; false when unknown */
static bool type_mode(unsigned type, uint32_t *mode)
{
  switch (type) {
  case DT_DIR: *mode = S_IFDIR; return true;
  case DT_REG: *mode = S_IFREG; return true;
  case DT_LNK: *mode = S_IFLNK; return true;
  case DT_FIFO: *mode = S_IFIFO; return true;
  case DT_SOCK: *mode = S_IFSOCK; return true;
  case DT_CHR: *mode = S_IFCHR; return true;
  case DT_BLK: *mode = S_IFBLK; return true;
  default: return false;
  }
}

static bool dot_or_dotdot(const char *path)
{
  size_t n = strlen(path);
  while (n > 1 && path[n - 1] == '/') n--;
  size_t s = n;
  while (s > 0 && path[s - 1] != '/') s--;
  return (n - s == 1 && path[s] == '.') || (n - s == 2 && path[s] == '.' && path[s + 1] == '.');
}

/* 0 removed (or skipped by an answer), 1 a failure reported, 2 a failure
** below already reported */
static int remove_path(acs_cmd *c, const opts *o, const char *path, const acs__sys_stat *st);

/* Quoted names for the messages: one buffer, not one per level of a
** tree that may be 2000 directories deep (8 MB of stack). */
static char q[4096];

/* Below a path longer than the kernel takes (a tree made by relative
** steps can be deeper than 4095 bytes, as on Linux): the rest by
** descriptor, name by name from its parent's; shown is the whole path,
** for the messages only. */
static int remove_at(acs_cmd *c, const opts *o, int dirfd, const char *name, const char *shown)
{
  acs__sys_stat st;
  int rc = acs_sys_statat(dirfd, name, AT_SYMLINK_NOFOLLOW, &st);
  if (rc < 0) return report(c, o, shown, rc);
  if (!S_ISDIR(st.mode) || !o->recursive) {
    if (S_ISDIR(st.mode) && !o->dir) return report(c, o, shown, -EISDIR);
    if (!confirm(c, o, shown, &st, 'f')) return 0;
    rc = acs_sys_unlinkat(dirfd, name, S_ISDIR(st.mode) ? AT_REMOVEDIR : 0);
    if (rc < 0) return report(c, o, shown, rc);
    if (o->verbose) cmd_printf(c, "removed %s%s\n", S_ISDIR(st.mode) ? "directory " : "",
                               cmd_quote(shown, q, sizeof q));
    return 0;
  }
  int fd = acs_sys_openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
  cmd_dirent *ents = NULL;
  size_t n = 0;
  rc = fd < 0 ? fd : cmd_dir_read_fd(fd, &ents, &n);
  if (rc < 0) {
    if (fd >= 0) acs_sys_close(fd);
    if (acs_sys_unlinkat(dirfd, name, AT_REMOVEDIR) == 0) return 0;
    return report(c, o, shown, rc);
  }
  if (n > 0 && !confirm(c, o, shown, &st, 'd')) {
    cmd_dir_free(ents, n);
    acs_sys_close(fd);
    return 0;
  }
  bool below = false;
  for (size_t i = 0; i < n && !cmd_out_error(c); i++) {
    char *p = cmd_path_join(shown, ents[i].name);
    if (!p || remove_at(c, o, fd, ents[i].name, p) != 0) below = true;
    free(p);
  }
  cmd_dir_free(ents, n);
  acs_sys_close(fd);
  if (!confirm(c, o, shown, &st, 'r')) return 0;
  rc = acs_sys_unlinkat(dirfd, name, AT_REMOVEDIR);
  if (rc < 0) return below && rc == -ENOTEMPTY ? 2 : report(c, o, shown, rc);
  if (o->verbose) cmd_printf(c, "removed directory %s\n", cmd_quote(shown, q, sizeof q));
  return 0;
}

static int remove_dir(acs_cmd *c, const opts *o, const char *path, const acs__sys_stat *st)
{
  cmd_dirent *ents = NULL;
  size_t n = 0;
  int rc = cmd_dir_read(path, &ents, &n);
  if (rc < 0) {
    /* an unreadable directory may still be empty and removable */
    if (acs_sys_rmdir(path) == 0) goto removed;
    return report(c, o, path, rc);
  }
  if (n > 0 && !confirm(c, o, path, st, 'd')) {
    cmd_dir_free(ents, n);
    return 0;
  }
  bool below = false;
  int dirfd = -1; /* path's own, once a name below it is too long to reach by path */
  for (size_t i = 0; i < n; i++) {
    char *p = cmd_path_join(path, ents[i].name);
    if (p && strlen(p) > ACS__SYS_MAX_STR) {
      if (dirfd < 0) dirfd = acs_sys_open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
      if (dirfd < 0 ? (report(c, o, p, dirfd), true) : remove_at(c, o, dirfd, ents[i].name, p) != 0)
        below = true;
      free(p);
      if (cmd_out_error(c)) break;
      continue;
    }
    acs__sys_stat cst = {0};
    int r = p ? 0 : -ENOMEM;
    /* the directory's type is enough unless a prompt needs the file's kind */
    if (p && (o->ask == ASK_ALWAYS || o->stdin_tty || !type_mode(ents[i].type, &cst.mode))) r = acs_sys_lstat(p, &cst);
    if (r < 0) {
      report(c, o, p ? p : path, r);
      below = true;
    } else if (remove_path(c, o, p, &cst) != 0) {
      below = true;
    }
    free(p);
    if (cmd_out_error(c)) break;
  }
  cmd_dir_free(ents, n);
  if (dirfd >= 0) acs_sys_close(dirfd);
  if (!confirm(c, o, path, st, 'r')) return 0;
  rc = acs_sys_rmdir(path);
  if (rc < 0) {
    if (below && rc == -ENOTEMPTY) return 2;
    return report(c, o, path, rc);
  }
removed:
  if (o->verbose) cmd_printf(c, "removed directory %s\n", cmd_quote(path, q, sizeof q));
  return 0;
}

static int remove_path(acs_cmd *c, const opts *o, const char *path, const acs__sys_stat *st)
{
  if (S_ISDIR(st->mode)) {
    if (o->recursive) return remove_dir(c, o, path, st);
    if (!o->dir) return report(c, o, path, -EISDIR);
    if (!confirm(c, o, path, st, 'f')) return 0;
    int rc = acs_sys_rmdir(path);
    if (rc < 0) return report(c, o, path, rc);
    if (o->verbose) cmd_printf(c, "removed directory %s\n", cmd_quote(path, q, sizeof q));
    return 0;
  }
  if (!confirm(c, o, path, st, 'f')) return 0;
  int rc = acs_sys_unlink(path);
  if (rc < 0) return report(c, o, path, rc);
  if (o->verbose) cmd_printf(c, "removed %s\n", cmd_quote(path, q, sizeof q));
  return 0;
}

int acs__cmd_rm(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"force", 'f', CMD_NOARG},
                                  {"interactive", OPT_INTERACTIVE, CMD_OPTARG},
                                  {"one-file-system", OPT_ONE_FS, CMD_NOARG},
                                  {"no-preserve-root", OPT_NO_PRESERVE, CMD_NOARG},
                                  {"preserve-root", OPT_PRESERVE, CMD_OPTARG},
                                  {"recursive", 'r', CMD_NOARG},
                                  {"dir", 'd', CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG},
                                  {0}};
  opts o = {.preserve_root = true};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "fiIrRdv", longs);
  int opt;
  char q[4096];
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'f': o.force = true, o.ask = ASK_NEVER; break;
    case 'i': o.ask = ASK_ALWAYS, o.force = false; break;
    case 'I': o.ask = ASK_ONCE, o.force = false; break;
    case 'r':
    case 'R': o.recursive = true; break;
    case 'd': o.dir = true; break;
    case 'v': o.verbose = true; break;
    case OPT_ONE_FS: break;
    case OPT_NO_PRESERVE: o.preserve_root = false; break;
    case OPT_PRESERVE:
      if (g.arg && strcmp(g.arg, "all")) {
        cmd_error(c, "unrecognized --preserve-root argument: %s", cmd_quotef(g.arg, q, sizeof q));
        return 1;
      }
      o.preserve_root = true;
      break;
    case OPT_INTERACTIVE:
      if (!g.arg || !strcmp(g.arg, "always") || !strcmp(g.arg, "yes")) o.ask = ASK_ALWAYS, o.force = false;
      else if (!strcmp(g.arg, "once")) o.ask = ASK_ONCE, o.force = false;
      else if (!strcmp(g.arg, "never") || !strcmp(g.arg, "no") || !strcmp(g.arg, "none")) o.ask = ASK_NEVER;
      else {
        cmd_error(c, "invalid argument %s for '--interactive'", cmd_quote(g.arg, q, sizeof q));
        static const char valid[] = "Valid arguments are:\n  - 'never', 'no', 'none'\n  - 'once'\n"
                                    "  - 'always', 'yes'\n";
        acs_sys_write_all(2, valid, sizeof valid - 1);
        int n = snprintf(q, sizeof q, "Try '%s --help' for more information.\n", c->name);
        if (n > 0 && (size_t)n < sizeof q) acs_sys_write_all(2, q, (size_t)n);
        return 1;
      }
      break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops == 0) {
    if (o.force) return 0;
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  o.stdin_tty = fileop_isatty(0);
  o.have_root = acs_sys_lstat("/", &o.root) == 0;
  char **ops = cmd_operands(&g);
  if (o.ask == ASK_ONCE && (g.nops > 3 || o.recursive)) {
    if (!fileop_ask(c, "remove %d argument%s%s? ", g.nops, g.nops == 1 ? "" : "s", o.recursive ? " recursively" : ""))
      return 0;
  }
  int status = 0;
  for (int i = 0; i < g.nops && !cmd_out_error(c); i++) {
    const char *path = ops[i];
    acs__sys_stat st;
    if (o.recursive && dot_or_dotdot(path)) {
      cmd_error(c, "refusing to remove '.' or '..' directory: skipping %s", cmd_quote(path, q, sizeof q));
      status = 1;
      continue;
    }
    int rc = acs_sys_lstat(path, &st);
    if (rc < 0) {
      status |= report(c, &o, path, rc);
      continue;
    }
    if (o.recursive && o.preserve_root && o.have_root && st.dev == o.root.dev && st.ino == o.root.ino) {
      if (!strcmp(path, "/")) cmd_error(c, "it is dangerous to operate recursively on '/'");
      else cmd_error(c, "it is dangerous to operate recursively on %s (same as '/')", cmd_quote(path, q, sizeof q));
      cmd_error(c, "use --no-preserve-root to override this failsafe");
      status = 1;
      continue;
    }
    /* a trailing slash on a non-directory is ENOTDIR, as unlink says */
    size_t len = strlen(path);
    if (len && path[len - 1] == '/' && !S_ISDIR(st.mode)) {
      acs__sys_stat t;
      if (!S_ISLNK(st.mode) || acs_sys_stat(path, &t) < 0 || !S_ISDIR(t.mode)) {
        status |= report(c, &o, path, -ENOTDIR);
        continue;
      }
    }
    status |= remove_path(c, &o, path, &st) != 0;
  }
  return status;
}

/* cp.c - copy files and directories.
**
** Usage: cp [OPTION]... [-T] SOURCE DEST
**   or:  cp [OPTION]... SOURCE... DIRECTORY
**   or:  cp [OPTION]... -t DIRECTORY SOURCE...
** Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -a, --archive                same as -dR --preserve=all
**       --backup[=CONTROL]       make a backup of each existing destination file
**   -b                           like --backup but does not accept an argument
**   -d                           same as --no-dereference --preserve=links
**   -f, --force                  if an existing destination file cannot be
**                                  opened, remove it and try again (this option
**                                  is ignored when the -n option is also used)
**   -i, --interactive            prompt before overwrite (overrides a previous -n
**                                   option)
**   -H                           follow command-line symbolic links in SOURCE
**   -l, --link                   hard link files instead of copying
**   -L, --dereference            always follow symbolic links in SOURCE
**   -n, --no-clobber             do not overwrite an existing file (overrides
**                                  a previous -i option)
**   -P, --no-dereference         never follow symbolic links in SOURCE
**   -p                           same as --preserve=mode,ownership,timestamps
**       --parents                use full source file name under DIRECTORY
**       --preserve[=ATTR_LIST]   preserve the specified attributes (default:
**                                  mode,ownership,timestamps), if possible
**                                  additional attributes: links, all
**       --no-preserve=ATTR_LIST  don't preserve the specified attributes
**   -R, -r, --recursive          copy directories recursively
**       --reflink[=WHEN]         (accepted: memfs has no shared extents)
**       --remove-destination     remove each existing destination file before
**                                  attempting to open it (contrast with --force)
**   -s, --symbolic-link          make symbolic links instead of copying
**   -S, --suffix=SUFFIX          override the usual backup suffix
**       --sparse=WHEN            (accepted: memfs keeps no holes)
**   -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
**   -T, --no-target-directory    treat DEST as a normal file
**   -u, --update                 copy only when the SOURCE file is newer
**                                  than the destination file or when the
**                                  destination file is missing
**   -v, --verbose                explain what is being done
**   -x, --one-file-system        (accepted: the box has one file system)
**       --help        display this help and exit
**       --version     output version information and exit
**
** By default, symbolic links in SOURCE are followed, except with -R,
** which copies them as links unless -L or -H is given.
**
** The backup suffix is '~', unless set with --suffix or SIMPLE_BACKUP_SUFFIX.
** The version control method may be selected via the --backup option or through
** the VERSION_CONTROL environment variable.  Here are the values:
**
**   none, off       never make backups (even if --backup is given)
**   numbered, t     make numbered backups
**   existing, nil   numbered if numbered backups exist, simple otherwise
**   simple, never   always make simple backups
*/

/* GNU coreutils' cp. Directories are walked with the ancestors' device
** and inode kept, so that -L over a link to an ancestor stops with GNU's
** "cannot copy cyclic symbolic link" instead of looping, and a copy made
** inside its own source is not copied again ("cannot copy a directory,
** 'a', into itself, 'a/b/a'"). A directory made by the copy gets its
** final mode after its contents, so one without u+w can still be filled.
** With links preserved (-a, -d), a file of several names is copied once
** and linked under the others. */
#include "cmd.h"
#include "lib_backup.h"
#include "lib_fileop.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_BACKUP = 300 };
enum { OPT_PRESERVE = 256, OPT_NO_PRESERVE, OPT_REMOVE_DEST, OPT_STRIP, OPT_PARENTS, OPT_REFLINK, OPT_SPARSE };
enum { CLOBBER_YES, CLOBBER_ASK, CLOBBER_NO };

typedef struct seen {
  uint64_t dev, ino;
  char *dst;
} seen;

typedef struct cpo {
  bool recursive, force, remove_dest, verbose, update, no_target, hard, sym, parents;
  int clobber, backup;
  const char *suffix;
  char deref; /* 'L' always, 'P' never, 'H' operands only */
  bool p_mode, p_own, p_time, p_links;
  unsigned umask;
  bool root;
  /* the walk */
  const char *top_src, *top_dst;
  bool top_made;
  uint64_t top_dev, top_ino;
  seen *links;
  size_t nlinks, caplinks;
} cpo;

typedef struct anc {
  uint64_t dev, ino;
  const struct anc *up;
} anc;

static int copy(acs_cmd *c, cpo *o, const char *src, const char *dst, bool operand, const anc *up);
static int copy_one(acs_cmd *c, cpo *o, const char *src, const char *dst, const acs__sys_stat *s, bool exists);

static void verbose_b(acs_cmd *c, const cpo *o, const char *src, const char *dst, const char *backup)
{
  char q1[4096], q2[4096], q3[4096];
  if (!o->verbose) return;
  cmd_printf(c, "%s -> %s", cmd_quote(src, q1, sizeof q1), cmd_quote(dst, q2, sizeof q2));
  if (backup) cmd_printf(c, " (backup: %s)", cmd_quote(backup, q3, sizeof q3));
  cmd_putc(c, '\n');
}

static void verbose(acs_cmd *c, const cpo *o, const char *src, const char *dst) { verbose_b(c, o, src, dst, NULL); }

static int fail(acs_cmd *c, const char *what, const char *path, int err)
{
  char q[4096];
  cmd_error(c, "%s %s: %s", what, cmd_quote(path, q, sizeof q), cmd_strerror(err));
  return 1;
}

static void attrs(acs_cmd *c, const cpo *o, const char *dst, const acs__sys_stat *s, bool link)
{
  int fl = link ? AT_SYMLINK_NOFOLLOW : 0;
  if (o->p_own) {
    int rc = acs_sys_chownat(AT_FDCWD, dst, s->uid, s->gid, fl);
    if (rc < 0 && o->root) fail(c, "failed to preserve ownership for", dst, rc);
  }
  if (o->p_mode && !link) acs_sys_chmod(dst, s->mode & 07777);
  if (o->p_time) {
    struct timespec ts[2] = {{s->atime_s, s->atime_ns}, {s->mtime_s, s->mtime_ns}};
    int rc = acs_sys_utimensat(AT_FDCWD, dst, ts, fl);
    if (rc < 0 && !link) fail(c, "preserving times for", dst, rc);
  }
}

static int copy_data(acs_cmd *c, const char *src, const char *dst, int in, int out)
{
  static char buf[ACS__SYS_MAX_DATA];
  for (;;) {
    ssize_t n = acs_sys_read(in, buf, sizeof buf);
    if (n == 0) return 0;
    if (n < 0) return fail(c, "error reading", src, (int)n);
    int rc = acs_sys_write_all(out, buf, (size_t)n);
    if (rc < 0) return fail(c, "error writing", dst, rc);
  }
}

/* the destination open for writing, created when missing (and, with
** -f, again after removing what could not be opened); -errno after the
** message */
static int open_dst(acs_cmd *c, const cpo *o, const char *dst, const acs__sys_stat *s, bool *exists)
{
  char q[4096];
  if (*exists) {
    int out = acs_sys_open(dst, O_WRONLY | O_TRUNC, 0);
    if (out >= 0) return out;
    if (!o->force) {
      cmd_error(c, "cannot open %s for writing: %s", cmd_quote(dst, q, sizeof q), cmd_strerror(out));
      return out;
    }
    acs_sys_unlink(dst);
    *exists = false;
  }
  size_t dl = strlen(dst);
  if (dl && dst[dl - 1] == '/') { /* a file cannot be "name/" */
    fail(c, "cannot create regular file", dst, -ENOTDIR);
    return -ENOTDIR;
  }
  int out = acs_sys_open(dst, O_WRONLY | O_CREAT | O_EXCL, s->mode & 0777);
  if (out < 0) fail(c, "cannot create regular file", dst, out);
  return out;
}

static int copy_file(acs_cmd *c, cpo *o, const char *src, const char *dst, const acs__sys_stat *s, bool exists)
{
  char q[4096];
  static char buf[ACS__SYS_MAX_DATA];
  /* a small file in two round trips: read it whole, write it whole */
  uint64_t size = 0;
  bool regular = false;
  ssize_t got = acs_sys_readfile(src, buf, sizeof buf, &size, &regular);
  if (got < 0) {
    cmd_error(c, "cannot open %s for reading: %s", cmd_quote(src, q, sizeof q), cmd_strerror((int)got));
    return 1;
  }
  if (regular && size == (uint64_t)got) {
    size_t dl = strlen(dst);
    if (!exists && !(dl && dst[dl - 1] == '/')) {
      int stage = 0;
      int rc = acs_sys_writefile(dst, O_WRONLY | O_CREAT | O_EXCL, s->mode & 0777, buf, (size_t)got, &stage);
      if (rc == 0) return 0;
      if (stage == 1) return fail(c, "error writing", dst, rc);
      return fail(c, "cannot create regular file", dst, rc);
    }
    int out = open_dst(c, o, dst, s, &exists);
    if (out < 0) return 1;
    int rc = acs_sys_write_all(out, buf, (size_t)got);
    int cr = acs_sys_close(out);
    if (rc < 0) return fail(c, "error writing", dst, rc);
    if (cr < 0) return fail(c, "failed to close", dst, cr);
    return 0;
  }
  int in = acs_sys_open(src, O_RDONLY, 0);
  if (in < 0) {
    cmd_error(c, "cannot open %s for reading: %s", cmd_quote(src, q, sizeof q), cmd_strerror(in));
    return 1;
  }
  int out = open_dst(c, o, dst, s, &exists);
  if (out < 0) {
    acs_sys_close(in);
    return 1;
  }
  int rc = copy_data(c, src, dst, in, out);
  acs_sys_close(in);
  int cr = acs_sys_close(out);
  if (!rc && cr < 0) rc = fail(c, "failed to close", dst, cr);
  return rc;
}

static int copy_dir(acs_cmd *c, cpo *o, const char *src, const char *dst, const acs__sys_stat *s, bool exists,
                    const anc *up)
{
  char q1[4096], q2[4096];
  for (const anc *a = up; a; a = a->up)
    if (a->dev == s->dev && a->ino == s->ino) {
      cmd_error(c, "cannot copy cyclic symbolic link %s", cmd_quote(src, q1, sizeof q1));
      return 1;
    }
  if (o->top_made && s->dev == o->top_dev && s->ino == o->top_ino) {
    cmd_error(c, "cannot copy a directory, %s, into itself, %s", cmd_quote(o->top_src, q1, sizeof q1),
              cmd_quote(o->top_dst, q2, sizeof q2));
    return 1;
  }
  bool made = false;
  if (!exists) {
    int rc = acs_sys_mkdir(dst, (s->mode & 0777) | 0700);
    if (rc < 0) return fail(c, "cannot create directory", dst, rc);
    made = true;
    verbose(c, o, src, dst);
    if (!o->top_made) {
      acs__sys_stat d;
      if (acs_sys_stat(dst, &d) == 0) o->top_made = true, o->top_dev = d.dev, o->top_ino = d.ino;
    }
  }
  cmd_dirent *ents = NULL;
  size_t n = 0;
  int rc = cmd_dir_read(src, &ents, &n), status = 0;
  if (rc < 0) {
    status = fail(c, "cannot access", src, rc);
  } else {
    anc here = {s->dev, s->ino, up};
    for (size_t i = 0; i < n && !cmd_out_error(c); i++) {
      char *sp = cmd_path_join(src, ents[i].name), *dp = cmd_path_join(dst, ents[i].name);
      if (sp && dp) status |= copy(c, o, sp, dp, false, &here);
      else status = 1;
      free(sp);
      free(dp);
    }
    cmd_dir_free(ents, n);
  }
  if (made) acs_sys_chmod(dst, o->p_mode ? s->mode & 07777 : s->mode & 0777 & ~o->umask);
  if (made || o->p_mode || o->p_time || o->p_own) attrs(c, o, dst, s, false);
  return status;
}

static const char *linked_before(cpo *o, const acs__sys_stat *s)
{
  for (size_t i = 0; i < o->nlinks; i++)
    if (o->links[i].dev == s->dev && o->links[i].ino == s->ino) return o->links[i].dst;
  return NULL;
}

static void remember(cpo *o, const acs__sys_stat *s, const char *dst)
{
  if (o->nlinks == o->caplinks) {
    size_t nc = o->caplinks ? o->caplinks * 2 : 16;
    seen *p = realloc(o->links, nc * sizeof *p);
    if (!p) return;
    o->links = p, o->caplinks = nc;
  }
  char *d = strdup(dst);
  if (d) o->links[o->nlinks++] = (seen){s->dev, s->ino, d};
}

static int copy(acs_cmd *c, cpo *o, const char *src, const char *dst, bool operand, const anc *up)
{
  char q1[4096], q2[4096];
  acs__sys_stat s, d;
  bool follow = o->deref == 'L' || (o->deref == 'H' && operand);
  int rc = follow ? acs_sys_stat(src, &s) : acs_sys_lstat(src, &s);
  if (rc < 0) return fail(c, "cannot stat", src, rc);
  if (S_ISDIR(s.mode) && !o->recursive) {
    cmd_error(c, "-r not specified; omitting directory %s", cmd_quote(src, q1, sizeof q1));
    return 1;
  }
  bool exists = acs_sys_lstat(dst, &d) == 0;
  if (exists && S_ISLNK(d.mode) && !S_ISDIR(s.mode) && !S_ISLNK(s.mode) && !o->hard && !o->sym &&
      !o->remove_dest) {
    /* writing through a link at the destination, as open(2) does */
    acs__sys_stat t;
    if (acs_sys_stat(dst, &t) == 0) d = t;
  }
  if (exists) {
    if (s.dev == d.dev && s.ino == d.ino && !(o->hard && !S_ISDIR(s.mode))) {
      cmd_error(c, "%s and %s are the same file", cmd_quote(src, q1, sizeof q1), cmd_quote(dst, q2, sizeof q2));
      return 1;
    }
    if (!S_ISDIR(s.mode) || !S_ISDIR(d.mode)) {
      if (o->clobber == CLOBBER_NO) return 0;
      if (o->update && (d.mtime_s > s.mtime_s || (d.mtime_s == s.mtime_s && d.mtime_ns >= s.mtime_ns))) return 0;
      if (o->clobber == CLOBBER_ASK && !fileop_ask(c, "overwrite %s? ", cmd_quote(dst, q1, sizeof q1))) return 0;
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
  if (S_ISDIR(s.mode)) return copy_dir(c, o, src, dst, &s, exists, up);
  char *backup = exists ? backup_name(dst, o->backup, o->suffix) : NULL;
  if (backup) {
    rc = acs_sys_rename(dst, backup);
    if (rc < 0) {
      free(backup);
      return fail(c, "cannot backup", dst, rc);
    }
    exists = false;
  }
  rc = copy_one(c, o, src, dst, &s, exists);
  if (rc == 0) verbose_b(c, o, src, dst, backup);
  free(backup);
  return rc;
}

/* a file that is not a directory, with dst gone or kept as exists says */
static int copy_one(acs_cmd *c, cpo *o, const char *src, const char *dst, const acs__sys_stat *sp, bool exists)
{
  char q1[4096], q2[4096];
  acs__sys_stat s = *sp;
  int rc;
  bool unlink_first = exists && (o->remove_dest || o->hard || o->sym || S_ISLNK(s.mode));
  if (o->p_links && s.nlink > 1) {
    const char *prev = linked_before(o, &s);
    if (prev) {
      if (exists) acs_sys_unlink(dst);
      rc = acs_sys_link(prev, dst);
      if (rc < 0) return fail(c, "cannot create hard link", dst, rc);
      return 0;
    }
  }
  if (unlink_first) {
    rc = acs_sys_unlink(dst);
    if (rc < 0 && rc != -ENOENT) return fail(c, "cannot remove", dst, rc);
    exists = false;
  }
  if (o->hard) {
    rc = acs_sys_link(src, dst);
    if (rc < 0) {
      cmd_error(c, "cannot create hard link %s to %s: %s", cmd_quote(dst, q1, sizeof q1),
                cmd_quote(src, q2, sizeof q2), cmd_strerror(rc));
      return 1;
    }
  } else if (o->sym) {
    rc = acs_sys_symlink(src, dst);
    if (rc < 0) return fail(c, "cannot create symbolic link", dst, rc);
  } else if (S_ISLNK(s.mode)) {
    char target[4096];
    ssize_t n = acs_sys_readlink(src, target, sizeof target - 1);
    if (n < 0) return fail(c, "cannot read symbolic link", src, (int)n);
    target[n] = 0;
    rc = acs_sys_symlink(target, dst);
    if (rc < 0) return fail(c, "cannot create symbolic link", dst, rc);
    if (o->p_own || o->p_time) attrs(c, o, dst, &s, true);
  } else if (S_ISREG(s.mode)) {
    if (copy_file(c, o, src, dst, &s, exists)) return 1;
    if (o->p_mode || o->p_own || o->p_time) attrs(c, o, dst, &s, false);
  } else {
    return fail(c, "cannot create special file", dst, -EPERM);
  }
  if (o->p_links && s.nlink > 1) remember(o, &s, dst);
  return 0;
}

/* --parents: DIR/SRC, with SRC's directories made under DIR as needed
** (their modes from the source's, as GNU; named unquoted with -v) */
static int copy_parents(acs_cmd *c, cpo *o, const char *src, const char *dir)
{
  char *dst = cmd_path_join(dir, src);
  if (!dst) return 1;
  size_t dl = strlen(dir) + (dir[0] && dir[strlen(dir) - 1] != '/');
  int status = 0;
  for (char *s = dst + dl; *s && !status; s++) {
    if (*s != '/') continue;
    *s = 0;
    const char *sp = dst + dl; /* the source's prefix */
    acs__sys_stat ss, ds;
    if (acs_sys_stat(dst, &ds) < 0) {
      int rc = acs_sys_stat(sp, &ss);
      if (rc < 0) status = fail(c, "cannot stat", sp, rc);
      else if ((rc = acs_sys_mkdir(dst, (ss.mode & 0777) | 0700)) < 0) status = fail(c, "cannot make directory", dst, rc);
      else {
        acs_sys_chmod(dst, o->p_mode ? ss.mode & 07777 : ss.mode & 0777 & ~o->umask);
        if (o->p_time || o->p_own) attrs(c, o, dst, &ss, false);
        if (o->verbose) cmd_printf(c, "%s -> %s\n", sp, dst);
      }
    } else if (!S_ISDIR(ds.mode)) {
      status = fail(c, "cannot make directory", dst, -ENOTDIR);
    }
    *s = '/';
  }
  if (!status) {
    o->top_src = src, o->top_dst = dst, o->top_made = false;
    status = copy(c, o, src, dst, true, NULL);
  }
  free(dst);
  return status;
}

static bool preserve_list(acs_cmd *c, cpo *o, const char *list, bool on)
{
  char *dup = strdup(list ? list : "mode,ownership,timestamps");
  if (!dup) return false;
  bool ok = true;
  for (char *save = NULL, *w = strtok_r(dup, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
    if (!strcmp(w, "mode")) o->p_mode = on;
    else if (!strcmp(w, "ownership")) o->p_own = on;
    else if (!strcmp(w, "timestamps")) o->p_time = on;
    else if (!strcmp(w, "links")) o->p_links = on;
    else if (!strcmp(w, "all")) o->p_mode = o->p_own = o->p_time = o->p_links = on;
    else if (!strcmp(w, "context") || !strcmp(w, "xattr")) {
    } else {
      char q[1024];
      cmd_error(c, "invalid argument %s for '--%spreserve'", cmd_quote(w, q, sizeof q), on ? "" : "no-");
      static const char valid[] = "Valid arguments are:\n  - 'mode'\n  - 'timestamps'\n  - 'ownership'\n"
                                  "  - 'links'\n  - 'context'\n  - 'xattr'\n  - 'all'\n";
      acs_sys_write_all(2, valid, sizeof valid - 1);
      int n = snprintf(q, sizeof q, "Try '%s --help' for more information.\n", c->name);
      if (n > 0 && (size_t)n < sizeof q) acs_sys_write_all(2, q, (size_t)n);
      ok = false;
      break;
    }
  }
  free(dup);
  return ok;
}

int acs__cmd_cp(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"archive", 'a', CMD_NOARG},
                                  {"backup", OPT_BACKUP, CMD_OPTARG},
                                  {"suffix", 'S', CMD_ARG},
                                  {"force", 'f', CMD_NOARG},
                                  {"interactive", 'i', CMD_NOARG},
                                  {"link", 'l', CMD_NOARG},
                                  {"dereference", 'L', CMD_NOARG},
                                  {"no-clobber", 'n', CMD_NOARG},
                                  {"no-dereference", 'P', CMD_NOARG},
                                  {"preserve", OPT_PRESERVE, CMD_OPTARG},
                                  {"no-preserve", OPT_NO_PRESERVE, CMD_ARG},
                                  {"recursive", 'R', CMD_NOARG},
                                  {"remove-destination", OPT_REMOVE_DEST, CMD_NOARG},
                                  {"strip-trailing-slashes", OPT_STRIP, CMD_NOARG},
                                  {"symbolic-link", 's', CMD_NOARG},
                                  {"target-directory", 't', CMD_ARG},
                                  {"no-target-directory", 'T', CMD_NOARG},
                                  {"update", 'u', CMD_OPTARG},
                                  {"verbose", 'v', CMD_NOARG},
                                  {"one-file-system", 'x', CMD_NOARG},
                                  {"parents", OPT_PARENTS, CMD_NOARG},
                                  {"reflink", OPT_REFLINK, CMD_OPTARG},
                                  {"sparse", OPT_SPARSE, CMD_ARG},
                                  {0}};
  cpo o = {0};
  const char *tdir = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "abdfHilLnPpRrS:st:TuvxZ", longs);
  bool backups = false;
  const char *backup_arg = NULL;
  int opt;
  char q[4096];
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': o.recursive = true, o.deref = 'P', o.p_mode = o.p_own = o.p_time = o.p_links = true; break;
    case 'd': o.deref = 'P', o.p_links = true; break;
    case 'b': backups = true; break;
    case OPT_BACKUP: backups = true, backup_arg = g.arg; break;
    case 'S': backups = true, o.suffix = g.arg; break;
    case 'f': o.force = true; break;
    case 'i': o.clobber = CLOBBER_ASK; break;
    case 'H': o.deref = 'H'; break;
    case 'l': o.hard = true; break;
    case 'L': o.deref = 'L'; break;
    case 'n': o.clobber = CLOBBER_NO; break;
    case 'P': o.deref = 'P'; break;
    case 'p': o.p_mode = o.p_own = o.p_time = true; break;
    case OPT_PRESERVE:
      if (!preserve_list(c, &o, g.arg, true)) return 1;
      break;
    case OPT_NO_PRESERVE:
      if (!preserve_list(c, &o, g.arg, false)) return 1;
      break;
    case 'R':
    case 'r': o.recursive = true; break;
    case OPT_REMOVE_DEST: o.remove_dest = true; break;
    case OPT_STRIP: break;
    case 's': o.sym = true; break;
    case 't': tdir = g.arg; break;
    case 'T': o.no_target = true; break;
    case 'u': o.update = !g.arg || strcmp(g.arg, "all"); break;
    case 'v': o.verbose = true; break;
    case OPT_PARENTS: o.parents = true; break;
    case OPT_REFLINK:
    case OPT_SPARSE: break; /* memfs has no shared extents nor holes to keep */
    case 'x':
    case 'Z': break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (!o.deref) o.deref = o.recursive ? 'P' : 'L';
  if (backups) {
    if (o.clobber == CLOBBER_NO) {
      cmd_usage_error(c, "options --backup and --no-clobber are mutually exclusive");
      return 1;
    }
    if ((o.backup = backup_kind(c, backup_arg)) < 0) return 1;
    o.suffix = backup_suffix(o.suffix);
  }
  if (o.hard && o.sym) {
    cmd_usage_error(c, "cannot make both hard and symbolic links");
    return 1;
  }
  o.umask = (unsigned)acs_sys_umask(0);
  acs_sys_umask(o.umask);
  acs_sys_ids ids;
  o.root = acs_sys_getids(&ids) == 0 && ids.euid == 0;
  char **ops = cmd_operands(&g);
  int n = g.nops;
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
  int status = 0;
  if (tdir) {
    int rc = acs_sys_stat(tdir, &st);
    if (rc < 0 || !S_ISDIR(st.mode)) {
      cmd_error(c, "target directory %s: %s", cmd_quote(tdir, q, sizeof q), cmd_strerror(rc < 0 ? rc : -ENOTDIR));
      return 1;
    }
  } else {
    const char *last = ops[n - 1];
    int rc = acs_sys_stat(last, &st);
    bool isdir = rc == 0 && S_ISDIR(st.mode) && !o.no_target;
    if (o.parents && !isdir) {
      cmd_usage_error(c, "with --parents, the destination must be a directory");
      return 1;
    }
    if (o.no_target && n > 2) {
      cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
      return 1;
    }
    if (!isdir) {
      if (n > 2) {
        cmd_error(c, "target %s: %s", cmd_quote(last, q, sizeof q), cmd_strerror(rc < 0 ? rc : -ENOTDIR));
        return 1;
      }
      o.top_src = ops[0], o.top_dst = ops[1];
      status = copy(c, &o, ops[0], ops[1], true, NULL);
      goto done;
    }
    tdir = last;
    n--;
  }
  for (int i = 0; i < n && !cmd_out_error(c); i++) {
    if (o.parents) {
      status |= copy_parents(c, &o, ops[i], tdir);
      continue;
    }
    char *base = fileop_base(ops[i]);
    char *dst = base ? cmd_path_join(tdir, base) : NULL;
    if (dst) {
      o.top_src = ops[i], o.top_dst = dst, o.top_made = false;
      status |= copy(c, &o, ops[i], dst, true, NULL);
    } else {
      status = 1;
    }
    free(base);
    free(dst);
  }
done:
  for (size_t i = 0; i < o.nlinks; i++) free(o.links[i].dst);
  free(o.links);
  return status;
}

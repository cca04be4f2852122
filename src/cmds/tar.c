/* tar.c - an archiving utility (GNU tar's command line, on libarchive).
**
** Usage: tar [OPTION...] [FILE]...
** GNU 'tar' saves many files together into a single tape or disk archive, and
** can restore individual files from the archive.
**
** Examples:
**   tar -cf archive.tar foo bar  # Create archive.tar from files foo and bar.
**   tar -tvf archive.tar         # List all files in archive.tar verbosely.
**   tar -xf archive.tar          # Extract all files from archive.tar.
**
**  Main operation mode:
**   -c, --create               create a new archive
**   -r, --append               append files to the end of an archive
**   -t, --list                 list the contents of an archive
**   -x, --extract, --get       extract files from an archive
**
**  Overwrite control:
**       --remove-files         remove files after adding them to the archive
**   -k, --keep-old-files       don't replace existing files when extracting,
**                              treat them as errors
**       --skip-old-files       don't replace existing files when extracting,
**                              silently skip over them
**       --overwrite            overwrite existing files when extracting
**
**  Handling of file attributes:
**       --group=NAME           force NAME as group for added files
**       --mtime=DATE-OR-FILE   set mtime for added files from DATE-OR-FILE
**   -m, --touch                don't extract file modified time
**       --no-same-owner        extract files as yourself
**       --numeric-owner        always use numbers for user/group names
**       --owner=NAME           force NAME as owner for added files
**   -p, --preserve-permissions, --same-permissions
**                              extract information about file permissions
**                              (setuid and setgid bits too, as root)
**       --same-owner           try extracting files with the same ownership
**       --sort=ORDER           directory sorting order: none, name, inode
**                              (members are always added in name order)
**
**  Device selection and switching:
**   -f, --file=ARCHIVE         use archive file or device ARCHIVE (- is
**                              standard input or output, the default)
**
**  Compression options:
**   -a, --auto-compress        use archive suffix to determine the compression
**                              program
**   -j, --bzip2                filter the archive through bzip2
**   -J, --xz                   filter the archive through xz
**   -z, --gzip, --gunzip, --ungzip   filter the archive through gzip
**       --zstd                 filter the archive through zstd
**   -I, --use-compress-program=PROG
**                              filter through PROG: gzip, bzip2, xz or zstd
**                              (and their parallel forms), a level allowed
**
**  Local file selection:
**   -C, --directory=DIR        change to directory DIR
**       --exclude=PATTERN      exclude files, given as a PATTERN
**       --exclude-vcs          exclude version control system directories
**   -h, --dereference          follow symlinks; archive the files they point to
**       --no-recursion         avoid descending automatically in directories
**   -P, --absolute-names       don't strip leading '/'s from file names
**                              (when creating; extraction always strips them)
**   -T, --files-from=FILE      get names to extract or create from FILE
**   -X, --exclude-from=FILE    exclude patterns listed in FILE
**       --wildcards            use wildcards for the member names to list or
**                              extract
**       --no-wildcards         match member names exactly
**
**  File name transformations:
**       --strip-components=NUMBER   strip NUMBER leading components from file
**                              names on extraction
**       --transform=EXPRESSION, --xform=EXPRESSION
**                              use sed replace EXPRESSION to transform file
**                              names
**
**  Informative output:
**   -v, --verbose              verbosely list files processed
**   -O, --to-stdout            extract files to standard output
**
**   -?, --help                 give this help list
**       --version              print program version
**
** Old-style options (tar xzf a.tgz) are taken as GNU tar takes them.
*/

/* GNU tar 1.34's behaviour for what it shares with libarchive's readers
** and writer: members are read with libarchive (tar formats, any
** compression on a named file, as GNU tar detects it) and made through
** lib_xsafe (nothing outside the target, no device nodes, setuid only with
** -p as root); messages and exit status 2 as GNU's ("Exiting with failure
** status due to previous errors" after non-fatal errors, "Error is not
** recoverable: exiting now" for fatal ones). Reading a compressed
** archive from standard input without its option is refused as GNU tar
** refuses it. -r copies the archive's members into a new one beside it,
** adds the files and renames it over the old one. */
#include "lib_xsafe.h"
#include "tar.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum {
  O_SKIP_OLD = 256, O_OVERWRITE, O_NO_SAME_OWNER, O_SAME_OWNER, O_NUMERIC, O_OWNER, O_GROUP, O_MTIME,
  O_STRIP, O_EXCLUDE, O_ZSTD, O_SORT, O_NO_RECURSION, O_RECURSION, O_FORMAT, O_NO_SAME_PERMS,
  O_WILDCARDS, O_NO_WILDCARDS, O_ANCHORED, O_TOTALS, O_DELAY, O_EXCLUDE_VCS, O_REMOVE_FILES, O_COMPRESS_PROG,
  O_TRANSFORM
};

/* ---- reading */

typedef struct rstate {
  tar *t;
  int fd;
  char *buf;
} rstate;

static la_ssize_t read_cb(struct archive *a, void *ctx, const void **out)
{
  (void)a;
  rstate *s = ctx;
  ssize_t n = acs_sys_read(s->fd, s->buf, 65536);
  *out = s->buf;
  return n < 0 ? -1 : (la_ssize_t)n;
}

static int nop_cb(struct archive *a, void *ctx) { (void)a, (void)ctx; return ARCHIVE_OK; }

typedef struct dsrc {
  tar *t;
  struct archive *a;
  bool failed;
} dsrc;

static ssize_t data_read(void *ctx, void *buf, size_t n)
{
  dsrc *d = ctx;
  la_ssize_t r = d->t->L.read_data(d->a, buf, n);
  if (r < 0) {
    d->failed = true;
    return -1;
  }
  return (ssize_t)r;
}

static void xfail(xsafe *x, const char *name, const char *what, int err)
{
  char q[1024];
  const char *why = err == -EXDEV ? "Path leads outside the extraction directory" : cmd_strerror(err);
  cmd_flush(x->c);
  char b[6000];
  int n = snprintf(b, sizeof b, "%s: %s: Cannot %s: %s\n", x->c->name, tar_q(name, q, sizeof q), what, why);
  if (n > 0) acs_sys_write_all(2, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* --wildcards: the pattern matches the name or one of its leading
** directories ('*' matching '/' too, as GNU's default) */
static bool wild_match(const char *pat, const char *name)
{
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", name);
  size_t n = strlen(buf);
  while (n > 1 && buf[n - 1] == '/') buf[--n] = 0;
  for (;;) {
    if (fnmatch(pat, buf, 0) == 0) return true;
    char *s = strrchr(buf, '/');
    if (!s) return false;
    *s = 0;
  }
}

/* Whether member name is selected by the operands; marks the one used. */
static bool selected(tar *t, const char *name, bool *used)
{
  if (!t->nnames) return true;
  for (size_t i = 0; i < t->nnames; i++) {
    const char *op = t->names[i];
    size_t n = strlen(op);
    while (n > 1 && op[n - 1] == '/') n--;
    size_t m = strlen(name);
    while (m > 1 && name[m - 1] == '/') m--;
    if ((m == n && !strncmp(name, op, n)) || (m > n && !strncmp(name, op, n) && name[n] == '/')) {
      used[i] = true;
      return true;
    }
    if (t->wildcards > 0 && wild_match(op, name)) {
      used[i] = true;
      return true;
    }
  }
  return false;
}

/* name after --strip-components, or NULL when it has too few parts */
static const char *strip_parts(const char *name, int n)
{
  const char *p = name;
  for (int i = 0; i < n; i++) {
    const char *s = strchr(p, '/');
    if (!s) return NULL;
    p = s + 1;
    while (*p == '/') p++;
  }
  return *p ? p : NULL;
}

static int entry_type(tar *t, struct archive_entry *e)
{
  if (t->L.entry_hardlink(e)) return XS_HARDLINK;
  switch (t->L.entry_filetype(e)) {
  case AE_IFREG: return XS_FILE;
  case AE_IFDIR: return XS_DIR;
  case AE_IFLNK: return XS_SYMLINK;
  case AE_IFCHR: return XS_CHR;
  case AE_IFBLK: return XS_BLK;
  case AE_IFIFO: return XS_FIFO;
  }
  return XS_OTHER;
}

static void print_name(tar *t, struct archive_entry *e, const char *name)
{
  if (t->verbose > 1 || (t->mode == 't' && t->verbose)) {
    tar_list_line(t, e, name, false);
    return;
  }
  tar_quote(t->c, name);
  cmd_putc(t->c, '\n');
}

/* Skips a member's data; false (reported) when the archive ends inside it. */
static bool skip_data(tar *t, struct archive *a)
{
  if (t->L.read_data_skip(a) >= ARCHIVE_WARN) return true;
  tar_msg(t, "Unexpected EOF in archive");
  tar_msg(t, "Error is not recoverable: exiting now");
  return false;
}

static bool check_filter(tar *t, struct archive *a, bool from_stdin)
{
  static const int codes[] = {0, ARCHIVE_FILTER_GZIP, ARCHIVE_FILTER_BZIP2, ARCHIVE_FILTER_XZ, ARCHIVE_FILTER_ZSTD};
  int code = t->L.filter_code(a, 0);
  if (t->filter == TZ_NONE || t->filter == TZ_AUTO) {
    if (!from_stdin || code == ARCHIVE_FILTER_NONE) return true;
    const char *opt = code == ARCHIVE_FILTER_GZIP ? "-z" : code == ARCHIVE_FILTER_BZIP2 ? "-j"
                    : code == ARCHIVE_FILTER_XZ ? "-J" : code == ARCHIVE_FILTER_ZSTD ? "--zstd" : NULL;
    if (!opt) return true;
    tar_msg(t, "Archive is compressed. Use %s option", opt);
    tar_msg(t, "Error is not recoverable: exiting now");
    return false;
  }
  if (code == codes[t->filter]) return true;
  /* GNU tar runs the compressor as a child; its words and status */
  cmd_flush(t->c);
  const char *m = t->filter == TZ_GZIP ? "\ngzip: stdin: not in gzip format\n"
                : t->filter == TZ_BZIP2 ? "bzip2: (stdin) is not a bzip2 file.\n"
                : t->filter == TZ_XZ ? "xz: (stdin): File format not recognized\n"
                : "zstd: /*stdin*\\: unsupported format \n";
  acs_sys_write_all(2, m, strlen(m));
  tar_msg(t, "Child returned status %d", t->filter == TZ_BZIP2 ? 2 : 1);
  tar_msg(t, "Error is not recoverable: exiting now");
  return false;
}

static int read_archive(tar *t, const char *dir)
{
  larch *L = &t->L;
  char q[1024];
  rstate rs = {.t = t, .fd = 0};
  bool from_stdin = !strcmp(t->file, "-");
  if (!from_stdin) {
    rs.fd = acs_sys_open(t->file, O_RDONLY, 0);
    if (rs.fd < 0) {
      tar_msg(t, "%s: Cannot open: %s", tar_q(t->file, q, sizeof q), cmd_strerror(rs.fd));
      tar_msg(t, "Error is not recoverable: exiting now");
      return 2;
    }
  }
  if (dir) {
    int r = acs_sys_chdir(dir);
    if (r < 0) {
      tar_msg(t, "%s: Cannot open: %s", tar_q(dir, q, sizeof q), cmd_strerror(r));
      tar_msg(t, "Error is not recoverable: exiting now");
      return 2;
    }
  }
  rs.buf = malloc(65536);
  struct archive *a = L->read_new();
  bool *used = calloc(t->nnames + 1, sizeof *used);
  if (!rs.buf || !a || !used) {
    tar_msg(t, "%s", cmd_strerror(-ENOMEM));
    return 2;
  }
  L->read_support_filter_all(a);
  L->read_support_format_tar(a);
  int status = 0;
  bool fatal = false;
  if (L->read_open(a, &rs, nop_cb, read_cb, nop_cb) != ARCHIVE_OK) {
    const char *m = L->error_string(a);
    if (m && strstr(m, "Truncated")) {
      tar_msg(t, "Unexpected EOF in archive");
      tar_msg(t, "Error is not recoverable: exiting now");
    } else {
      tar_msg(t, "This does not look like a tar archive");
      tar_msg(t, "Exiting with failure status due to previous errors");
    }
    fatal = true;
    status = 2;
  } else if (!check_filter(t, a, from_stdin)) {
    fatal = true;
    status = 2;
  }
  xsafe x;
  bool have_x = !fatal && t->mode == 'x';
  if (have_x) {
    xsafe_init(&x, t->c, xfail);
    if (t->no_same_owner) x.same_owner = false;
    if (t->same_owner) x.same_owner = x.root;
    x.same_perms = t->same_perms;
    x.keep_old = t->keep_old;
    x.skip_old = t->skip_old;
    x.overwrite = t->overwrite;
    x.no_mtime = t->touch;
  }
  bool any = false;
  xsafe lx = {.c = t->c}; /* t's record of the prefixes reported */
  char *orig = NULL;      /* the member's name as stored */
  while (!fatal) {
    struct archive_entry *e;
    int r = L->read_next_header(a, &e);
    if (r == ARCHIVE_EOF) break;
    if (r < ARCHIVE_WARN) {
      const char *m = L->error_string(a);
      if (!any && !(m && strstr(m, "Truncated"))) {
        tar_msg(t, "This does not look like a tar archive");
        tar_msg(t, "Exiting with failure status due to previous errors");
      } else {
        tar_msg(t, "Unexpected EOF in archive");
        tar_msg(t, "Error is not recoverable: exiting now");
      }
      fatal = true;
      status = 2;
      break;
    }
    any = true;
    const char *name = L->entry_pathname(e);
    if (!name) name = "";
    if (!selected(t, name, used) || tar_excluded(t, name)) {
      if (!skip_data(t, a)) {
        fatal = true;
        status = 2;
        break;
      }
      continue;
    }
    if (t->mode == 't') {
      /* GNU's messages for what extraction would strip */
      if (!t->absolute) {
        xsafe_strip(&lx, name, "member names");
        if (L->entry_hardlink(e)) xsafe_strip(&lx, L->entry_hardlink(e), "hard link targets");
      }
      print_name(t, e, name);
      if (!skip_data(t, a)) {
        fatal = true;
        status = 2;
        break;
      }
      if (cmd_out_error(t->c)) break;
      continue;
    }
    /* extraction; GNU prints and checks for ".." the name as stored, and
    ** strips what --transform made of it */
    free(orig);
    if (!(orig = strdup(name))) break;
    char *xname = NULL, *xlink = NULL;
    if (t->xforms) {
      xname = tar_xform_name(t->xforms, name, TAR_XF_NAME);
      if (xname) name = xname;
      const char *hl = L->entry_hardlink(e), *sl = L->entry_symlink(e);
      if (hl && (xlink = tar_xform_name(t->xforms, hl, TAR_XF_HARDLINK))) L->entry_set_hardlink(e, xlink);
      else if (sl && (xlink = tar_xform_name(t->xforms, sl, TAR_XF_SYMLINK))) L->entry_set_symlink(e, xlink);
      free(xlink);
      L->entry_set_pathname(e, name);
      free(xname);
      name = L->entry_pathname(e);
    }
    const char *safe = xsafe_strip(&x, name, "member names");
    if (xsafe_dotdot(orig)) {
      tar_msg(t, "%s: Member name contains '..'", tar_q(orig, q, sizeof q));
      t->errors++;
      if (!skip_data(t, a)) {
        fatal = true;
        status = 2;
        break;
      }
      continue;
    }
    if (t->strip && !(safe = strip_parts(safe, t->strip))) {
      if (!skip_data(t, a)) {
        fatal = true;
        status = 2;
        break;
      }
      continue;
    }
    int type = entry_type(t, e);
    const char *hlink = type == XS_HARDLINK ? xsafe_strip(&x, L->entry_hardlink(e), "hard link targets") : NULL;
    if (t->verbose && !t->to_stdout) print_name(t, e, orig);
    else if (t->verbose) {
      /* with -O the names go to stderr */
      char *qn = tar_quoted(orig);
      if (qn) {
        cmd_flush(t->c);
        acs_sys_write_all(2, qn, strlen(qn));
        acs_sys_write_all(2, "\n", 1);
      }
      free(qn);
    }
    dsrc d = {t, a, false};
    if (t->to_stdout) {
      if (type == XS_FILE) {
        char buf[16384];
        ssize_t n;
        while ((n = data_read(&d, buf, sizeof buf)) > 0 && !cmd_out_error(t->c)) cmd_out(t->c, buf, (size_t)n);
      }
    } else {
      const char *link = NULL;
      char *hl = NULL;
      if (type == XS_HARDLINK) {
        link = hlink;
        if (t->strip && !(link = strip_parts(link, t->strip))) {
          if (!skip_data(t, a)) {
            fatal = true;
            status = 2;
            break;
          }
          continue;
        }
      } else if (type == XS_SYMLINK) {
        link = L->entry_symlink(e);
      }
      uid_t uid = (uid_t)L->entry_uid(e);
      gid_t gid = (gid_t)L->entry_gid(e);
      if (!t->numeric_owner) {
        uint32_t id;
        const char *un = L->entry_uname(e), *gn = L->entry_gname(e);
        if (un && *un && cmd_user_id(un, &id)) uid = id;
        if (gn && *gn && cmd_group_id(gn, &id)) gid = id;
      }
      xsafe_entry xe = {.name = safe, .type = type, .link = link ? link : "", .mode = L->entry_perm(e),
                        .have_owner = true, .uid = uid, .gid = gid, .have_mtime = true,
                        .mtime = L->entry_mtime(e), .mtime_ns = L->entry_mtime_nsec(e)};
      xsafe_put(&x, &xe, data_read, &d);
      free(hl);
    }
    if (d.failed) {
      const char *m = L->error_string(a);
      if (m && strstr(m, "Truncated")) {
        /* GNU says it for the member, then for the archive */
        tar_msg(t, "Unexpected EOF in archive");
        tar_msg(t, "Unexpected EOF in archive");
        tar_msg(t, "Error is not recoverable: exiting now");
        fatal = true;
        status = 2;
      } else {
        tar_msg(t, "%s: %s", tar_q(name, q, sizeof q), m ? m : "read error");
        t->errors++;
      }
    }
    if (cmd_out_error(t->c)) break;
  }
  free(orig);
  if (have_x) {
    /* after a fatal error too: the links made last are still made */
    xsafe_finish(&x);
    t->errors += x.errors;
  }
  if (!fatal) {
    for (size_t i = 0; i < t->nnames; i++) {
      if (used[i]) continue;
      if (!t->wildcards && strpbrk(t->names[i], "*?[\\")) {
        tar_msg(t, "Pattern matching characters used in file names");
        tar_msg(t, "Use --wildcards to enable pattern matching, or --no-wildcards to suppress this warning");
      }
      tar_msg(t, "%s: Not found in archive", tar_q(t->names[i], q, sizeof q));
      t->errors++;
    }
    if (t->errors) {
      tar_msg(t, "Exiting with failure status due to previous errors");
      status = 2;
    }
  }
  free(lx.seen);
  L->read_free(a);
  free(used);
  free(rs.buf);
  if (rs.fd > 0) acs_sys_close(rs.fd);
  return status;
}

/* ---- the command line */

/* GNU's old style: "tar xzf a.tgz" is "tar -x -z -f a.tgz". */
static char **old_style(int *argc, char **argv)
{
  if (*argc < 2 || argv[1][0] == '-') return NULL;
  const char *letters = argv[1];
  size_t n = (size_t)*argc + strlen(letters) + 1;
  char **out = calloc(n, sizeof *out);
  if (!out) return NULL;
  int k = 0, next = 2;
  out[k++] = argv[0];
  for (const char *p = letters; *p; p++) {
    char *o = malloc(3);
    if (!o) return NULL;
    o[0] = '-', o[1] = *p, o[2] = 0;
    out[k++] = o;
    if (strchr("fCTXbHg", *p) && next < *argc) out[k++] = argv[next++];
  }
  while (next < *argc) out[k++] = argv[next++];
  out[k] = NULL;
  *argc = k;
  return out;
}

/* -I PROG: the programs whose formats libarchive writes itself, with a
** level as their one option ("zstd -19", "gzip -9"); false for others */
static bool compress_program(tar *t, const char *prog)
{
  static const struct { const char *name; int filter; } m[] = {
      {"gzip", TZ_GZIP}, {"pigz", TZ_GZIP}, {"bzip2", TZ_BZIP2}, {"pbzip2", TZ_BZIP2}, {"lbzip2", TZ_BZIP2},
      {"xz", TZ_XZ}, {"pixz", TZ_XZ}, {"zstd", TZ_ZSTD}, {"pzstd", TZ_ZSTD}};
  const char *sp = strchr(prog, ' ');
  size_t n = sp ? (size_t)(sp - prog) : strlen(prog);
  const char *base = prog;
  for (const char *p = prog; p < prog + n; p++)
    if (*p == '/') base = p + 1;
  size_t bn = n - (size_t)(base - prog);
  for (size_t i = 0; i < sizeof m / sizeof *m; i++) {
    if (strlen(m[i].name) != bn || strncmp(base, m[i].name, bn)) continue;
    t->filter = m[i].filter;
    t->level = 0;
    for (const char *p = sp; p && *p; p++)
      if (*p == '-' && p[1] >= '0' && p[1] <= '9') t->level = atoi(p + 1);
    return true;
  }
  return false;
}

static bool parse_mtime(const char *s, int64_t *out)
{
  if (s[0] == '@') {
    char *end;
    long long v = strtoll(s + 1, &end, 10);
    if (*end) return false;
    *out = v;
    return true;
  }
  struct tm tm = {0};
  int y, mo, d, h = 0, mi = 0, sec = 0;
  int n = sscanf(s, "%d-%d-%d%*[ T]%d:%d:%d", &y, &mo, &d, &h, &mi, &sec);
  if (n < 3) {
    acs__sys_stat st;
    if (acs_sys_stat(s, &st) == 0) {
      *out = st.mtime_s;
      return true;
    }
    return false;
  }
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = sec;
  tm.tm_isdst = -1;
  *out = (int64_t)mktime(&tm);
  return true;
}

static bool add_name(tar *t, const char *s)
{
  char **n = realloc(t->names, (t->nnames + 1) * sizeof *n);
  if (!n) return false;
  t->names = n;
  t->names[t->nnames] = strdup(s);
  return t->names[t->nnames++] != NULL;
}

static bool add_exclude(tar *t, const char *s)
{
  char **n = realloc(t->excludes, (t->nexcludes + 1) * sizeof *n);
  if (!n) return false;
  t->excludes = n;
  t->excludes[t->nexcludes] = strdup(s);
  return t->excludes[t->nexcludes++] != NULL;
}

/* Each line of path (- is stdin) through fn; false when it cannot be read. */
static bool read_lines(tar *t, const char *path, bool (*fn)(tar *, const char *))
{
  char q[1024];
  int fd = strcmp(path, "-") ? acs_sys_open(path, O_RDONLY, 0) : 0;
  if (fd < 0) {
    tar_msg(t, "%s: Cannot open: %s", tar_q(path, q, sizeof q), cmd_strerror(fd));
    tar_msg(t, "Error is not recoverable: exiting now");
    return false;
  }
  cmd_in *in = cmd_in_new();
  if (!in) return false;
  cmd_in_fd(in, fd);
  char *line;
  ssize_t n;
  while ((n = cmd_getdelim(in, &line, '\n')) > 0) {
    if (line[n - 1] == '\n') line[--n] = 0;
    if (n > 0) fn(t, line);
  }
  cmd_in_free(in);
  if (fd > 0) acs_sys_close(fd);
  return true;
}

static int usage(tar *t, const char *msg)
{
  if (msg) tar_msg(t, "%s", msg);
  cmd_flush(t->c);
  const char *m = "Try 'tar --help' or 'tar --usage' for more information.\n";
  acs_sys_write_all(2, m, strlen(m));
  return 2;
}

static int set_mode(tar *t, char m)
{
  if (t->mode && t->mode != m)
    return usage(t, "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option");
  t->mode = m;
  return 0;
}

int acs__cmd_tar(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"create", 'c', CMD_NOARG}, {"extract", 'x', CMD_NOARG}, {"get", 'x', CMD_NOARG},
      {"list", 't', CMD_NOARG}, {"append", 'r', CMD_NOARG}, {"file", 'f', CMD_ARG},
      {"directory", 'C', CMD_ARG}, {"verbose", 'v', CMD_NOARG}, {"gzip", 'z', CMD_NOARG},
      {"gunzip", 'z', CMD_NOARG}, {"ungzip", 'z', CMD_NOARG}, {"bzip2", 'j', CMD_NOARG},
      {"xz", 'J', CMD_NOARG}, {"zstd", O_ZSTD, CMD_NOARG}, {"auto-compress", 'a', CMD_NOARG},
      {"strip-components", O_STRIP, CMD_ARG}, {"exclude", O_EXCLUDE, CMD_ARG},
      {"exclude-from", 'X', CMD_ARG}, {"preserve-permissions", 'p', CMD_NOARG},
      {"same-permissions", 'p', CMD_NOARG}, {"no-same-permissions", O_NO_SAME_PERMS, CMD_NOARG},
      {"to-stdout", 'O', CMD_NOARG}, {"keep-old-files", 'k', CMD_NOARG},
      {"skip-old-files", O_SKIP_OLD, CMD_NOARG}, {"overwrite", O_OVERWRITE, CMD_NOARG},
      {"no-same-owner", O_NO_SAME_OWNER, CMD_NOARG}, {"same-owner", O_SAME_OWNER, CMD_NOARG},
      {"numeric-owner", O_NUMERIC, CMD_NOARG}, {"owner", O_OWNER, CMD_ARG}, {"group", O_GROUP, CMD_ARG},
      {"mtime", O_MTIME, CMD_ARG}, {"files-from", 'T', CMD_ARG}, {"touch", 'm', CMD_NOARG},
      {"sort", O_SORT, CMD_ARG}, {"absolute-names", 'P', CMD_NOARG}, {"dereference", 'h', CMD_NOARG},
      {"no-recursion", O_NO_RECURSION, CMD_NOARG}, {"recursion", O_RECURSION, CMD_NOARG},
      {"format", 'H', CMD_ARG}, {"wildcards", O_WILDCARDS, CMD_NOARG},
      {"no-wildcards", O_NO_WILDCARDS, CMD_NOARG}, {"anchored", O_ANCHORED, CMD_NOARG},
      {"totals", O_TOTALS, CMD_OPTARG}, {"exclude-vcs", O_EXCLUDE_VCS, CMD_NOARG},
      {"remove-files", O_REMOVE_FILES, CMD_NOARG}, {"use-compress-program", 'I', CMD_ARG},
      {"transform", O_TRANSFORM, CMD_ARG}, {"xform", O_TRANSFORM, CMD_ARG},
      {"delay-directory-restore", O_DELAY, CMD_NOARG}, {0}};
  tar t = {.c = c, .ugswidth = 19};
  char **old = old_style(&argc, argv);
  if (old) argv = old;
  const char *dir = NULL;
  int status = 0;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "acC:f:hH:I:jJkmOpPrtT:vxX:z?", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0 && !status) {
    switch (opt) {
    case 'c': case 'x': case 't': case 'r': status = set_mode(&t, (char)opt); break;
    case 'f': t.file = g.arg; break;
    case 'C': dir = g.arg; break;
    case 'v': t.verbose++; break;
    case 'z': t.filter = TZ_GZIP; break;
    case 'j': t.filter = TZ_BZIP2; break;
    case 'J': t.filter = TZ_XZ; break;
    case O_ZSTD: t.filter = TZ_ZSTD; break;
    case 'a': if (!t.filter) t.filter = TZ_AUTO; break;
    case O_STRIP: {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 0 || v > 1 << 20) {
        char q[256];
        status = usage(&t, NULL);
        tar_msg(&t, "Invalid number of elements: %s", cmd_quote(g.arg, q, sizeof q));
        break;
      }
      t.strip = (int)v;
      break;
    }
    case O_EXCLUDE: add_exclude(&t, g.arg); break;
    case O_EXCLUDE_VCS: {
      /* GNU tar 1.34's list */
      static const char *const vcs[] = {"CVS", "RCS", "SCCS", ".git", ".gitignore", ".gitattributes",
                                        ".gitmodules", ".arch-ids", "{arch}", "=RELEASE-ID", "=meta-update",
                                        "=update", ".bzr", ".bzrignore", ".bzrtags", ".hg", ".hgignore",
                                        ".hgtags", "_darcs"};
      for (size_t i = 0; i < sizeof vcs / sizeof *vcs; i++) add_exclude(&t, vcs[i]);
      break;
    }
    case O_REMOVE_FILES: t.remove_files = true; break;
    case O_TRANSFORM: {
      char why[256];
      if (!tar_xform_add(&t.xforms, g.arg, why, sizeof why)) return usage(&t, why);
      break;
    }
    case 'I':
      if (!compress_program(&t, g.arg)) {
        tar_msg(&t, "%s: Cannot run: no such program in this box (gzip, bzip2, xz and zstd are built in)", g.arg);
        return 2;
      }
      break;
    case 'X': if (!read_lines(&t, g.arg, add_exclude)) status = 2; break;
    case 'p': t.same_perms = true; break;
    case O_NO_SAME_PERMS: t.same_perms = false; break;
    case 'O': t.to_stdout = true; break;
    case 'k': t.keep_old = true; break;
    case O_SKIP_OLD: t.skip_old = true; break;
    case O_OVERWRITE: t.overwrite = true; break;
    case O_NO_SAME_OWNER: t.no_same_owner = true; t.same_owner = false; break;
    case O_SAME_OWNER: t.same_owner = true; t.no_same_owner = false; break;
    case O_NUMERIC: t.numeric_owner = true; break;
    case O_OWNER: t.owner = g.arg; break;
    case O_GROUP: t.group = g.arg; break;
    case O_MTIME:
      if (!parse_mtime(g.arg, &t.mtime)) {
        tar_msg(&t, "Substituting %s for unknown date format '%s'", "1970-01-01 00:00:00", g.arg);
        t.mtime = 0;
      }
      t.have_mtime = true;
      break;
    case 'T':
      t.files_from = true;
      if (!read_lines(&t, g.arg, add_name)) status = 2;
      break;
    case 'm': t.touch = true; break;
    case O_SORT:
      if (strcmp(g.arg, "none") && strcmp(g.arg, "name") && strcmp(g.arg, "inode")) {
        status = usage(&t, "invalid argument for --sort");
      }
      break;
    case 'P': t.absolute = true; break;
    case O_WILDCARDS: t.wildcards = 1; break;
    case O_NO_WILDCARDS: t.wildcards = -1; break;
    case 'h': t.dereference = true; break;
    case O_NO_RECURSION: t.no_recursion = true; break;
    case O_RECURSION: t.no_recursion = false; break;
    case '?': cmd_puts(c, c->help); return 0;
    default: break;
    }
  }
  if (status) return status;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 64; /* GNU tar's status for a bad option */
  for (int i = 0; i < g.nops; i++) add_name(&t, cmd_operands(&g)[i]);
  if (!t.file) t.file = "-";
  if (!t.mode) return usage(&t, "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options");
  if (!larch_load(c, &t.L)) return 2;
  if (t.mode == 'c' || t.mode == 'r') {
    /* the archive is opened where the command was given, then -C */
    if (dir) {
      if (t.nnames == 0 && !t.files_from) return tar_create(&t);
      char cwd[4096];
      if (strcmp(t.file, "-") && t.file[0] != '/' && acs_sys_getcwd(cwd, sizeof cwd) == 0) {
        char *abs = cmd_path_join(cwd, t.file);
        if (abs) t.file = abs;
      }
      int r = acs_sys_chdir(dir);
      if (r < 0) {
        char q[1024];
        tar_msg(&t, "%s: Cannot open: %s", tar_q(dir, q, sizeof q), cmd_strerror(r));
        tar_msg(&t, "Error is not recoverable: exiting now");
        return 2;
      }
    }
    status = tar_create(&t);
    if (status && t.errors) tar_msg(&t, "Exiting with failure status due to previous errors");
  } else {
    status = read_archive(&t, dir);
  }
  for (size_t i = 0; i < t.nnames; i++) free(t.names[i]);
  free(t.names);
  for (size_t i = 0; i < t.nexcludes; i++) free(t.excludes[i]);
  free(t.excludes);
  tar_xform_free(t.xforms);
  return status;
}

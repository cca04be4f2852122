/* unzip.c - list, test and extract compressed files in a ZIP archive.
**
** Usage: unzip [-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]
**   Default action is to extract files in list, except those in xlist, to exdir;
**   file[.zip] may be a wildcard.
**
**   -p  extract files to pipe, no messages     -l  list files (short format)
**   -t  test compressed archive data           -d  extract files into exdir
**   -x  exclude files that follow (in xlist)   -j  junk paths (do not make directories)
**   -o  overwrite files WITHOUT prompting      -n  never overwrite existing files
**   -q  quiet mode (-qq => quieter)
**   -Z1 list the names only, one a line (zipinfo's -1)
*/

/* Info-ZIP's unzip 6.0 for what agents use: its listing, testing and
** extraction lines and exit statuses (1 for warnings, 9 for a file that is
** not a zip, 11 for names not matched). Members are read with libarchive's
** seekable zip reader (the central directory, as unzip reads it) and made
** through lib_xsafe, so the containment rules are tar's: a leading "/" is
** stripped and ".." components are skipped with unzip's warnings, and no
** member lands outside the target. Without -o or -n an existing file is
** asked about on stderr and the answer read from standard input, as unzip
** does; at its end the answer is [N]one. */
#include "lib_larch.h"
#include "lib_xsafe.h"

#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

typedef struct unz {
  xsafe x; /* first: xfail finds the unz from it */
  acs_cmd *c;
  larch L;
  bool list, test, pipe, junk, over, never;
  bool names_only; /* -Z1 (zipinfo's names) */
  int quiet;
  char **pats, **xpats;
  int npats, nxpats;
  bool *matched;
  int status;
  bool none;  /* [N]one was answered */
  bool all;   /* [A]ll */
  int fd;
  char *buf;
  const char *exdir;
  /* the links made last, for unzip's closing lines */
  char **links;
  size_t nlinks;
} unz;

static void err(unz *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void err(unz *u, const char *fmt, ...)
{
  char b[6000];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  cmd_flush(u->c);
  if (n > 0) acs_sys_write_all(2, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

static la_ssize_t read_cb(struct archive *a, void *ctx, const void **out)
{
  (void)a;
  unz *u = ctx;
  ssize_t n = acs_sys_read(u->fd, u->buf, 65536);
  *out = u->buf;
  return n < 0 ? -1 : (la_ssize_t)n;
}

static la_int64_t seek_cb(struct archive *a, void *ctx, la_int64_t off, int whence)
{
  (void)a;
  unz *u = ctx;
  int64_t r = acs_sys_lseek(u->fd, off, whence);
  return r < 0 ? ARCHIVE_FATAL : r;
}

static int nop_cb(struct archive *a, void *ctx) { (void)a, (void)ctx; return ARCHIVE_OK; }

static bool wanted(unz *u, const char *name)
{
  for (int i = 0; i < u->nxpats; i++)
    if (fnmatch(u->xpats[i], name, 0) == 0) return false;
  if (!u->npats) return true;
  bool any = false;
  for (int i = 0; i < u->npats; i++)
    if (fnmatch(u->pats[i], name, 0) == 0) u->matched[i] = any = true;
  return any;
}

static void xfail(xsafe *x, const char *name, const char *what, int e)
{
  (void)what;
  unz *u = (unz *)x;
  char b[5000];
  int n;
  char part[4096];
  snprintf(part, sizeof part, "%s", name);
  /* unzip's words when a directory of the name is a file (a link not yet
  ** made stands there as one) */
  bool blocked = false;
  for (char *s = strchr(part, '/'); e == -ENOTDIR && s; s = strchr(s + 1, '/')) {
    *s = 0;
    acs__sys_stat st;
    if (acs_sys_lstat(part, &st) == 0 && !S_ISDIR(st.mode)) {
      blocked = true;
      break;
    }
    *s = '/';
  }
  if (blocked) {
    char *shown = u->exdir ? cmd_path_join(u->exdir, part) : strdup(part);
    n = snprintf(b, sizeof b, "checkdir error:  %s exists but is not directory\n                 unable to process %s.\n",
                 shown ? shown : part, name);
    free(shown);
  } else {
    n = snprintf(b, sizeof b, "error:  cannot create %s\n        %s\n", name,
                 e == -EXDEV ? "path leads outside the extraction directory" : cmd_strerror(e));
  }
  cmd_flush(x->c);
  if (n > 0) acs_sys_write_all(2, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* unzip's own cleaning of a name: a leading "/" stripped (warning on
** stderr), ".." components dropped (warning on stdout); malloc'd. */
static char *clean(unz *u, const char *name)
{
  const char *p = name;
  if (*p == '/') {
    while (*p == '/') p++;
    err(u, "warning:  stripped absolute path spec from %s\n", name);
    if (u->status == 0) u->status = 1;
  }
  char *out = malloc(strlen(p) + 1);
  if (!out) return NULL;
  size_t k = 0;
  bool skipped = false;
  while (*p) {
    const char *s = strchr(p, '/');
    size_t n = s ? (size_t)(s - p) : strlen(p);
    if (n == 2 && p[0] == '.' && p[1] == '.') {
      skipped = true;
    } else if (!(n == 1 && p[0] == '.') && n > 0) {
      memcpy(out + k, p, n);
      k += n;
      if (s) out[k++] = '/';
    }
    p = s ? s + 1 : p + n;
  }
  out[k] = 0;
  if (skipped) {
    if (!u->quiet) {
      cmd_puts(u->c, "warning:  skipped \"../\" path component(s) in ");
      cmd_puts(u->c, name);
      cmd_putc(u->c, '\n');
    } else {
      err(u, "warning:  skipped \"../\" path component(s) in %s\n", name);
    }
    if (u->status == 0) u->status = 1;
  }
  if (u->junk) {
    char *b = strrchr(out, '/');
    if (b && b[1]) memmove(out, b + 1, strlen(b + 1) + 1);
  }
  return out;
}

typedef struct dsrc {
  unz *u;
  struct archive *a;
  bool bad;
} dsrc;

static ssize_t data_read(void *ctx, void *buf, size_t n)
{
  dsrc *d = ctx;
  la_ssize_t r = d->u->L.read_data(d->a, buf, n);
  if (r < 0) d->bad = true;
  return r < 0 ? -1 : (ssize_t)r;
}

/* Whether to write over an existing path: -o, -n, or the question. */
static bool may_replace(unz *u, const char *shown)
{
  if (u->over || u->all) return true;
  if (u->never || u->none) return false;
  err(u, "replace %s? [y]es, [n]o, [A]ll, [N]one, [r]ename: ", shown);
  char ans[64];
  size_t k = 0;
  for (;;) {
    char ch;
    ssize_t n = acs_sys_read(0, &ch, 1);
    if (n <= 0) {
      err(u, " NULL\n(EOF or read error, treating as \"[N]one\" ...)\n");
      u->none = true;
      if (u->status == 0) u->status = 1;
      return false;
    }
    if (ch == '\n') break;
    if (k < sizeof ans - 1) ans[k++] = ch;
  }
  ans[k] = 0;
  switch (ans[0]) {
  case 'y': return true;
  case 'A': u->all = true; return true;
  case 'N': u->none = true; return false;
  default: return false;
  }
}

/* Whether a directory of name exists as something else. */
static bool blocked_parent(unz *u, const char *name)
{
  (void)u;
  char part[4096];
  snprintf(part, sizeof part, "%s", name);
  for (char *s = strchr(part, '/'); s && s[1]; s = strchr(s + 1, '/')) {
    *s = 0;
    acs__sys_stat st;
    if (acs_sys_lstat(part, &st) == 0 && !S_ISDIR(st.mode)) return true;
    *s = '/';
  }
  return false;
}

/* unzip says "creating:" only for a directory it makes */
static bool made_before(const char *name)
{
  acs__sys_stat st;
  return acs_sys_stat(name, &st) == 0 && S_ISDIR(st.mode);
}

static int run(unz *u, const char *zipname)
{
  larch *L = &u->L;
  struct archive *a = L->read_new();
  L->read_support_format_zip_seekable(a);
  L->read_set_seek_callback(a, seek_cb);
  if (!u->pipe && !u->quiet && !u->names_only) cmd_printf(u->c, "Archive:  %s\n", zipname);
  if (L->read_open(a, u, nop_cb, read_cb, nop_cb) != ARCHIVE_OK) {
    err(u, "  End-of-central-directory signature not found.  Either this file is not\n"
           "  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n"
           "  latter case the central directory and zipfile comment will be found on\n"
           "  the last disk(s) of this archive.\n"
           "unzip:  cannot find zipfile directory in one of %s or\n"
           "        %s.zip, and cannot find %s.ZIP, period.\n", zipname, zipname, zipname);
    L->read_free(a);
    return 9;
  }
  xsafe *xs = &u->x;
  bool extracting = !u->list && !u->test && !u->pipe;
  if (extracting) {
    if (u->exdir) {
      /* unzip makes exdir (and its parents) */
      char *d = strdup(u->exdir);
      for (char *p = d + 1; d && *p; p++)
        if (*p == '/') {
          *p = 0;
          acs_sys_mkdir(d, 0777);
          *p = '/';
        }
      if (d) acs_sys_mkdir(d, 0777);
      free(d);
      int r = acs_sys_chdir(u->exdir);
      if (r < 0) {
        err(u, "checkdir:  cannot create extraction directory: %s\n           %s\n", u->exdir, cmd_strerror(r));
        L->read_free(a);
        return 3;
      }
    }
    xsafe_init(xs, u->c, xfail);
    xs->same_owner = false;
  }
  /* member data, apart from u->buf (the reader's own) */
  static char data[65536];
  uint64_t total = 0;
  unsigned long count = 0;
  int tested_bad = 0;
  if (u->list && u->quiet < 2 && !u->names_only)
    cmd_puts(u->c, "  Length      Date    Time    Name\n---------  ---------- -----   ----\n");
  struct archive_entry *e;
  int r;
  while ((r = L->read_next_header(a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN) {
    const char *name = L->entry_pathname(e);
    if (!name) continue;
    if (!wanted(u, name)) continue;
    size_t nl = strlen(name);
    bool dir = L->entry_filetype(e) == AE_IFDIR || (nl && name[nl - 1] == '/');
    bool lnk = L->entry_filetype(e) == AE_IFLNK;
    if (u->names_only) {
      cmd_puts(u->c, name);
      cmd_putc(u->c, '\n');
      continue;
    }
    if (u->list) {
      time_t mt = L->entry_mtime(e);
      struct tm tm;
      char date[32] = "";
      if (localtime_r(&mt, &tm)) strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
      uint64_t size = lnk && L->entry_symlink(e) ? strlen(L->entry_symlink(e)) : (uint64_t)L->entry_size(e);
      cmd_printf(u->c, "%9llu  %s   %s\n", (unsigned long long)size, date, name);
      total += size;
      count++;
      continue;
    }
    if (u->pipe) {
      if (!dir && !lnk) {
        la_ssize_t n;
        while ((n = L->read_data(a, data, sizeof data)) > 0 && !cmd_out_error(u->c)) cmd_out(u->c, data, (size_t)n);
      }
      continue;
    }
    if (u->test) {
      la_ssize_t n;
      while ((n = L->read_data(a, data, sizeof data)) > 0) {
      }
      if (!u->quiet) {
        cmd_printf(u->c, "    testing: %-22s   %s\n", name, n < 0 ? "bad" : "OK");
      }
      if (n < 0) tested_bad++;
      count++;
      continue;
    }
    char *clean_name = clean(u, name);
    if (!clean_name || !*clean_name || (u->junk && dir)) {
      free(clean_name);
      continue;
    }
    char *shown = u->exdir ? cmd_path_join(u->exdir, clean_name) : strdup(clean_name);
    acs__sys_stat st;
    bool exists = !dir && acs_sys_lstat(clean_name, &st) == 0;
    if (exists && !may_replace(u, shown ? shown : clean_name)) {
      free(shown);
      free(clean_name);
      continue;
    }
    const char *target = lnk ? L->entry_symlink(e) : NULL;
    if (blocked_parent(u, clean_name)) {
      /* unzip says so before its extracting line */
      xfail(xs, clean_name, "open", -ENOTDIR);
      u->status = u->status > 2 ? u->status : 2;
      free(shown);
      free(clean_name);
      continue;
    }
    if (!u->quiet) {
      if (dir) {
        if (!made_before(clean_name)) cmd_printf(u->c, "   creating: %s\n", shown);
      } else if (lnk) cmd_printf(u->c, "    linking: %-22s  -> %s \n", shown, target ? target : "");
      else {
        const char *fmt = L->format_name(a);
        bool stored = fmt && strstr(fmt, "uncompressed");
        cmd_printf(u->c, "%s: %-22s  \n", stored ? " extracting" : "  inflating", shown);
      }
    }
    size_t cl = strlen(clean_name);
    while (cl > 1 && clean_name[cl - 1] == '/') clean_name[--cl] = 0;
    unsigned perm = L->entry_perm(e);
    if (!perm) perm = dir ? 0755 : 0644;
    xsafe_entry xe = {.name = clean_name, .type = dir ? XS_DIR : lnk ? XS_SYMLINK : XS_FILE,
                      .link = target ? target : "", .mode = perm, .have_mtime = true,
                      .mtime = L->entry_mtime(e)};
    dsrc d = {u, a, false};
    if (xsafe_put(xs, &xe, data_read, &d) < 0 || d.bad) u->status = u->status > 2 ? u->status : 2;
    if (lnk && shown) {
      char **l = realloc(u->links, (u->nlinks + 2) * sizeof *l);
      if (l) {
        u->links = l;
        char *line = malloc(strlen(shown) + strlen(target ? target : "") + 40);
        if (line) sprintf(line, "  %-22s -> %s\n", shown, target ? target : "");
        u->links[u->nlinks++] = line;
      }
    }
    free(shown);
    free(clean_name);
    count++;
    if (cmd_out_error(u->c)) break;
  }
  if (extracting) {
    if (u->nlinks && !u->quiet) {
      cmd_puts(u->c, "finishing deferred symbolic links:\n");
      for (size_t i = 0; i < u->nlinks; i++)
        if (u->links[i]) cmd_puts(u->c, u->links[i]);
    }
    xsafe_finish(xs);
  }
  for (size_t i = 0; i < u->nlinks; i++) free(u->links[i]);
  free(u->links);
  if (r == ARCHIVE_FATAL) {
    err(u, "error: %s\n", L->error_string(a) ? L->error_string(a) : "invalid zip");
    if (u->status < 2) u->status = 2;
  }
  if (u->list && u->quiet < 2 && !u->names_only)
    cmd_printf(u->c, "---------                     -------\n%9llu                     %lu file%s\n",
               (unsigned long long)total, count, count == 1 ? "" : "s");
  if (u->test) {
    if (tested_bad) {
      cmd_printf(u->c, "At least one error was detected in %s.\n", zipname);
      u->status = 2;
    } else if (!u->quiet || u->quiet == 1) {
      cmd_printf(u->c, "No errors detected in compressed data of %s.\n", zipname);
    }
  }
  L->read_free(a);
  for (int i = 0; i < u->npats; i++) {
    if (u->matched[i]) continue;
    err(u, "caution: filename not matched:  %s\n", u->pats[i]);
    u->status = 11;
  }
  return u->status;
}

int acs__cmd_unzip(acs_cmd *c, int argc, char **argv)
{
  unz u = {.c = c};
  _Static_assert(offsetof(unz, x) == 0, "unz starts with its xsafe");
  char *zipname = NULL;
  u.pats = calloc((size_t)argc + 1, sizeof *u.pats);
  u.xpats = calloc((size_t)argc + 1, sizeof *u.xpats);
  u.matched = calloc((size_t)argc + 1, sizeof *u.matched);
  if (!u.pats || !u.xpats || !u.matched) return 3;
  bool in_x = false;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (a[0] == '-' && a[1]) {
      in_x = false;
      if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
        cmd_puts(c, c->help);
        return 0;
      }
      for (const char *p = a + 1; *p; p++) {
        switch (*p) {
        case 'l': u.list = true; break;
        case 't': u.test = true; break;
        case 'p': u.pipe = true; break;
        case 'j': u.junk = true; break;
        case 'o': u.over = true; break;
        case 'n': u.never = true; break;
        case 'q': u.quiet++; break;
        case 'x': in_x = true; break;
        case 'd':
          if (p[1]) u.exdir = p + 1;
          else if (i + 1 < argc) u.exdir = argv[++i];
          p += strlen(p) - 1;
          break;
        case 'Z':
          /* zipinfo mode: only its -1 (names, one a line) is done */
          if (p[1] == '1') p++;
          else if (i + 1 < argc && !strcmp(argv[i + 1], "-1")) i++;
          u.names_only = u.list = true;
          break;
        case 'v': case 'a': case 'X': case 'D': break;
        default: {
          err(&u, "error:  -%c: unknown option\n", *p);
          return 10;
        }
        }
      }
      continue;
    }
    if (in_x) u.xpats[u.nxpats++] = a;
    else if (!zipname) zipname = a;
    else u.pats[u.npats++] = a;
  }
  if (!zipname) {
    cmd_puts(c, c->help);
    return 0;
  }
  /* unzip tries NAME, NAME.zip and NAME.ZIP */
  char *tries[3] = {strdup(zipname), malloc(strlen(zipname) + 5), malloc(strlen(zipname) + 5)};
  if (!tries[0] || !tries[1] || !tries[2]) return 3;
  sprintf(tries[1], "%s.zip", zipname);
  sprintf(tries[2], "%s.ZIP", zipname);
  const char *used = NULL;
  u.fd = -1;
  for (int i = 0; i < 3 && u.fd < 0; i++) {
    acs__sys_stat st;
    if (acs_sys_stat(tries[i], &st) < 0 || S_ISDIR(st.mode)) continue;
    u.fd = acs_sys_open(tries[i], O_RDONLY, 0);
    used = tries[i];
  }
  int status;
  if (u.fd < 0) {
    err(&u, "unzip:  cannot find or open %s, %s.zip or %s.ZIP.\n", zipname, zipname, zipname);
    status = 9;
  } else if (!larch_load(c, &u.L) || !(u.buf = malloc(65536))) {
    status = 3;
  } else {
    status = run(&u, used);
  }
  if (u.fd >= 0) acs_sys_close(u.fd);
  for (int i = 0; i < 3; i++) free(tries[i]);
  free(u.buf);
  free(u.pats);
  free(u.xpats);
  free(u.matched);
  return status;
}

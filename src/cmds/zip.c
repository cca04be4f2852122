/* zip.c - package and compress (archive) files (libarchive's zip writer).
**
** Usage: zip [-options] zipfile list [-x list]
**   The default action is to add or replace zipfile entries from list.
**   If zipfile and list are omitted, zip prints this help.
**   -r   recurse into directories     -j   junk (don't record) directory names
**   -0   store only                   -1   compress faster
**   -9   compress better              -q   quiet operation
**   -y   store symbolic links as the link instead of the referenced file
**   -D   do not add directory entries       -d   delete entries in zipfile
**   -m   move into zipfile (delete OS files)
**   -x   exclude the names that follow (wildcards match '/' too)
**   -h   show this help
*/

/* Info-ZIP's zip 3.0 command line for what agents use: an archive named
** without a suffix gets ".zip"; an existing archive is updated (its
** entries are copied into a new one, those named again replaced:
** "updating:"), written beside it and renamed over it. Each file is
** deflated unless that does not make it smaller (then stored), as zip
** decides; the size is measured with zlib at the same level first. Names
** lose a leading "/" and "./"; directories are walked in name order. */
#include "lib_codec.h"
#include "lib_larch.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct item {
  char *path; /* on disk */
  char *name; /* in the archive */
  acs__sys_stat st;
} item;

typedef struct zipper {
  acs_cmd *c;
  larch L;
  int level;
  bool recurse, junk, quiet, symlinks, no_dirs, move;
  char **del;      /* -d: patterns of the entries to delete */
  int ndel;
  bool *del_used;
  char **excl;
  int nexcl;
  item *items;
  size_t nitems, cap;
  int fd;
  int werr;
  char *buf;
  bool self_known; /* the archive's own file, never added to itself */
  uint64_t self_dev, self_ino;
} zipper;

static void zmsg(zipper *z, const char *fmt, const char *arg)
{
  char b[5000];
  int n = snprintf(b, sizeof b, fmt, arg);
  cmd_flush(z->c);
  if (n > 0) acs_sys_write_all(2, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

static bool excluded(zipper *z, const char *name)
{
  for (int i = 0; i < z->nexcl; i++)
    if (fnmatch(z->excl[i], name, 0) == 0) return true;
  return false;
}

static void add_item(zipper *z, const char *path, const char *name, const acs__sys_stat *st)
{
  if (excluded(z, name)) return;
  for (size_t i = 0; i < z->nitems; i++)
    if (!strcmp(z->items[i].name, name)) return;
  if (z->nitems == z->cap) {
    size_t cap = z->cap ? z->cap * 2 : 32;
    item *it = realloc(z->items, cap * sizeof *it);
    if (!it) return;
    z->items = it;
    z->cap = cap;
  }
  z->items[z->nitems++] = (item){strdup(path), strdup(name), *st};
}

static const char *clean_name(const char *p)
{
  for (;;) {
    if (*p == '/') p++;
    else if (p[0] == '.' && p[1] == '/') p += 2;
    else return p;
  }
}

static void collect(zipper *z, const char *path, bool top)
{
  acs__sys_stat st;
  int r = z->symlinks ? acs_sys_lstat(path, &st) : acs_sys_stat(path, &st);
  if (r < 0) {
    if (top) zmsg(z, "\tzip warning: name not matched: %s\n", path);
    return;
  }
  const char *base = strrchr(path, '/');
  base = base && base[1] ? base + 1 : path;
  if (S_ISDIR(st.mode)) {
    if (!z->no_dirs && !z->junk) {
      const char *n = clean_name(path);
      if (*n && strcmp(n, ".") && strcmp(n, "./")) {
        size_t len = strlen(n);
        char *dn = malloc(len + 2);
        if (dn) {
          memcpy(dn, n, len + 1);
          if (n[len - 1] != '/') strcpy(dn + len, "/");
          add_item(z, path, dn, &st);
          free(dn);
        }
      }
    }
    if (!z->recurse) return;
    cmd_dirent *ents;
    size_t n;
    if (cmd_dir_read(path, &ents, &n) < 0) return;
    for (size_t i = 1; i < n; i++)
      for (size_t j = i; j > 0 && strcmp(ents[j - 1].name, ents[j].name) > 0; j--) {
        cmd_dirent t = ents[j];
        ents[j] = ents[j - 1];
        ents[j - 1] = t;
      }
    for (size_t i = 0; i < n; i++) {
      char *p = cmd_path_join(path, ents[i].name);
      if (p) collect(z, p, false);
      free(p);
    }
    cmd_dir_free(ents, n);
    return;
  }
  if (!S_ISREG(st.mode) && !S_ISLNK(st.mode)) return;
  if (z->self_known && st.dev == z->self_dev && st.ino == z->self_ino) return;
  add_item(z, path, z->junk ? base : clean_name(path), &st);
}

static la_ssize_t write_cb(struct archive *a, void *ctx, const void *p, size_t n)
{
  (void)a;
  zipper *z = ctx;
  if (z->fd == 1) {
    cmd_out(z->c, p, n);
    z->werr = cmd_out_error(z->c);
    return z->werr ? -1 : (la_ssize_t)n;
  }
  int r = acs_sys_write_all(z->fd, p, n);
  if (r < 0) {
    z->werr = r;
    return -1;
  }
  return (la_ssize_t)n;
}
static int nop_cb(struct archive *a, void *ctx) { (void)a, (void)ctx; return ARCHIVE_OK; }

/* What deflating the file would come to, or -1 (then it is deflated). */
static int64_t deflated_size(zipper *z, const char *path)
{
  int fd = acs_sys_open(path, O_RDONLY, 0);
  if (fd < 0) return -1;
  codec *cz = codec_new(z->c, CODEC_GZIP, true, z->level);
  if (!cz) {
    acs_sys_close(fd);
    return -1;
  }
  static unsigned char out[65536];
  int64_t total = 0;
  for (bool eof = false; !eof;) {
    ssize_t n = acs_sys_read(fd, z->buf, 65536);
    if (n < 0) break;
    eof = n == 0;
    size_t pos = 0;
    for (;;) {
      size_t il = (size_t)n - pos, ol = sizeof out;
      int r = codec_run(cz, z->buf + pos, &il, out, &ol, eof);
      pos += il;
      total += (int64_t)ol;
      if (r == CODEC_END || r < 0 || (!eof && pos == (size_t)n && ol < sizeof out)) break;
    }
  }
  codec_free(cz);
  acs_sys_close(fd);
  return total - 18; /* the gzip wrapper's header and trailer */
}

static int percent(uint64_t n, uint64_t m)
{
  if (n > 0xffffff) {
    n = (n + 0x80) >> 8;
    m = (m + 0x80) >> 8;
  }
  return n > m ? (int)((1 + (200 * (n - m) / n)) / 2) : 0;
}

static int write_item(zipper *z, struct archive *a, struct archive_entry *e, item *it, const char *verb)
{
  larch *L = &z->L;
  L->entry_clear(e);
  L->entry_set_pathname(e, it->name);
  L->entry_set_mtime(e, (time_t)it->st.mtime_s, 0);
  L->entry_set_uid(e, it->st.uid);
  L->entry_set_gid(e, it->st.gid);
  L->entry_set_perm(e, it->st.mode & 07777);
  int64_t dsize = -1;
  char link[4096];
  if (S_ISDIR(it->st.mode)) {
    L->entry_set_filetype(e, AE_IFDIR);
    L->entry_set_size(e, 0);
    L->write_zip_set_compression_store(a);
  } else if (S_ISLNK(it->st.mode)) {
    ssize_t n = acs_sys_readlink(it->path, link, sizeof link - 1);
    if (n < 0) return 0;
    link[n] = 0;
    L->entry_set_filetype(e, AE_IFLNK);
    L->entry_set_symlink(e, link);
    L->entry_set_size(e, 0);
    L->write_zip_set_compression_store(a);
  } else {
    L->entry_set_filetype(e, AE_IFREG);
    L->entry_set_size(e, (la_int64_t)it->st.size);
    dsize = z->level && it->st.size ? deflated_size(z, it->path) : (int64_t)it->st.size;
    if (dsize >= 0 && (uint64_t)dsize >= it->st.size) {
      L->write_zip_set_compression_store(a);
      dsize = -2;
    } else {
      L->write_zip_set_compression_deflate(a);
    }
  }
  if (!z->quiet) {
    char b[4300];
    if (dsize >= 0)
      snprintf(b, sizeof b, "%s: %s (deflated %d%%)\n", verb, it->name, percent(it->st.size, (uint64_t)dsize));
    else
      snprintf(b, sizeof b, "%s: %s (stored 0%%)\n", verb, it->name);
    cmd_puts(z->c, b);
  }
  if (L->write_header(a, e) < ARCHIVE_WARN) return -1;
  if (!S_ISREG(it->st.mode)) return 0;
  int fd = acs_sys_open(it->path, O_RDONLY, 0);
  if (fd < 0) return 0;
  ssize_t n;
  while ((n = acs_sys_read(fd, z->buf, 65536)) > 0)
    if (L->write_data(a, z->buf, (size_t)n) < 0) break;
  acs_sys_close(fd);
  return 0;
}

typedef struct rsrc {
  int fd;
  char *buf;
} rsrc;

static la_ssize_t rcb(struct archive *a, void *ctx, const void **out)
{
  (void)a;
  rsrc *s = ctx;
  ssize_t n = acs_sys_read(s->fd, s->buf, 65536);
  *out = s->buf;
  return n < 0 ? -1 : (la_ssize_t)n;
}

/* The entries of the existing archive at path into a, those named again
** replaced (marked in done[]). */
static int copy_old(zipper *z, const char *path, struct archive *a, struct archive_entry *e, bool *done)
{
  larch *L = &z->L;
  int fd = acs_sys_open(path, O_RDONLY, 0);
  if (fd < 0) return 0;
  struct archive *r = L->read_new();
  L->read_support_format_zip_streamable(r);
  rsrc s = {fd, malloc(65536)};
  int ok = 0;
  if (s.buf && L->read_open(r, &s, nop_cb, rcb, nop_cb) == ARCHIVE_OK) {
    struct archive_entry *oe;
    while (L->read_next_header(r, &oe) == ARCHIVE_OK) {
      const char *name = L->entry_pathname(oe);
      bool gone = false;
      for (int k = 0; name && k < z->ndel; k++)
        if (fnmatch(z->del[k], name, 0) == 0) gone = z->del_used[k] = true;
      if (gone) {
        if (!z->quiet) {
          cmd_puts(z->c, "deleting: ");
          cmd_puts(z->c, name);
          cmd_putc(z->c, '\n');
        }
        continue;
      }
      size_t i;
      for (i = 0; i < z->nitems; i++)
        if (name && !strcmp(z->items[i].name, name)) break;
      if (i < z->nitems) {
        done[i] = true;
        if (write_item(z, a, e, &z->items[i], "updating") < 0) ok = -1;
        continue;
      }
      L->write_zip_set_compression_deflate(a);
      if (L->write_header(a, oe) < ARCHIVE_WARN) {
        ok = -1;
        break;
      }
      la_ssize_t n;
      while ((n = L->read_data(r, z->buf, 65536)) > 0) L->write_data(a, z->buf, (size_t)n);
    }
  }
  L->read_free(r);
  free(s.buf);
  acs_sys_close(fd);
  return ok;
}

int acs__cmd_zip(acs_cmd *c, int argc, char **argv)
{
  zipper z = {.c = c, .level = 6};
  char *zipname = NULL;
  char **files = calloc((size_t)argc + 1, sizeof *files);
  z.excl = calloc((size_t)argc + 1, sizeof *z.excl);
  int nfiles = 0;
  bool in_excl = false, deleting = false;
  if (!files || !z.excl) return 16;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (a[0] == '-' && a[1]) {
      in_excl = false;
      if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
        cmd_puts(c, c->help);
        return 0;
      }
      for (const char *p = a + 1; *p; p++) {
        switch (*p) {
        case 'r': z.recurse = true; break;
        case 'j': z.junk = true; break;
        case 'q': z.quiet = true; break;
        case 'y': z.symlinks = true; break;
        case 'D': z.no_dirs = true; break;
        case 'x': in_excl = true; break;
        case 'd': deleting = true; break;
        case 'm': z.move = true; break;
        case 'v': break;
        default:
          if (*p >= '0' && *p <= '9') {
            z.level = *p - '0';
            break;
          }
          {
            char b[64];
            snprintf(b, sizeof b, "%c", *p);
            zmsg(&z, "zip error: Invalid command arguments (no such option: %s)\n", b);
          }
          return 16;
        }
      }
      continue;
    }
    if (in_excl) z.excl[z.nexcl++] = a;
    else if (!zipname) zipname = a;
    else files[nfiles++] = a;
  }
  if (!zipname) {
    cmd_puts(c, c->help);
    return 0;
  }
  char *zn = zipname;
  const char *base = strrchr(zipname, '/');
  base = base ? base + 1 : zipname;
  if (!strchr(base, '.') && strcmp(zipname, "-")) {
    zn = malloc(strlen(zipname) + 5);
    if (!zn) return 16;
    strcpy(zn, zipname);
    strcat(zn, ".zip");
  }
  acs__sys_stat self;
  if (acs_sys_stat(zn, &self) == 0) {
    z.self_known = true;
    z.self_dev = self.dev;
    z.self_ino = self.ino;
  }
  if (deleting) {
    z.del = files;
    z.ndel = nfiles;
    z.del_used = calloc((size_t)nfiles + 1, sizeof *z.del_used);
    if (!z.del_used) return 16;
    nfiles = 0;
  }
  for (int i = 0; i < nfiles; i++) collect(&z, files[i], true);
  if (deleting && !z.self_known) {
    zmsg(&z, "\tzip warning: %s not found or empty\n", zn);
    for (int k = 0; k < z.ndel; k++) zmsg(&z, "\tzip warning: name not matched: %s\n", z.del[k]);
    zmsg(&z, "\nzip error: Nothing to do! (%s)\n", zn);
    return 12;
  }
  if (z.nitems == 0 && !deleting) {
    zmsg(&z, "\nzip error: Nothing to do! (%s)\n", zn);
    return 12;
  }
  if (!larch_load(c, &z.L)) return 16;
  larch *L = &z.L;
  char *tmp = malloc(strlen(zn) + 16);
  if (!tmp) return 16;
  sprintf(tmp, "%s.acs-zip-tmp", zn);
  acs__sys_stat old;
  bool to_stdout = !strcmp(zn, "-"); /* zip - writes the archive on stdout */
  bool exists = !to_stdout && acs_sys_stat(zn, &old) == 0;
  if (to_stdout) z.quiet = true;
  z.fd = to_stdout ? 1 : acs_sys_open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (z.fd < 0) {
    zmsg(&z, "zip I/O error: %s\n", cmd_strerror(z.fd));
    zmsg(&z, "zip error: Could not create output file (%s)\n", zn);
    return 15;
  }
  z.buf = malloc(65536);
  struct archive *a = L->write_new();
  struct archive_entry *e = L->entry_new();
  bool *done = calloc(z.nitems + 1, sizeof *done);
  int bad = !z.buf || !a || !e || !done || L->write_set_format_zip(a) != ARCHIVE_OK;
  if (!bad) {
    char opt[64];
    snprintf(opt, sizeof opt, "zip:compression-level=%d", z.level);
    L->write_set_options(a, opt);
    L->write_set_bytes_in_last_block(a, 1);
    bad = L->write_open(a, &z, nop_cb, write_cb, nop_cb) != ARCHIVE_OK;
  }
  if (!bad && exists) bad = copy_old(&z, zn, a, e, done) < 0;
  if (deleting) {
    bool any = false;
    for (int k = 0; k < z.ndel; k++) {
      if (z.del_used[k]) any = true;
      else zmsg(&z, "\tzip warning: name not matched: %s\n", z.del[k]);
    }
    if (!any) {
      L->write_free(a);
      a = NULL;
      acs_sys_close(z.fd);
      acs_sys_unlink(tmp);
      zmsg(&z, "\nzip error: Nothing to do! (%s)\n", zn);
      free(tmp);
      return 12;
    }
  }
  for (size_t i = 0; i < z.nitems && !bad; i++)
    if (!done[i]) bad = write_item(&z, a, e, &z.items[i], "  adding") < 0;
  if (a && L->write_close(a) != ARCHIVE_OK) bad = 1;
  if (!to_stdout) acs_sys_close(z.fd);
  if (to_stdout) {
  } else if (bad) {
    const char *why = z.werr ? cmd_strerror(z.werr) : a && L->error_string(a) ? L->error_string(a) : "write failed";
    zmsg(&z, "zip error: %s\n", why);
    acs_sys_unlink(tmp);
  } else if (acs_sys_rename(tmp, zn) < 0) {
    zmsg(&z, "zip error: Could not create output file (%s)\n", zn);
    acs_sys_unlink(tmp);
    bad = 1;
  }
  if (!bad && z.move) {
    /* -m: what was stored goes, directories last (deepest first) */
    for (size_t i = z.nitems; i-- > 0;) {
      if (S_ISDIR(z.items[i].st.mode)) acs_sys_rmdir(z.items[i].path);
      else acs_sys_unlink(z.items[i].path);
    }
  }
  if (a) L->write_free(a);
  if (e) L->entry_free(e);
  free(z.del_used);
  for (size_t i = 0; i < z.nitems; i++) {
    free(z.items[i].path);
    free(z.items[i].name);
  }
  free(z.items);
  free(done);
  free(z.buf);
  free(tmp);
  free(files);
  free(z.excl);
  if (zn != zipname) free(zn);
  return bad ? 15 : 0;
}

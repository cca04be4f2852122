/* tar_create.c - tar -c: the named files and directories into an archive. */

/* Entries are GNU format (tar 1.34's default), made by libarchive's gnutar
** writer from what acs_sys_lstat says; the data is read through box
** descriptors and the archive written through them (or standard output).
** Directories are walked in name order (GNU's order is the directory's,
** which a memfs and a tmpfs do not share; --sort=name gives the same on
** both), stored as "dir/". A file seen again with the same device and
** inode is a hard link entry. The archive itself is never stored ("file
** is the archive; not dumped"). */
#include "tar.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct linkrec {
  uint64_t dev, ino;
  char *name;
} linkrec;

typedef struct cstate {
  tar *t;
  struct archive *a;
  struct archive_entry *e;
  int fd; /* the archive's, 1 for stdout */
  int werr;
  uint64_t arch_dev, arch_ino, orig_dev, orig_ino; /* the archive, and the one -r replaces */
  bool arch_known, orig_known;
  linkrec *links;
  size_t nlinks, caplinks;
  char *buf;
} cstate;

static la_ssize_t write_cb(struct archive *a, void *ctx, const void *p, size_t n)
{
  (void)a;
  cstate *s = ctx;
  if (s->fd == 1) {
    cmd_out(s->t->c, p, n);
    if (cmd_out_error(s->t->c)) {
      s->werr = cmd_out_error(s->t->c);
      return -1;
    }
    return (la_ssize_t)n;
  }
  int r = acs_sys_write_all(s->fd, p, n);
  if (r < 0) {
    s->werr = r;
    return -1;
  }
  return (la_ssize_t)n;
}

static int open_cb(struct archive *a, void *ctx) { (void)a, (void)ctx; return ARCHIVE_OK; }
static int close_cb(struct archive *a, void *ctx) { (void)a, (void)ctx; return ARCHIVE_OK; }

static void verbose_name(tar *t, struct archive_entry *e, const char *name)
{
  if (!t->verbose) return;
  if (t->verbose > 1) {
    tar_list_line(t, e, name, t->verbose_to_err);
    return;
  }
  char *q = tar_quoted(name);
  if (!q) return;
  if (t->verbose_to_err) {
    cmd_flush(t->c);
    acs_sys_write_all(2, q, strlen(q));
    acs_sys_write_all(2, "\n", 1);
  } else {
    cmd_puts(t->c, q);
    cmd_putc(t->c, '\n');
  }
  free(q);
}

static const char *seen_link(cstate *s, const acs__sys_stat *st, const char *name)
{
  for (size_t i = 0; i < s->nlinks; i++)
    if (s->links[i].dev == st->dev && s->links[i].ino == st->ino) return s->links[i].name;
  if (s->nlinks == s->caplinks) {
    size_t cap = s->caplinks ? s->caplinks * 2 : 16;
    linkrec *l = realloc(s->links, cap * sizeof *l);
    if (!l) return NULL;
    s->links = l;
    s->caplinks = cap;
  }
  s->links[s->nlinks++] = (linkrec){st->dev, st->ino, strdup(name)};
  return NULL;
}

/* The member name for a path: without leading '/' (reported once) unless -P. */
static const char *member_name(tar *t, const char *path, bool *told)
{
  if (t->absolute || path[0] != '/') return path;
  const char *p = path;
  while (*p == '/') p++;
  if (!*told) {
    tar_msg(t, "Removing leading `/' from member names");
    *told = true;
  }
  return *p ? p : ".";
}

static void fill_owner(tar *t, struct archive_entry *e, const acs__sys_stat *st)
{
  larch *L = &t->L;
  uint32_t uid = st->uid, gid = st->gid;
  char un[256] = "", gn[256] = "";
  if (t->owner) {
    const char *colon = strchr(t->owner, ':');
    char name[256];
    snprintf(name, sizeof name, "%.*s", colon ? (int)(colon - t->owner) : (int)strlen(t->owner), t->owner);
    if (colon) uid = (uint32_t)strtoul(colon + 1, NULL, 10);
    else if (!cmd_user_id(name, &uid)) uid = 0;
    if (!(name[0] >= '0' && name[0] <= '9')) snprintf(un, sizeof un, "%s", name);
    else if (!cmd_user_name(uid, un, sizeof un)) un[0] = 0;
  } else if (!cmd_user_name(uid, un, sizeof un)) {
    un[0] = 0;
  }
  if (t->group) {
    const char *colon = strchr(t->group, ':');
    char name[256];
    snprintf(name, sizeof name, "%.*s", colon ? (int)(colon - t->group) : (int)strlen(t->group), t->group);
    if (colon) gid = (uint32_t)strtoul(colon + 1, NULL, 10);
    else if (!cmd_group_id(name, &gid)) gid = 0;
    if (!(name[0] >= '0' && name[0] <= '9')) snprintf(gn, sizeof gn, "%s", name);
    else if (!cmd_group_name(gid, gn, sizeof gn)) gn[0] = 0;
  } else if (!cmd_group_name(gid, gn, sizeof gn)) {
    gn[0] = 0;
  }
  L->entry_set_uid(e, uid);
  L->entry_set_gid(e, gid);
  if (!t->numeric_owner) {
    if (un[0]) L->entry_set_uname(e, un);
    if (gn[0]) L->entry_set_gname(e, gn);
  }
}

static int add_path(cstate *s, const char *path, const char *name);

static int add_dir_members(cstate *s, const char *path, const char *name)
{
  cmd_dirent *ents;
  size_t n;
  int r = cmd_dir_read(path, &ents, &n);
  if (r < 0) {
    char q[1024];
    tar_msg(s->t, "%s: Cannot open: %s", tar_q(path, q, sizeof q), cmd_strerror(r));
    s->t->errors++;
    return 0;
  }
  /* name order: see the head comment */
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && strcmp(ents[j - 1].name, ents[j].name) > 0; j--) {
      cmd_dirent tmp = ents[j];
      ents[j] = ents[j - 1];
      ents[j - 1] = tmp;
    }
  int fatal = 0;
  for (size_t i = 0; i < n && !fatal; i++) {
    char *p = cmd_path_join(path, ents[i].name);
    char *m = cmd_path_join(name, ents[i].name);
    if (p && m) fatal = add_path(s, p, m);
    free(p);
    free(m);
  }
  cmd_dir_free(ents, n);
  return fatal;
}

/* Adds path as member name; returns nonzero on a fatal (write) error. */
static int add_path(cstate *s, const char *path, const char *name)
{
  tar *t = s->t;
  larch *L = &t->L;
  char q[1024];
  if (tar_excluded(t, name)) return 0;
  acs__sys_stat st;
  int r = t->dereference ? acs_sys_stat(path, &st) : acs_sys_lstat(path, &st);
  if (r < 0) {
    tar_msg(t, "%s: Cannot stat: %s", tar_q(path, q, sizeof q), cmd_strerror(r));
    t->errors++;
    return 0;
  }
  if (s->arch_known && st.dev == s->arch_dev && st.ino == s->arch_ino && t->mode == 'r') return 0; /* -r's copy */
  if ((s->arch_known && st.dev == s->arch_dev && st.ino == s->arch_ino) ||
      (s->orig_known && st.dev == s->orig_dev && st.ino == s->orig_ino)) {
    tar_msg(t, "%s: file is the archive; not dumped", tar_q(path, q, sizeof q));
    return 0;
  }
  struct archive_entry *e = L->entry_clear(s->e);
  char *xname = t->xforms ? tar_xform_name(t->xforms, name, TAR_XF_NAME) : NULL;
  const char *stored = xname ? xname : name;
  size_t nl = strlen(stored);
  char *mname = malloc(nl + 2);
  if (!mname) {
    free(xname);
    return -1;
  }
  memcpy(mname, stored, nl + 1);
  free(xname);
  if (S_ISDIR(st.mode) && (nl == 0 || name[nl - 1] != '/')) strcpy(mname + nl, "/");
  L->entry_set_pathname(e, mname);
  L->entry_set_perm(e, st.mode & 07777);
  fill_owner(t, e, &st);
  L->entry_set_mtime(e, t->have_mtime ? (time_t)t->mtime : (time_t)st.mtime_s, t->have_mtime ? 0 : st.mtime_ns);
  int fd = -1;
  const char *hl = NULL;
  if (S_ISREG(st.mode) && st.nlink > 1) hl = seen_link(s, &st, name);
  if (hl) {
    L->entry_set_filetype(e, AE_IFREG);
    char *xl = t->xforms ? tar_xform_name(t->xforms, hl, TAR_XF_HARDLINK) : NULL;
    L->entry_set_hardlink(e, xl ? xl : hl);
    free(xl);
    L->entry_set_size(e, 0);
  } else if (S_ISREG(st.mode)) {
    fd = acs_sys_open(path, O_RDONLY, 0);
    if (fd < 0) {
      tar_msg(t, "%s: Cannot open: %s", tar_q(path, q, sizeof q), cmd_strerror(fd));
      t->errors++;
      free(mname);
      return 0;
    }
    L->entry_set_filetype(e, AE_IFREG);
    L->entry_set_size(e, (la_int64_t)st.size);
  } else if (S_ISDIR(st.mode)) {
    L->entry_set_filetype(e, AE_IFDIR);
    L->entry_set_size(e, 0);
  } else if (S_ISLNK(st.mode)) {
    char target[4096];
    ssize_t n = acs_sys_readlink(path, target, sizeof target - 1);
    if (n < 0) {
      tar_msg(t, "%s: Cannot readlink: %s", tar_q(path, q, sizeof q), cmd_strerror((int)n));
      t->errors++;
      free(mname);
      return 0;
    }
    target[n] = 0;
    L->entry_set_filetype(e, AE_IFLNK);
    char *xl = t->xforms ? tar_xform_name(t->xforms, target, TAR_XF_SYMLINK) : NULL;
    L->entry_set_symlink(e, xl ? xl : target);
    free(xl);
    L->entry_set_size(e, 0);
  } else if (S_ISFIFO(st.mode)) {
    L->entry_set_filetype(e, AE_IFIFO);
    L->entry_set_size(e, 0);
  } else {
    tar_msg(t, "%s: socket ignored", tar_q(path, q, sizeof q));
    free(mname);
    return 0;
  }
  verbose_name(t, e, mname);
  if (L->write_header(s->a, e) < ARCHIVE_WARN) {
    if (fd >= 0) acs_sys_close(fd);
    free(mname);
    return -1;
  }
  int fatal = 0;
  if (fd >= 0) {
    uint64_t left = st.size;
    while (left > 0) {
      ssize_t n = acs_sys_read(fd, s->buf, left < 65536 ? (size_t)left : 65536);
      if (n < 0) {
        tar_msg(t, "%s: Read error: %s", tar_q(path, q, sizeof q), cmd_strerror((int)n));
        t->errors++;
        break;
      }
      if (n == 0) {
        tar_msg(t, "%s: File shrank by %llu bytes; padding with zeros", tar_q(path, q, sizeof q),
                (unsigned long long)left);
        t->errors++;
        break;
      }
      if (L->write_data(s->a, s->buf, (size_t)n) < 0) {
        fatal = -1;
        break;
      }
      left -= (uint64_t)n;
    }
    /* libarchive pads a short member with zeros itself */
    acs_sys_close(fd);
  }
  if (!fatal && S_ISDIR(st.mode) && !t->no_recursion) fatal = add_dir_members(s, path, name);
  if (!fatal && t->remove_files) {
    /* a directory goes once its members have; what is left in it stays */
    int r = S_ISDIR(st.mode) ? acs_sys_rmdir(path) : acs_sys_unlink(path);
    if (r < 0 && !(S_ISDIR(st.mode) && r == -ENOTEMPTY)) {
      tar_msg(t, "%s: Cannot %s: %s", tar_q(path, q, sizeof q), S_ISDIR(st.mode) ? "rmdir" : "unlink", cmd_strerror(r));
      t->errors++;
    }
  }
  free(mname);
  return fatal;
}

typedef struct oldsrc {
  int fd;
  char *buf;
} oldsrc;

static la_ssize_t old_read(struct archive *a, void *ctx, const void **out)
{
  (void)a;
  oldsrc *o = ctx;
  ssize_t n = acs_sys_read(o->fd, o->buf, 65536);
  *out = o->buf;
  return n < 0 ? -1 : (la_ssize_t)n;
}

/* tar -r: the members of the archive as it is, copied into s->a (the new
** archive is written beside it and renamed over it, which appends as far
** as anyone reading it can tell). 0, 1 when there is none yet, or -1
** (reported). */
static int copy_old(cstate *s, const char *path)
{
  tar *t = s->t;
  larch *L = &t->L;
  int fd = acs_sys_open(path, O_RDONLY, 0);
  if (fd == -ENOENT) return 1;
  char q[1024];
  if (fd < 0) {
    tar_msg(t, "%s: Cannot open: %s", tar_q(path, q, sizeof q), cmd_strerror(fd));
    return -1;
  }
  oldsrc o = {fd, malloc(65536)};
  struct archive *r = L->read_new();
  int rc = 0;
  if (!o.buf || !r) {
    rc = -1;
  } else {
    L->read_support_filter_all(r);
    L->read_support_format_tar(r);
    if (L->read_open(r, &o, open_cb, old_read, close_cb) != ARCHIVE_OK) {
      acs__sys_stat st;
      if (acs_sys_fstat(fd, &st) == 0 && st.size == 0) {
        rc = 0; /* an empty file is an empty archive */
      } else {
        tar_msg(t, "This does not look like a tar archive");
        rc = -1;
      }
    } else if (L->filter_code(r, 0) != ARCHIVE_FILTER_NONE) {
      tar_msg(t, "Cannot update compressed archives");
      rc = -1;
    } else {
      struct archive_entry *e;
      int h;
      while ((h = L->read_next_header(r, &e)) == ARCHIVE_OK || h == ARCHIVE_WARN) {
        if (L->write_header(s->a, e) < ARCHIVE_WARN) {
          rc = -1;
          break;
        }
        la_ssize_t n;
        while ((n = L->read_data(r, s->buf, 65536)) > 0)
          if (L->write_data(s->a, s->buf, (size_t)n) < 0) break;
      }
      if (h == ARCHIVE_FATAL) {
        tar_msg(t, "Unexpected EOF in archive");
        rc = -1;
      }
    }
  }
  if (r) L->read_free(r);
  free(o.buf);
  acs_sys_close(fd);
  return rc;
}

static int add_filter(tar *t, struct archive *a)
{
  int f = t->filter;
  if (f == TZ_AUTO) {
    static const struct { const char *suf; int f; } m[] = {
        {".tar.gz", TZ_GZIP}, {".tgz", TZ_GZIP}, {".taz", TZ_GZIP}, {".gz", TZ_GZIP},
        {".tar.bz2", TZ_BZIP2}, {".tbz", TZ_BZIP2}, {".tbz2", TZ_BZIP2}, {".tb2", TZ_BZIP2}, {".bz2", TZ_BZIP2},
        {".tar.xz", TZ_XZ}, {".txz", TZ_XZ}, {".xz", TZ_XZ}, {".tar.zst", TZ_ZSTD}, {".tzst", TZ_ZSTD},
        {".zst", TZ_ZSTD}};
    f = TZ_NONE;
    size_t n = strlen(t->file);
    for (size_t i = 0; i < sizeof m / sizeof *m; i++) {
      size_t k = strlen(m[i].suf);
      if (n > k && !strcmp(t->file + n - k, m[i].suf)) {
        f = m[i].f;
        break;
      }
    }
  }
  /* GNU tar pads the tar stream to its record, not the compressor's
  ** output (zstd refuses trailing zeros) */
  if (f != TZ_NONE) t->L.write_set_bytes_in_last_block(a, 1);
  int r = ARCHIVE_OK;
  const char *name = NULL;
  switch (f) {
  case TZ_GZIP: r = t->L.write_add_filter_gzip(a); name = "gzip"; break;
  case TZ_BZIP2: r = t->L.write_add_filter_bzip2(a); name = "bzip2"; break;
  case TZ_XZ: r = t->L.write_add_filter_xz(a); name = "xz"; break;
  case TZ_ZSTD: r = t->L.write_add_filter_zstd(a); name = "zstd"; break;
  }
  if (r >= ARCHIVE_WARN && name && t->level > 0) {
    char opt[64];
    snprintf(opt, sizeof opt, "%s:compression-level=%d", name, t->level);
    t->L.write_set_options(a, opt);
  }
  return r;
}

int tar_create(tar *t)
{
  larch *L = &t->L;
  char q[1024];
  if (t->nnames == 0 && !t->files_from) {
    tar_msg(t, "Cowardly refusing to create an empty archive");
    cmd_flush(t->c);
    const char *m = "Try 'tar --help' or 'tar --usage' for more information.\n";
    acs_sys_write_all(2, m, strlen(m));
    return 2;
  }
  cstate s = {.t = t, .fd = 1};
  char *tmp = NULL;
  if (t->mode == 'r') {
    if (!strcmp(t->file, "-")) {
      tar_msg(t, "Options '-Aru' are incompatible with '-f -'");
      cmd_flush(t->c);
      const char *m = "Try 'tar --help' or 'tar --usage' for more information.\n";
      acs_sys_write_all(2, m, strlen(m));
      return 2;
    }
    tmp = malloc(strlen(t->file) + 16);
    if (!tmp) return 2;
    sprintf(tmp, "%s.acs-tar-tmp", t->file);
    acs__sys_stat ost;
    if (acs_sys_stat(t->file, &ost) == 0) {
      s.orig_dev = ost.dev;
      s.orig_ino = ost.ino;
      s.orig_known = true;
    }
  }
  if (strcmp(t->file, "-")) {
    s.fd = acs_sys_open(tmp ? tmp : t->file, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (s.fd < 0) {
      tar_msg(t, "%s: Cannot open: %s", tar_q(t->file, q, sizeof q), cmd_strerror(s.fd));
      tar_msg(t, "Error is not recoverable: exiting now");
      return 2;
    }
    acs__sys_stat st;
    if (acs_sys_fstat(s.fd, &st) == 0 && S_ISREG(st.mode)) {
      s.arch_dev = st.dev;
      s.arch_ino = st.ino;
      s.arch_known = true;
    }
  } else {
    t->verbose_to_err = true;
  }
  s.buf = malloc(65536);
  s.a = L->write_new();
  s.e = L->entry_new();
  if (!s.buf || !s.a || !s.e || L->write_set_format_gnutar(s.a) != ARCHIVE_OK || add_filter(t, s.a) < ARCHIVE_WARN ||
      L->write_open(s.a, &s, open_cb, write_cb, close_cb) != ARCHIVE_OK) {
    tar_msg(t, "%s", s.a && L->error_string(s.a) ? L->error_string(s.a) : "cannot start the archive");
    if (s.a) L->write_free(s.a);
    if (s.e) L->entry_free(s.e);
    free(s.buf);
    if (s.fd > 1) acs_sys_close(s.fd);
    return 2;
  }
  bool told = false;
  int fatal = 0;
  if (tmp && copy_old(&s, t->file) < 0) {
    L->write_free(s.a);
    L->entry_free(s.e);
    free(s.buf);
    acs_sys_close(s.fd);
    acs_sys_unlink(tmp);
    free(tmp);
    tar_msg(t, "Error is not recoverable: exiting now");
    return 2;
  }
  for (size_t i = 0; i < t->nnames && !fatal; i++) {
    const char *path = t->names[i];
    fatal = add_path(&s, path, member_name(t, path, &told));
  }
  if (L->write_close(s.a) != ARCHIVE_OK) fatal = -1;
  if (fatal) {
    if (s.werr && s.fd != 1)
      tar_msg(t, "%s: Cannot write: %s", tar_q(t->file, q, sizeof q), cmd_strerror(s.werr));
    else if (!s.werr)
      tar_msg(t, "%s", L->error_string(s.a) ? L->error_string(s.a) : "write error");
    tar_msg(t, "Error is not recoverable: exiting now");
  }
  L->write_free(s.a);
  L->entry_free(s.e);
  for (size_t i = 0; i < s.nlinks; i++) free(s.links[i].name);
  free(s.links);
  free(s.buf);
  if (s.fd > 1) acs_sys_close(s.fd);
  if (tmp) {
    if (fatal || acs_sys_rename(tmp, t->file) < 0) acs_sys_unlink(tmp);
    free(tmp);
  }
  if (fatal) return 2;
  return t->errors ? 2 : 0;
}

/* tarball.c - npm tarballs unpacked with libarchive's reader and our own
** writer. libarchive's own extraction is not used: every path is walked
** component by component from the destination's fd with O_NOFOLLOW, so an
** entry can never write through a link that an earlier entry made, and
** every name and link target is checked before anything is created. */
#include "tarball.h"

#include "../base/base.h"

#include <archive.h>
#include <archive_entry.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* libarchive.so.13's functions (prototypes from archive.h). */
static struct {
  bool ok;
  struct archive *(*read_new)(void);
  int (*support_gzip)(struct archive *);
  int (*support_tar)(struct archive *);
  int (*open_memory)(struct archive *, const void *, size_t);
  int (*next_header)(struct archive *, struct archive_entry **);
  la_ssize_t (*read_data)(struct archive *, void *, size_t);
  int (*read_free)(struct archive *);
  const char *(*error_string)(struct archive *);
  const char *(*pathname)(struct archive_entry *);
  __LA_MODE_T (*filetype)(struct archive_entry *);
  __LA_MODE_T (*perm)(struct archive_entry *);
  la_int64_t (*size)(struct archive_entry *);
  const char *(*symlink)(struct archive_entry *);
  const char *(*hardlink)(struct archive_entry *);
} A;

static bool load_archive_try(void)
{
  void *lib = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return false;
#define SYM(field, name) if (!(*(void **)&A.field = dlsym(lib, name))) return false
  SYM(read_new, "archive_read_new");
  SYM(support_gzip, "archive_read_support_filter_gzip");
  SYM(support_tar, "archive_read_support_format_tar");
  SYM(open_memory, "archive_read_open_memory");
  SYM(next_header, "archive_read_next_header");
  SYM(read_data, "archive_read_data");
  SYM(read_free, "archive_read_free");
  SYM(error_string, "archive_error_string");
  SYM(pathname, "archive_entry_pathname");
  SYM(filetype, "archive_entry_filetype");
  SYM(perm, "archive_entry_perm");
  SYM(size, "archive_entry_size");
  SYM(symlink, "archive_entry_symlink");
  SYM(hardlink, "archive_entry_hardlink");
#undef SYM
  A.ok = true;
  return true;
}

/* Once per process, whichever thread asks first: several runs (acs serve)
** and the package installer's threads may ask at the same time. */
static pthread_once_t load_archive_once = PTHREAD_ONCE_INIT;
static void load_archive_now(void) { A.ok = load_archive_try(); }

static bool load_archive(void)
{
  pthread_once(&load_archive_once, load_archive_now);
  return A.ok;
}

/* The entry's path inside the package: the first component dropped, "."
** and empty components dropped. NULL (with *why) when it may not be. */
static char *package_path(const char *raw, const char **why)
{
  if (!raw || !*raw) { *why = "has no name"; return NULL; }
  if (raw[0] == '/') { *why = "is an absolute path"; return NULL; }
  if (strchr(raw, '\\')) { *why = "holds a backslash"; return NULL; }
  const char *p = strchr(raw, '/');
  if (!p) return acs__strdup(""); /* the top directory itself */
  acs__buf out = {0};
  for (p++; *p;) {
    const char *e = strchr(p, '/');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n == 2 && p[0] == '.' && p[1] == '.') {
      acs__buf_free(&out);
      *why = "leaves the package ('..')";
      return NULL;
    }
    if (n && !(n == 1 && p[0] == '.')) {
      if (out.len) acs__buf_append(&out, "/", 1);
      acs__buf_append(&out, p, n);
    }
    p += n + (e ? 1 : 0);
  }
  return out.data ? acs__buf_take(&out, NULL) : acs__strdup("");
}

/* Open the directory that holds `rel`'s last component, creating the
** directories on the way, never following a link. Returns an fd (or -1 with
** errno) and points *leaf at the last component. */
static int open_parent(int root, const char *rel, const char **leaf)
{
  int cur = dup(root);
  const char *p = rel;
  for (;;) {
    const char *slash = strchr(p, '/');
    if (!slash) break;
    char name[256];
    size_t n = (size_t)(slash - p);
    if (n >= sizeof name) { close(cur); errno = ENAMETOOLONG; return -1; }
    memcpy(name, p, n);
    name[n] = 0;
    int next = openat(cur, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0 && errno == ENOENT) {
      if (mkdirat(cur, name, 0755) < 0 && errno != EEXIST) { close(cur); return -1; }
      next = openat(cur, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    close(cur);
    if (next < 0) return -1;
    cur = next;
    p = slash + 1;
  }
  *leaf = p;
  return cur;
}

/* A link target that stays in the package: relative, without "..", so it
** resolves at or below its own directory, hop after hop. */
static bool link_target_ok(const char *t)
{
  if (!t || !*t || t[0] == '/' || strchr(t, '\\')) return false;
  for (const char *p = t; *p;) {
    const char *e = strchr(p, '/');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n == 2 && p[0] == '.' && p[1] == '.') return false;
    p += n + (e ? 1 : 0);
  }
  return true;
}

static int fail(acs_err *err, const char *what, const char *entry, const char *why)
{
  return acs__fail(err, ACS_EENV, ACS__ENV, "package %s: tarball entry '%s' %s; the package was not installed",
                   what, entry ? entry : "?", why);
}

static int write_file(struct archive *ar, int parent, const char *leaf, mode_t mode, uint64_t max_file,
                      uint64_t *total, uint64_t max_total, const char *what, const char *entry, acs_err *err)
{
  int fd = openat(parent, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  if (fd < 0 && errno == EEXIST) {
    /* A later entry of the same name wins, as tar has it; never through a
    ** link: the old entry is removed, not opened. */
    struct stat st;
    if (fstatat(parent, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode))
      return fail(err, what, entry, "replaces a directory");
    unlinkat(parent, leaf, 0);
    fd = openat(parent, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  }
  if (fd < 0) return acs__fail(err, ACS_EENV, ACS__ENV, "package %s: cannot write '%s': %s", what, entry,
                               strerror(errno));
  char buf[65536];
  uint64_t size = 0;
  int rc = 0;
  for (;;) {
    la_ssize_t n = A.read_data(ar, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      rc = acs__fail(err, ACS_EENV, ACS__ENV, "package %s: the tarball is damaged at '%s': %s", what, entry,
                     A.error_string(ar) ? A.error_string(ar) : "read error");
      break;
    }
    size += (uint64_t)n;
    *total += (uint64_t)n;
    if (size > max_file) { rc = fail(err, what, entry, "is larger than the limit for one file"); break; }
    if (*total > max_total) { rc = fail(err, what, entry, "takes the package past its size limit"); break; }
    if (acs__write_all(fd, buf, (size_t)n)) {
      rc = acs__fail(err, ACS_EENV, ACS__ENV, "package %s: cannot write '%s': %s", what, entry, strerror(errno));
      break;
    }
  }
  close(fd);
  return rc;
}

int acs__tar_extract(const void *tgz, size_t len, const char *dest, const char *what,
                     const acs__tar_limits *lim, acs_err *err)
{
  if (!load_archive())
    return acs__fail(err, ACS_EENV, ACS__ENV,
                     "npm packages are unavailable: libarchive.so.13 could not be loaded (install "
                     "libarchive13 with scripts/deps.sh)");
  uint64_t max_total = lim && lim->max_bytes ? lim->max_bytes : (uint64_t)512 << 20;
  uint64_t max_file = lim && lim->max_file ? lim->max_file : (uint64_t)256 << 20;
  uint32_t max_entries = lim && lim->max_entries ? lim->max_entries : 100000;
  int root = open(dest, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (root < 0)
    return acs__fail(err, ACS_EENV, ACS__ENV, "package %s: cannot open '%s': %s", what, dest, strerror(errno));
  struct archive *ar = A.read_new();
  if (!ar) { close(root); return ACS_ENOMEM; }
  A.support_gzip(ar);
  A.support_tar(ar);
  int rc = 0;
  if (A.open_memory(ar, tgz, len) != ARCHIVE_OK)
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "package %s: the tarball cannot be read: %s", what,
                   A.error_string(ar) ? A.error_string(ar) : "not a gzip'd tar");
  uint64_t total = 0;
  uint32_t entries = 0;
  struct archive_entry *e;
  int last_fd = -1;
  char last_dir[4096];
  size_t last_len = 0;
  while (!rc) {
    int r = A.next_header(ar, &e);
    if (r == ARCHIVE_EOF) break;
    if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
      rc = acs__fail(err, ACS_EENV, ACS__ENV, "package %s: the tarball is damaged: %s", what,
                     A.error_string(ar) ? A.error_string(ar) : "bad header");
      break;
    }
    const char *raw = A.pathname(e);
    if (++entries > max_entries) { rc = fail(err, what, raw, "is past the limit on the number of entries"); break; }
    const char *why = NULL;
    char *rel = package_path(raw, &why);
    if (!rel) { rc = fail(err, what, raw, why); break; }
    __LA_MODE_T type = A.filetype(e);
    const char *hard = A.hardlink(e);
    if (!*rel) { /* the top directory */
      free(rel);
      continue;
    }
    const char *leaf;
    /* A directory's own components are all made: walk "dir/" to its end. */
    char *walk = NULL;
    if (type == AE_IFDIR && asprintf(&walk, "%s/", rel) < 0) walk = NULL;
    /* Entries come directory by directory: the last file's directory is
    ** kept open, which saves a walk from the root per file. It stays the
    ** directory at that path: nothing here removes a directory, and an
    ** entry cannot turn one into a link or a file. */
    const char *slash = strrchr(rel, '/');
    size_t dl = slash ? (size_t)(slash - rel) : 0;
    int parent;
    if (!walk && last_fd >= 0 && last_len == dl && !strncmp(last_dir, rel, dl)) {
      parent = dup(last_fd);
      leaf = slash ? slash + 1 : rel;
    } else {
      parent = open_parent(root, walk ? walk : rel, &leaf);
      if (!walk && parent >= 0 && dl < sizeof last_dir) {
        if (last_fd >= 0) close(last_fd);
        last_fd = dup(parent);
        memcpy(last_dir, rel, dl);
        last_len = dl;
      }
    }
    if (parent < 0) {
      rc = fail(err, what, raw, errno == ELOOP || errno == ENOTDIR ? "goes through a link or a file"
                                                                    : "cannot be created");
      free(walk);
      free(rel);
      break;
    }
    if (hard) {
      char *target = package_path(hard, &why);
      if (!target || !*target || !link_target_ok(target))
        rc = fail(err, what, raw, "is a hard link that leaves the package");
      else if (linkat(root, target, parent, leaf, 0) < 0)
        rc = fail(err, what, raw, "is a hard link to a file the package does not hold");
      free(target);
    } else if (type == AE_IFDIR) {
      /* made by open_parent */
    } else if (type == AE_IFREG) {
      mode_t mode = (A.perm(e) & 0111) ? 0755 : 0644;
      rc = write_file(ar, parent, leaf, mode, max_file, &total, max_total, what, raw, err);
    } else if (type == AE_IFLNK) {
      const char *t = A.symlink(e);
      if (!link_target_ok(t)) rc = fail(err, what, raw, "is a symbolic link that leaves its directory");
      else if (symlinkat(t, parent, leaf) < 0) rc = fail(err, what, raw, "cannot be created");
    } else {
      rc = fail(err, what, raw, "is a device, FIFO or socket, which packages may not hold");
    }
    close(parent);
    free(walk);
    free(rel);
  }
  A.read_free(ar);
  if (last_fd >= 0) close(last_fd);
  close(root);
  return rc;
}

/* mcp_files.c - read_file, write_file, list_files: the work dir as the
** model sees it between runs.
**
** Every path goes through the vfs with the work dir as its only mount: the
** walk opens one component at a time with O_NOFOLLOW and resolves symbolic
** links itself, so `..`, absolute paths and links can lead anywhere inside
** the work dir but never out of it, even if a run swaps a link meanwhile.
** A path that would leave is refused with a message saying so. Called on
** the reader thread only (the vfs remembers its last failure). */
#include "mcp.h"

#include "../vfs/vfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_READ ((size_t)1 << 20)
#define MAX_LIST 1000     /* names shown by list_files */
#define MAX_COLLECT 100000 /* names sorted; beyond that only counted */

static json_t *path_error(acs__mcp *m, const char *path, int rc)
{
  if (acs__vfs_outside(m->vfs))
    return acs__mcp_tool_error("refused: '%s' is outside the work dir. Paths are relative to the "
                               "work dir (%s); '..', absolute paths and symbolic links may not "
                               "lead out of it.", path, m->work_dir);
  switch (rc) {
  case -ENOENT:
    return acs__mcp_tool_error("'%s' does not exist (list_files shows what is there)", path);
  case -ENOTDIR:
    return acs__mcp_tool_error("'%s': a part of the path is a file, not a directory", path);
  case -EISDIR:
  case -EBUSY:
    return acs__mcp_tool_error("'%s' is a directory: use list_files", path);
  case -ELOOP:
    return acs__mcp_tool_error("'%s': too many levels of symbolic links", path);
  default:
    return acs__mcp_tool_error("'%s': %s", path, strerror(-rc));
  }
}

/* The path argument as an absolute path for the vfs (malloc'd), or NULL
** with *fail set. */
static char *guest_path(acs__mcp *m, json_t *args, const char *deflt, const char **shown,
                        json_t **fail)
{
  const char *p;
  if (acs__mcp_string_arg(args, "path", !deflt, &p, fail)) return NULL;
  if (!p || !*p) p = deflt;
  if (!p) {
    *fail = acs__mcp_tool_error("path must not be empty: give a file name relative to the work dir");
    return NULL;
  }
  *shown = p;
  char *g = acs__vfs_abs(m->work_dir, p);
  if (!g) *fail = acs__mcp_tool_error("out of memory");
  return g;
}

/* ------------------------------------------------------------ read_file */

static bool is_text(const char *s, size_t len)
{
  if (memchr(s, 0, len)) return false;
  size_t n;
  char *clean = acs__utf8_sanitize(s, len, &n);
  bool same = clean && n == len && !memcmp(clean, s, len);
  free(clean);
  return same;
}

json_t *acs__mcp_read_file(acs__mcp *m, json_t *args)
{
  static const char *const known[] = {"path", NULL};
  const char *shown = NULL;
  json_t *fail = acs__mcp_check_names(args, "read_file", known);
  char *g = fail ? NULL : guest_path(m, args, NULL, &shown, &fail);
  if (!g) return fail;
  int fd = -1;
  /* O_NONBLOCK: a FIFO must not hang the server; it is refused below */
  int rc = acs__vfs_open(m->vfs, g, O_RDONLY | O_NONBLOCK, 0, &fd, NULL);
  free(g);
  if (rc) return path_error(m, shown, rc);
  struct stat st;
  json_t *out = NULL;
  char *data = NULL;
  if (fstat(fd, &st) < 0) {
    out = path_error(m, shown, -errno);
  } else if (S_ISDIR(st.st_mode)) {
    out = acs__mcp_tool_error("'%s' is a directory: use list_files", shown);
  } else if (!S_ISREG(st.st_mode)) {
    out = acs__mcp_tool_error("'%s' is not a regular file", shown);
  } else if ((size_t)st.st_size > MAX_READ) {
    out = acs__mcp_tool_error("'%s' is %lld bytes; read_file returns at most %zu. Read parts of it "
                              "with run_code (node:fs).", shown, (long long)st.st_size, MAX_READ);
  } else if (!(data = malloc(MAX_READ + 1))) {
    out = acs__mcp_tool_error("out of memory");
  } else {
    size_t len = 0;
    for (;;) {
      ssize_t n = read(fd, data + len, MAX_READ + 1 - len);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      len += (size_t)n;
      if (len > MAX_READ) break;
    }
    if (len > MAX_READ)
      out = acs__mcp_tool_error("'%s' is over %zu bytes; read parts of it with run_code (node:fs).",
                                shown, MAX_READ);
    else if (!is_text(data, len))
      out = acs__mcp_tool_error("'%s' is binary (not UTF-8 text); read_file returns text only. "
                                "Inspect it with run_code (node:fs, Buffer).", shown);
    else
      out = acs__mcp_text_result(false, data, len);
  }
  free(data);
  close(fd);
  return out;
}

/* ------------------------------------------------------------ write_file */

/* mkdir -p for the directories above g; failures are left to the open
** that follows, which names them. */
static void make_parents(acs__mcp *m, char *g)
{
  for (char *s = strchr(g + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = 0;
    (void)acs__vfs_mkdir(m->vfs, g, 0755);
    *s = '/';
  }
}

json_t *acs__mcp_write_file(acs__mcp *m, json_t *args)
{
  static const char *const known[] = {"path", "content", NULL};
  const char *shown = NULL, *content = NULL;
  json_t *fail = acs__mcp_check_names(args, "write_file", known);
  json_t *cv = json_object_get(args, "content");
  /* content is taken by its length: NUL bytes are content too */
  if (!fail && !json_is_string(cv))
    fail = acs__mcp_tool_error(cv ? "argument 'content' must be a string"
                                  : "missing argument 'content' (a string)");
  content = fail ? NULL : json_string_value(cv);
  char *g = fail ? NULL : guest_path(m, args, NULL, &shown, &fail);
  if (!g) return fail;
  int fd = -1, flags = O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK;
  int rc = acs__vfs_open(m->vfs, g, flags, 0644, &fd, NULL);
  if (rc == -ENOENT && !acs__vfs_outside(m->vfs)) {
    make_parents(m, g);
    rc = acs__vfs_open(m->vfs, g, flags, 0644, &fd, NULL);
  }
  free(g);
  if (rc) return path_error(m, shown, rc);
  struct stat st;
  size_t len = json_string_length(cv);
  json_t *out;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
    out = acs__mcp_tool_error("'%s' is not a regular file", shown);
  else if ((rc = acs__write_all(fd, content, len)) != 0)
    out = acs__mcp_tool_error("writing '%s' failed: %s", shown, strerror(-rc));
  else
    out = NULL;
  if (close(fd) < 0 && !out)
    out = acs__mcp_tool_error("writing '%s' failed: %s", shown, strerror(errno));
  if (out) return out;
  char msg[200];
  int n = snprintf(msg, sizeof msg, "wrote %zu bytes to ", len);
  acs__buf b = {0};
  acs__buf_append(&b, msg, (size_t)n);
  acs__buf_puts(&b, shown);
  out = acs__mcp_text_result(false, b.data ? b.data : "", b.len);
  acs__buf_free(&b);
  return out;
}

/* ------------------------------------------------------------ list_files */

typedef struct entry {
  char *name;
  unsigned char type;
} entry;

typedef struct listing {
  entry *e;
  size_t n, cap, more; /* more: entries beyond MAX_COLLECT */
} listing;

static int collect(void *user, const char *name, unsigned char type)
{
  listing *l = user;
  if (l->n == MAX_COLLECT) {
    l->more++;
    return 0;
  }
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    entry *e = realloc(l->e, cap * sizeof *e);
    if (!e) return -ENOMEM;
    l->e = e;
    l->cap = cap;
  }
  if (!(l->e[l->n].name = strdup(name))) return -ENOMEM;
  l->e[l->n++].type = type;
  return 0;
}

static int by_name(const void *a, const void *b)
{
  return strcmp(((const entry *)a)->name, ((const entry *)b)->name);
}

/* One line: the name, "/" for a directory (also through a link inside the
** work dir), a note for a link that leads out. */
static void list_line(acs__mcp *m, acs__buf *b, const char *dir, const entry *e)
{
  acs__buf_puts(b, e->name);
  bool is_dir = e->type == DT_DIR;
  if (e->type == DT_LNK || e->type == DT_UNKNOWN) {
    acs__buf child = {0};
    acs__buf_printf(&child, "%s/%s", dir, e->name);
    struct stat st;
    int rc = child.data ? acs__vfs_stat(m->vfs, child.data, true, &st) : -ENOMEM;
    if (!rc) is_dir = S_ISDIR(st.st_mode);
    else if (acs__vfs_outside(m->vfs)) acs__buf_puts(b, " (symbolic link leading outside the work dir)");
    acs__buf_free(&child);
  }
  acs__buf_puts(b, is_dir ? "/\n" : "\n");
}

json_t *acs__mcp_list_files(acs__mcp *m, json_t *args)
{
  static const char *const known[] = {"path", NULL};
  const char *shown = NULL;
  json_t *fail = acs__mcp_check_names(args, "list_files", known);
  char *g = fail ? NULL : guest_path(m, args, ".", &shown, &fail);
  if (!g) return fail;
  listing l = {0};
  int rc = acs__vfs_readdir(m->vfs, g, collect, &l);
  json_t *out;
  if (rc == -ENOTDIR) {
    out = acs__mcp_tool_error("'%s' is a file, not a directory: use read_file", shown);
  } else if (rc) {
    out = path_error(m, shown, rc);
  } else {
    qsort(l.e, l.n, sizeof *l.e, by_name);
    acs__buf b = {0};
    size_t shown_n = l.n < MAX_LIST ? l.n : MAX_LIST;
    for (size_t i = 0; i < shown_n; i++) list_line(m, &b, g, &l.e[i]);
    if (l.n + l.more > shown_n)
      acs__buf_printf(&b, "... and %zu more\n", l.n + l.more - shown_n);
    if (!l.n) acs__buf_puts(&b, "(empty directory)\n");
    out = acs__mcp_text_result(false, b.data ? b.data : "", b.len);
    acs__buf_free(&b);
  }
  for (size_t i = 0; i < l.n; i++) free(l.e[i].name);
  free(l.e);
  free(g);
  return out;
}

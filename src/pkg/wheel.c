/* wheel.c - a wheel unpacked as pip installs it (wheel.h). The zip is read
** here from its central directory with zlib's raw inflate; nothing of the
** archive decides where a file lands but its checked name, and nothing is
** written through a link (none are made, O_NOFOLLOW everywhere). */
#include "wheel.h"

#include "../base/base.h"
#include "tarball.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define MAX_FILE ((uint64_t)256 << 20)
#define MAX_TOTAL ((uint64_t)1 << 30)
#define MAX_ENTRIES 100000u

static uint16_t u16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

typedef struct ent {
  char *name;
  uint16_t method, flags;
  uint32_t crc, csize, usize, off, attr;
  uint8_t os;
} ent;

typedef struct row {
  char *path; /* relative to site-packages, as RECORD has it */
  char hash[64];
  size_t size;
} row;

typedef struct job {
  const char *dest, *python;
  row *rows;
  size_t nrows, caprows;
  uint64_t total;
  char *why;
  size_t why_cap;
} job;

static bool fail(job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(job *j, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(j->why, j->why_cap, fmt, ap);
  va_end(ap);
  return false;
}

static void b64url(const unsigned char *d, size_t n, char *out)
{
  static const char al[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  size_t k = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)d[i] << 16 | (i + 1 < n ? (uint32_t)d[i + 1] << 8 : 0) | (i + 2 < n ? d[i + 2] : 0);
    out[k++] = al[v >> 18 & 63];
    out[k++] = al[v >> 12 & 63];
    if (i + 1 < n) out[k++] = al[v >> 6 & 63];
    if (i + 2 < n) out[k++] = al[v & 63];
  }
  out[k] = 0;
}

static bool mkdirs_under(const char *path)
{
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s", path);
  for (char *p = tmp + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      if (mkdir(tmp, 0755) < 0 && errno != EEXIST) return false;
      *p = '/';
    }
  return true;
}

/* Write one file at dest/where/rel (where: "site" or "prefix") and record
** it as RECORD names it from site-packages. */
static bool put(job *j, const char *where, const char *rel, const void *data, size_t len, bool exec)
{
  char path[4096];
  if (snprintf(path, sizeof path, "%s/%s/%s", j->dest, where, rel) >= (int)sizeof path) return fail(j, "the name '%s' is too long", rel);
  if (!mkdirs_under(path)) return fail(j, "cannot create the folders of %s: %s", rel, strerror(errno));
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, exec ? 0755 : 0644);
  if (fd < 0) return fail(j, errno == EEXIST ? "'%s' is in the wheel twice" : "cannot write %s: %s", rel, strerror(errno));
  bool ok = acs__write_all(fd, data, len) == 0;
  close(fd);
  if (!ok) return fail(j, "cannot write %s: %s", rel, strerror(errno));
  if (j->nrows == j->caprows) {
    size_t cap = j->caprows ? j->caprows * 2 : 64;
    row *nr = realloc(j->rows, cap * sizeof *nr);
    if (!nr) return fail(j, "out of memory");
    j->rows = nr, j->caprows = cap;
  }
  row *r = &j->rows[j->nrows];
  if (asprintf(&r->path, "%s%s", strcmp(where, "site") ? "../../../" : "", rel) < 0) return fail(j, "out of memory");
  unsigned char d[32];
  if (!acs__sha256(data, len, d)) return fail(j, "libcrypto.so.3 could not be loaded (install libssl3)");
  memcpy(r->hash, "sha256=", 7);
  b64url(d, 32, r->hash + 7);
  r->size = len;
  j->nrows++;
  return true;
}

/* A name the wheel may hold: relative, no "..", ".", empty parts,
** backslashes or control characters. */
static bool name_ok(const char *n)
{
  if (!*n || *n == '/' || strlen(n) > 1000) return false;
  for (const char *p = n; *p; p++)
    if (*p == '\\' || (unsigned char)*p < 0x20) return false;
  for (const char *p = n; *p;) {
    size_t l = strcspn(p, "/");
    if (l == 0 && p[l]) return false;
    if ((l == 1 && p[0] == '.') || (l == 2 && p[0] == '.' && p[1] == '.')) return false;
    p += l;
    if (*p) p++;
  }
  return true;
}

static bool inflate_ent(job *j, const unsigned char *z, size_t zlen, const ent *e, unsigned char **out)
{
  *out = NULL;
  if (e->off > zlen || zlen - e->off < 30 || u32(z + e->off) != 0x04034b50) return fail(j, "'%s': its local header is damaged", e->name);
  size_t data = (size_t)e->off + 30 + u16(z + e->off + 26) + u16(z + e->off + 28);
  if (data > zlen || zlen - data < e->csize) return fail(j, "'%s' runs past the end of the wheel", e->name);
  if (e->usize > MAX_FILE) return fail(j, "'%s' is %u bytes, over the 256 MiB a file may have", e->name, e->usize);
  if (j->total + e->usize > MAX_TOTAL) return fail(j, "the wheel unpacks to more than 1 GiB");
  unsigned char *buf = malloc(e->usize + 1);
  if (!buf) return fail(j, "out of memory");
  if (e->method == 0) {
    if (e->csize != e->usize) {
      free(buf);
      return fail(j, "'%s': its stored size does not match", e->name);
    }
    memcpy(buf, z + data, e->usize);
  } else if (e->method == 8) {
    z_stream s = {0};
    if (inflateInit2(&s, -15) != Z_OK) {
      free(buf);
      return fail(j, "zlib failed");
    }
    s.next_in = (unsigned char *)(z + data);
    s.avail_in = e->csize;
    s.next_out = buf;
    s.avail_out = e->usize + 1; /* one byte more: a lying size shows */
    int rc = inflate(&s, Z_FINISH);
    size_t got = s.total_out;
    inflateEnd(&s);
    if (rc != Z_STREAM_END || got != e->usize) {
      free(buf);
      return fail(j, "'%s' does not inflate to the %u bytes its header says", e->name, e->usize);
    }
  } else {
    free(buf);
    return fail(j, "'%s' uses zip compression method %u (only stored and deflate are read)", e->name, e->method);
  }
  if (crc32(0, buf, e->usize) != (uLong)e->crc) {
    free(buf);
    return fail(j, "'%s' fails its CRC-32", e->name);
  }
  j->total += e->usize;
  *out = buf;
  return true;
}

/* "#!python" scripts get the box's interpreter, as pip's fix_script does */
static bool put_script(job *j, const char *rel, unsigned char *data, size_t len)
{
  if (len >= 8 && !memcmp(data, "#!python", 8)) {
    unsigned char *nl = memchr(data, '\n', len);
    size_t rest = nl ? len - (size_t)(nl + 1 - data) : 0;
    acs__buf b = {0};
    acs__buf_printf(&b, "#!%s\n", j->python);
    if (rest) acs__buf_append(&b, nl + 1, rest);
    bool ok = put(j, "prefix", rel, b.data ? b.data : "", b.len, true);
    acs__buf_free(&b);
    return ok;
  }
  return put(j, "prefix", rel, data, len, true);
}

/* console_scripts and gui_scripts of entry_points.txt, as pip's
** ScriptMaker writes them. */
static bool entry_points(job *j, const char *text)
{
  bool on = false;
  for (const char *p = text; p && *p;) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
    p = e ? e + 1 : NULL;
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    size_t l = strlen(s);
    while (l && isspace((unsigned char)s[l - 1])) s[--l] = 0;
    if (!*s || *s == '#' || *s == ';') continue;
    if (*s == '[') {
      on = !strcmp(s, "[console_scripts]") || !strcmp(s, "[gui_scripts]");
      continue;
    }
    if (!on) continue;
    char *eq = strchr(s, '=');
    if (!eq) continue;
    char name[256], mod[512], attr[512];
    char *ne = eq;
    while (ne > s && isspace((unsigned char)ne[-1])) ne--;
    snprintf(name, sizeof name, "%.*s", (int)(ne - s), s);
    char *v = eq + 1;
    while (isspace((unsigned char)*v)) v++;
    char *br = strchr(v, '[');
    if (br) *br = 0;
    l = strlen(v);
    while (l && isspace((unsigned char)v[l - 1])) v[--l] = 0;
    char *colon = strchr(v, ':');
    if (!colon) return fail(j, "Invalid script entry point: %s = %s - A callable suffix is required.", name, v);
    snprintf(mod, sizeof mod, "%.*s", (int)(colon - v), v);
    char *a = colon + 1;
    while (isspace((unsigned char)*a)) a++;
    snprintf(attr, sizeof attr, "%s", a);
    char *me = mod + strlen(mod);
    while (me > mod && isspace((unsigned char)me[-1])) *--me = 0;
    if (!name_ok(name) || strchr(name, '/')) return fail(j, "the entry point name '%s' is not a file name", name);
    char imp[512];
    snprintf(imp, sizeof imp, "%.*s", (int)strcspn(attr, "."), attr);
    acs__buf b = {0};
    acs__buf_printf(&b,
                    "#!%s\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom %s import %s\n"
                    "if __name__ == '__main__':\n    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
                    "    sys.exit(%s())\n",
                    j->python, mod, imp, attr);
    char rel[300];
    snprintf(rel, sizeof rel, "bin/%s", name);
    /* an entry point replaces a script of the same name */
    char path[4400];
    snprintf(path, sizeof path, "%s/prefix/%s", j->dest, rel);
    if (unlink(path) == 0)
      for (size_t i = 0; i < j->nrows; i++)
        if (!strncmp(j->rows[i].path, "../../../", 9) && !strcmp(j->rows[i].path + 9, rel)) {
          free(j->rows[i].path);
          j->rows[i] = j->rows[--j->nrows];
          break;
        }
    bool ok = put(j, "prefix", rel, b.data, b.len, true);
    acs__buf_free(&b);
    if (!ok) return false;
  }
  return true;
}

static int row_cmp(const void *a, const void *b) { return strcmp(((const row *)a)->path, ((const row *)b)->path); }

bool acs__wheel_unpack(const unsigned char *z, size_t zlen, const char *dest, const char *python, char **dist_info,
                       char *why, size_t why_cap)
{
  *dist_info = NULL;
  job j = {.dest = dest, .python = python, .why = why, .why_cap = why_cap};
  /* the end of central directory record, within the last 64 KiB */
  size_t eocd = SIZE_MAX;
  for (size_t i = zlen >= 22 ? zlen - 22 : 0; zlen >= 22; i--) {
    if (u32(z + i) == 0x06054b50) {
      eocd = i;
      break;
    }
    if (i == 0 || zlen - i > 65557) break;
  }
  if (eocd == SIZE_MAX) return fail(&j, "it is not a zip file");
  uint32_t count = u16(z + eocd + 10), cdsize = u32(z + eocd + 12), cdoff = u32(z + eocd + 16);
  if (count == 0xffff || cdoff == 0xffffffffu) return fail(&j, "it is a ZIP64 archive, which the box does not read");
  if (cdoff > zlen || zlen - cdoff < cdsize) return fail(&j, "its central directory is damaged");
  if (count > MAX_ENTRIES) return fail(&j, "it has %u entries, more than %u", count, MAX_ENTRIES);
  ent *es = calloc(count + 1, sizeof *es);
  if (!es) return fail(&j, "out of memory");
  bool ok = true;
  size_t p = cdoff, n = 0;
  char *info = NULL; /* "x-1.0.dist-info" */
  for (uint32_t i = 0; ok && i < count; i++) {
    if (p + 46 > zlen || u32(z + p) != 0x02014b50) {
      ok = fail(&j, "its central directory is damaged");
      break;
    }
    ent *e = &es[n];
    e->os = z[p + 5];
    e->flags = u16(z + p + 8);
    e->method = u16(z + p + 10);
    e->crc = u32(z + p + 16);
    e->csize = u32(z + p + 20);
    e->usize = u32(z + p + 24);
    uint16_t nl = u16(z + p + 28), xl = u16(z + p + 30), cl = u16(z + p + 32);
    e->attr = u32(z + p + 38);
    e->off = u32(z + p + 42);
    if (p + 46 + nl > zlen) {
      ok = fail(&j, "its central directory is damaged");
      break;
    }
    e->name = strndup((const char *)z + p + 46, nl);
    p += 46u + nl + xl + cl;
    n++;
    if (!e->name) ok = fail(&j, "out of memory");
    else if (strlen(e->name) != nl || !name_ok(e->name)) ok = fail(&j, "the entry '%s' would land outside site-packages", e->name);
    else if (e->os == 3 && ((e->attr >> 16) & S_IFMT) == S_IFLNK) ok = fail(&j, "the entry '%s' is a symbolic link", e->name);
    else if (e->os == 3 && ((e->attr >> 16) & S_IFMT) && ((e->attr >> 16) & S_IFMT) != S_IFREG && ((e->attr >> 16) & S_IFMT) != S_IFDIR)
      ok = fail(&j, "the entry '%s' is not a file or folder", e->name);
    else if (e->flags & 1) ok = fail(&j, "the entry '%s' is encrypted", e->name);
    else if (e->csize == 0xffffffffu || e->usize == 0xffffffffu || e->off == 0xffffffffu)
      ok = fail(&j, "the entry '%s' needs ZIP64, which the box does not read", e->name);
    else {
      const char *sl = strchr(e->name, '/');
      size_t tl = sl ? (size_t)(sl - e->name) : 0;
      if (sl && !strcmp(sl, "/METADATA") && tl > 10 && !strncmp(e->name + tl - 10, ".dist-info", 10)) {
        if (info) ok = fail(&j, "it has more than one .dist-info folder");
        else info = strndup(e->name, tl);
      }
    }
  }
  if (ok && !info) ok = fail(&j, "it has no .dist-info folder with METADATA");
  char data_dir[300] = "";
  if (ok) snprintf(data_dir, sizeof data_dir, "%.*s.data/", (int)(strlen(info) - 10), info);
  char *ep_text = NULL;
  for (size_t i = 0; ok && i < n; i++) {
    ent *e = &es[i];
    size_t l = strlen(e->name);
    if (e->name[l - 1] == '/') continue; /* folders come with their files */
    char rec[1100];
    snprintf(rec, sizeof rec, "%s/RECORD", info);
    bool skip_it = !strcmp(e->name, rec);
    snprintf(rec, sizeof rec, "%s/INSTALLER", info);
    skip_it = skip_it || !strcmp(e->name, rec);
    snprintf(rec, sizeof rec, "%s/REQUESTED", info);
    skip_it = skip_it || !strcmp(e->name, rec);
    snprintf(rec, sizeof rec, "%s/RECORD.jws", info);
    skip_it = skip_it || !strcmp(e->name, rec);
    if (skip_it) continue;
    unsigned char *buf;
    if (!(ok = inflate_ent(&j, z, zlen, e, &buf))) break;
    bool exec = e->os == 3 && ((e->attr >> 16) & 0111);
    if (!strncmp(e->name, data_dir, strlen(data_dir))) {
      const char *s = e->name + strlen(data_dir);
      const char *rest = strchr(s, '/');
      char rel[1200];
      if (!rest || !rest[1]) ok = fail(&j, "the entry '%s' is not in a scheme of the .data folder", e->name);
      else if (!strncmp(s, "purelib/", 8) || !strncmp(s, "platlib/", 8)) ok = put(&j, "site", rest + 1, buf, e->usize, exec);
      else if (!strncmp(s, "scripts/", 8)) {
        snprintf(rel, sizeof rel, "bin/%s", rest + 1);
        ok = put_script(&j, rel, buf, e->usize);
      } else if (!strncmp(s, "data/", 5)) ok = put(&j, "prefix", rest + 1, buf, e->usize, exec);
      else if (!strncmp(s, "headers/", 8)) {
        snprintf(rel, sizeof rel, "include/python3.11/%.*s/%s", (int)(strlen(info) - 10), info, rest + 1);
        ok = put(&j, "prefix", rel, buf, e->usize, exec);
      } else ok = fail(&j, "the entry '%s' is in an unknown scheme of the .data folder", e->name);
    } else {
      ok = put(&j, "site", e->name, buf, e->usize, exec);
      char epn[1100];
      snprintf(epn, sizeof epn, "%s/entry_points.txt", info);
      if (ok && !strcmp(e->name, epn)) {
        buf[e->usize] = 0;
        ep_text = strdup((char *)buf);
      }
    }
    free(buf);
  }
  if (ok && ep_text) ok = entry_points(&j, ep_text);
  free(ep_text);
  if (ok) {
    char rel[1100];
    snprintf(rel, sizeof rel, "%s/INSTALLER", info);
    ok = put(&j, "site", rel, "pip\n", 4, false);
  }
  if (ok) {
    /* RECORD itself is listed without a hash; pip sorts the rows */
    qsort(j.rows, j.nrows, sizeof *j.rows, row_cmp);
    acs__buf b = {0};
    char self[1100];
    snprintf(self, sizeof self, "%s/RECORD", info);
    bool put_self = false;
    for (size_t i = 0; i <= j.nrows; i++) {
      if (!put_self && (i == j.nrows || strcmp(self, j.rows[i].path) < 0)) {
        acs__buf_printf(&b, "%s,,\n", self);
        put_self = true;
      }
      if (i == j.nrows) break;
      const char *pp = j.rows[i].path;
      bool q = strpbrk(pp, ",\"\r\n") != NULL;
      if (q) {
        acs__buf_puts(&b, "\"");
        for (const char *c = pp; *c; c++) acs__buf_append(&b, *c == '"' ? "\"\"" : c, *c == '"' ? 2 : 1);
        acs__buf_puts(&b, "\"");
      } else acs__buf_puts(&b, pp);
      acs__buf_printf(&b, ",%s,%zu\n", j.rows[i].hash, j.rows[i].size);
    }
    char path[4400];
    snprintf(path, sizeof path, "%s/site/%s", dest, self);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0 || acs__write_all(fd, b.data ? b.data : "", b.len)) ok = fail(&j, "cannot write %s: %s", self, strerror(errno));
    if (fd >= 0) close(fd);
    acs__buf_free(&b);
  }
  for (size_t i = 0; i < n; i++) free(es[i].name);
  free(es);
  for (size_t i = 0; i < j.nrows; i++) free(j.rows[i].path);
  free(j.rows);
  if (ok) *dist_info = info;
  else free(info);
  return ok;
}

bool acs__wheel_tags_fit(const char *filename)
{
  size_t l = strlen(filename);
  if (l < 5 || strcmp(filename + l - 4, ".whl")) return false;
  char base[512];
  snprintf(base, sizeof base, "%.*s", (int)(l - 4), filename);
  /* name-version(-build)?-python-abi-platform */
  char *f[8];
  int nf = 0;
  for (char *s = base, *t; nf < 8 && (t = strsep(&s, "-"));) f[nf++] = t;
  if (nf != 5 && nf != 6) return false;
  const char *py = f[nf - 3], *abi = f[nf - 2], *plat = f[nf - 1];
  if (strcmp(plat, "any")) return false;
  bool abi_ok = false;
  char abis[128];
  snprintf(abis, sizeof abis, "%s", abi);
  for (char *s = abis, *t; (t = strsep(&s, "."));) abi_ok = abi_ok || !strcmp(t, "none");
  if (!abi_ok) return false;
  char pys[128];
  snprintf(pys, sizeof pys, "%s", py);
  for (char *s = pys, *t; (t = strsep(&s, "."));) {
    if (!strcmp(t, "py3") || !strcmp(t, "cp311")) return true;
    if (!strncmp(t, "py3", 3) && isdigit((unsigned char)t[3])) {
      int minor = atoi(t + 3);
      if (minor <= 11) return true;
    }
  }
  return false;
}
